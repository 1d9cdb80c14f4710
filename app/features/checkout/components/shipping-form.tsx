import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { Form } from "~/components/router-links";
import { ErrorSummary, TextField, tKey } from "~/components/ui/form-fields";
import { useHydrated } from "~/utils/use-hydrated";
import { DELIVERY_PLACES } from "~/features/shipping/municipalities";
import { type DeliveryOption, FALLBACK_SHIPPING_CUP } from "~/features/shipping/shipping";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import {
  type OptionCost,
  type OptionCosts,
  type QuoteAnswer,
  type ShippingFormValues,
  type ShippingView,
  formatCoordinate,
} from "../checkout-view";
import { DeliveryOptionFieldset, type LiveCosts } from "./delivery-option-fieldset";
import { DeliveryPointFieldset } from "./delivery-point-fieldset";
import type { MapPoint } from "./delivery-map.client";
import { GiftFieldset } from "./gift-fieldset";

/** §5: the order in which the step's fields are listed (the point after the phone). */
const FIELD_ORDER = [
  "first_name",
  "last_name",
  "client_id",
  "address",
  "city",
  "state",
  "phone",
  "delivery_latitude",
  "zip_code",
  "delivery_option",
  "is_gift",
  "gift_message",
  "non_field_errors",
] as const;

/** The form's id: before hydration the side summary's coupon box posts with it (checkout-summary.tsx). */
export const SHIPPING_FORM_ID = "checkout-shipping-form";

/**
 * §2.14 shipping step: the §3 delivery fields, the delivery point (a list of places that works
 * without JavaScript, and the map once JavaScript runs), the option with its cost and estimate
 * (decisions “Shipping price and the express cut-off”, “Delivery estimates”; express closed from 14:00), gift flag and message (§5: 255 characters with a
 * counter), and 'save as my delivery details'. The server checks everything with the shared schema
 * and shows its messages next to each field (§5).
 */
export function ShippingForm({
  values,
  errors,
  costs,
  expressAvailable,
  tileUrl,
  onShippingChange,
}: {
  values: ShippingFormValues;
  errors: Record<string, string>;
  /** The costs for the draft's point, from the loader (null per option without a point). */
  costs: OptionCosts;
  expressAvailable: boolean;
  tileUrl: string;
  /** The live shipping of the point and option chosen now, for the side summary. */
  onShippingChange: (shipping: ShippingView | null) => void;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "shipping";
  const formRef = useRef<HTMLFormElement>(null);

  const initialPoint: MapPoint | null =
    values.delivery_latitude && values.delivery_longitude
      ? { latitude: Number(values.delivery_latitude), longitude: Number(values.delivery_longitude), zoom: 13 }
      : null;
  const [place, setPlace] = useState(values.place);
  const [point, setPoint] = useState<MapPoint | null>(initialPoint);
  const [option, setOption] = useState<DeliveryOption>(values.delivery_option);

  // With JavaScript the server quotes each new point; without it, the next step does. A plain
  // fetch, so a dropped connection falls back to the §8 estimate instead of an error page.
  const lang = useLang();
  const pointKey = point ? `${formatCoordinate(point.latitude)},${formatCoordinate(point.longitude)}` : "";
  const initialKey = initialPoint ? `${values.delivery_latitude},${values.delivery_longitude}` : "";
  const [answer, setAnswer] = useState<{ key: string; quote: QuoteAnswer } | null>(null);
  useEffect(() => {
    if (!pointKey || pointKey === initialKey) return;
    const [latitude, longitude] = pointKey.split(",");
    const controller = new AbortController();
    const body = new URLSearchParams({ delivery_latitude: latitude, delivery_longitude: longitude });
    fetch(localePath(lang, "/checkout/quote"), { method: "POST", body, signal: controller.signal })
      .then(async (response) => (await response.json()) as QuoteAnswer)
      .catch((): QuoteAnswer => ({ ok: false, error: "shipping.errors.failed" }))
      .then((quote) => {
        if (!controller.signal.aborted) setAnswer({ key: pointKey, quote });
      });
    return () => controller.abort();
  }, [pointKey, initialKey, lang]);

  const liveCosts: LiveCosts = useMemo(() => {
    if (!pointKey) return { standard: null, express: null };
    if (pointKey === initialKey) return costs;
    if (answer?.key !== pointKey) return "loading";
    return answer.quote.ok ? answer.quote.costs : { failed: answer.quote.error };
  }, [pointKey, initialKey, costs, answer]);

  const chosen: OptionCost | "loading" | { failed: string } =
    liveCosts === "loading" || "failed" in liveCosts ? liveCosts : liveCosts[option];

  useEffect(() => {
    if (!hydrated) return;
    if (!pointKey || chosen === null) onShippingChange({ state: "pending" });
    else if (chosen === "loading") return;
    else if ("failed" in chosen)
      onShippingChange({ state: "estimate", cup: FALLBACK_SHIPPING_CUP, error: chosen.failed });
    else if (chosen.ok) onShippingChange({ state: "quoted", cup: chosen.cup, free: chosen.free });
    else onShippingChange({ state: "estimate", cup: FALLBACK_SHIPPING_CUP, error: chosen.error });
  }, [hydrated, pointKey, chosen, onShippingChange]);

  function choosePlace(id: string) {
    setPlace(id);
    const found = DELIVERY_PLACES.find((p) => p.id === id);
    if (!found) {
      if (id === "") setPoint(null);
      return;
    }
    setPoint({ latitude: found.latitude, longitude: found.longitude, zoom: 13 });
    // The place's municipality and province fill the address when they are still empty.
    const form = formRef.current;
    const city = form?.elements.namedItem("city");
    const state = form?.elements.namedItem("state");
    if (city instanceof HTMLInputElement && !city.value.trim()) city.value = found.name;
    if (state instanceof HTMLInputElement && !state.value.trim()) state.value = found.province;
  }

  function pickOnMap(picked: MapPoint) {
    setPlace("map");
    setPoint({
      latitude: Number(formatCoordinate(picked.latitude)),
      longitude: Number(formatCoordinate(picked.longitude)),
      zoom: picked.zoom,
    });
  }

  const err = (field: string) => (errors[field] ? tKey(t, errors[field]) : undefined);
  const labels: Record<string, string> = {
    first_name: t("checkout.page.field.firstName"),
    last_name: t("checkout.page.field.lastName"),
    client_id: t("checkout.page.field.clientId"),
    address: t("checkout.page.field.address"),
    city: t("checkout.page.field.city"),
    state: t("checkout.page.field.state"),
    phone: t("checkout.page.field.phone"),
    zip_code: t("checkout.page.field.zip"),
    delivery_latitude: t("checkout.page.point.title"),
    delivery_option: t("checkout.page.option.title"),
    gift_message: t("checkout.page.gift.message"),
  };
  const ordered = Object.fromEntries(FIELD_ORDER.filter((f) => errors[f]).map((f) => [f, errors[f]]));
  const required = (label: string) => (
    <>
      {label} <span aria-hidden="true">*</span>
    </>
  );
  const pointError = err("delivery_latitude");

  return (
    <Form method="post" noValidate ref={formRef} id={SHIPPING_FORM_ID} aria-labelledby="checkout-shipping-title">
      {/* The intent is the submit button's: the coupon box's buttons post this form too (intent
          coupon), and Enter in a field submits with the first button, continue. */}
      <input type="hidden" name="step" value="shipping" />
      <h2 id="checkout-shipping-title" className="text-xl font-bold text-slate-900">
        {t("checkout.page.shipping.title")}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t("checkout.page.shipping.intro")}</p>
      <ErrorSummary errors={ordered} labels={labels} idPrefix="checkout" />

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="checkout-first_name"
          name="first_name"
          label={required(labels.first_name)}
          defaultValue={values.first_name}
          error={err("first_name")}
          autoComplete="given-name"
          maxLength={100}
          aria-required="true"
        />
        <TextField
          id="checkout-last_name"
          name="last_name"
          label={required(labels.last_name)}
          defaultValue={values.last_name}
          error={err("last_name")}
          autoComplete="family-name"
          maxLength={100}
          aria-required="true"
        />
        <TextField
          id="checkout-client_id"
          name="client_id"
          label={required(labels.client_id)}
          defaultValue={values.client_id}
          error={err("client_id")}
          autoComplete="off"
          inputMode="numeric"
          maxLength={30}
          aria-required="true"
        />
        <TextField
          id="checkout-phone"
          name="phone"
          type="tel"
          label={required(labels.phone)}
          defaultValue={values.phone}
          error={err("phone")}
          autoComplete="tel"
          maxLength={30}
          aria-required="true"
        />
        <div className="sm:col-span-2">
          <TextField
            id="checkout-address"
            name="address"
            label={required(labels.address)}
            hint={t("checkout.page.field.addressHint")}
            defaultValue={values.address}
            error={err("address")}
            autoComplete="street-address"
            maxLength={255}
            aria-required="true"
          />
        </div>
        <TextField
          id="checkout-city"
          name="city"
          label={required(labels.city)}
          defaultValue={values.city}
          error={err("city")}
          autoComplete="address-level2"
          maxLength={100}
          aria-required="true"
        />
        <TextField
          id="checkout-state"
          name="state"
          label={required(labels.state)}
          defaultValue={values.state}
          error={err("state")}
          autoComplete="address-level1"
          maxLength={100}
          aria-required="true"
        />
        <TextField
          id="checkout-zip_code"
          name="zip_code"
          label={labels.zip_code}
          defaultValue={values.zip_code}
          error={err("zip_code")}
          autoComplete="postal-code"
          maxLength={20}
        />
        <TextField
          id="checkout-country"
          label={t("checkout.page.field.country")}
          value={t("checkout.page.country.cuba")}
          readOnly
          autoComplete="off"
        />
      </div>

      <DeliveryPointFieldset
        place={place}
        point={point}
        error={pointError}
        hydrated={hydrated}
        tileUrl={tileUrl}
        onChoosePlace={choosePlace}
        onPickOnMap={pickOnMap}
      />
      <DeliveryOptionFieldset
        option={option}
        onOptionChange={setOption}
        liveCosts={liveCosts}
        expressAvailable={expressAvailable}
        error={errors.delivery_option}
      />
      <GiftFieldset
        isGift={values.is_gift}
        message={values.gift_message}
        error={errors.gift_message}
        hydrated={hydrated}
      />

      <label className="mt-4 flex min-h-11 items-center gap-3 text-slate-900">
        <input
          type="checkbox"
          name="save_profile"
          defaultChecked={values.save_profile}
          className="size-5 accent-blue-700"
        />
        {t("checkout.page.saveProfile")}
      </label>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <button
          type="submit"
          name="intent"
          value="shipping"
          disabled={submitting}
          className="flex min-h-12 w-full items-center justify-center rounded-full bg-amber-400 px-6 font-semibold text-slate-900 shadow-xs hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-70 sm:ml-auto sm:w-auto"
        >
          {submitting ? t("checkout.page.saving") : t("checkout.page.continuePayment")}
        </button>
      </div>
    </Form>
  );
}
