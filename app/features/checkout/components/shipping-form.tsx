import { Suspense, useState } from "react";
import { useNavigation } from "react-router";
import { Form } from "~/components/router-links";
import { useFormatPrice } from "~/components/price";
import { ErrorSummary, TextField, tKey } from "~/components/ui/form-fields";
import { useHydrated } from "~/utils/use-hydrated";
import { DELIVERY_PLACES } from "~/features/shipping/municipalities";
import {
  EXPRESS_CUTOFF,
  SHIPPING_TEXT_VALUES,
  deliveryEstimate,
  DELIVERY_OPTIONS,
  DELIVERY_OPTION_KEYS,
  FALLBACK_SHIPPING_CUP,
  FREE_SHIPPING_MIN_CENTS,
  SHIPPING_RATE_CUP_PER_KM,
} from "~/features/shipping/shipping";
import { useT } from "~/i18n/use-t";
import {
  GIFT_MESSAGE_LIMIT,
  type OptionCosts,
  type ShippingFormValues,
  type ShippingView,
  formatCoordinate,
} from "../checkout-view";
import { ShippingAmount, useFormatCup } from "./checkout-summary";
import { DeliveryMap } from "./delivery-map-loader";
import { ADDRESS_FIELDS, FIELD_ORDER } from "./shipping-fields";
import { useDeliveryChoice } from "./use-delivery-choice";

const PROVINCES = [...new Set(DELIVERY_PLACES.map((p) => p.province))];

/** The form's id: before hydration the side summary's coupon box posts with it (checkout-summary.tsx). */
export const SHIPPING_FORM_ID = "checkout-shipping-form";

const SELECT =
  "block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs focus:outline-none focus-visible:ring-3 focus-visible:ring-blue-600/60";

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
  const formatCup = useFormatCup();
  const formatPrice = useFormatPrice();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "shipping";

  const { place, point, option, setOption, liveCosts, choosePlace, pickOnMap } = useDeliveryChoice(
    values,
    costs,
    hydrated,
    onShippingChange,
  );
  const [isGift, setIsGift] = useState(values.is_gift);
  const [giftLength, setGiftLength] = useState(values.gift_message.length);

  const err = (field: string) => (errors[field] ? tKey(t, errors[field], SHIPPING_TEXT_VALUES) : undefined);
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
    <Form method="post" noValidate id={SHIPPING_FORM_ID} aria-labelledby="checkout-shipping-title">
      {/* The intent is the submit button's: the coupon box's buttons post this form too (intent
          coupon), and Enter in a field submits with the first button, continue. */}
      <input type="hidden" name="step" value="shipping" />
      <input type="hidden" name="recipient" value={values.recipient} />
      <h2 id="checkout-shipping-title" className="text-xl font-bold text-slate-900">
        {t("checkout.page.shipping.title")}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t("checkout.page.shipping.intro")}</p>
      <ErrorSummary errors={ordered} labels={labels} idPrefix="checkout" values={SHIPPING_TEXT_VALUES} />

      <div className="grid gap-4 sm:grid-cols-2">
        {ADDRESS_FIELDS.map((field) => {
          const input = (
            <TextField
              key={field.name}
              id={`checkout-${field.name}`}
              name={field.name}
              type={field.type}
              label={field.optional ? labels[field.name] : required(labels[field.name])}
              hint={field.hint && t(field.hint)}
              defaultValue={values[field.name]}
              error={err(field.name)}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              maxLength={field.maxLength}
              aria-required={field.optional ? undefined : "true"}
            />
          );
          return field.wide ? (
            <div key={field.name} className="sm:col-span-2">
              {input}
            </div>
          ) : (
            input
          );
        })}
        <TextField
          id="checkout-country"
          label={t("checkout.page.field.country")}
          value={t("checkout.page.country.cuba")}
          readOnly
          autoComplete="off"
        />
      </div>

      <fieldset className="mt-6" aria-describedby={pointError ? "checkout-point-error" : undefined}>
        <legend className="text-lg font-bold text-slate-900">{required(t("checkout.page.point.title"))}</legend>
        <p id="checkout-point-hint" className="mt-1 text-sm text-slate-600">
          {t("checkout.page.point.hint")}
        </p>
        <label htmlFor="checkout-delivery_latitude" className="mt-3 mb-1 block text-sm font-semibold text-slate-800">
          {t("checkout.page.point.place")}
        </label>
        <select
          id="checkout-delivery_latitude"
          name="place"
          value={place}
          onChange={(e) => choosePlace(e.target.value, e.target.form)}
          aria-invalid={pointError ? true : undefined}
          aria-describedby={["checkout-point-hint", pointError ? "checkout-point-error" : ""].filter(Boolean).join(" ")}
          className={`${SELECT} ${pointError ? "border-red-700" : "border-slate-400"}`}
        >
          <option value="">{t("checkout.page.point.choose")}</option>
          {place === "map" && <option value="map">{t("checkout.page.point.mapOption")}</option>}
          {PROVINCES.map((province) => (
            <optgroup key={province} label={province}>
              {DELIVERY_PLACES.filter((p) => p.province === province).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <input type="hidden" name="delivery_latitude" value={point ? formatCoordinate(point.latitude) : ""} />
        <input type="hidden" name="delivery_longitude" value={point ? formatCoordinate(point.longitude) : ""} />
        {pointError && (
          <p id="checkout-point-error" className="mt-1 text-sm font-medium text-red-800">
            <span aria-hidden="true">⚠ </span>
            {pointError}
          </p>
        )}
        {point && (
          <p className="mt-1 text-sm text-slate-700" data-point>
            {t("checkout.page.point.chosen", {
              lat: formatCoordinate(point.latitude).replace(/0+$/, ""),
              lng: formatCoordinate(point.longitude).replace(/0+$/, ""),
            })}
          </p>
        )}
        <div className="mt-3">
          {hydrated && (
            <Suspense fallback={<p className="text-sm text-slate-600">{t("checkout.page.map.loading")}</p>}>
              <DeliveryMap tileUrl={tileUrl} point={point} onPick={pickOnMap} />
            </Suspense>
          )}
        </div>
      </fieldset>

      <fieldset className="mt-6" aria-describedby={errors.delivery_option ? "checkout-option-error" : undefined}>
        <legend className="text-lg font-bold text-slate-900">{t("checkout.page.option.title")}</legend>
        <p className="mt-1 text-sm text-slate-600">
          {t("checkout.page.option.freeFrom", { min: formatPrice(FREE_SHIPPING_MIN_CENTS / 100) })}
        </p>
        <div className="mt-2 space-y-2">
          {DELIVERY_OPTIONS.map((o) => {
            const disabled = o === "express" && !expressAvailable;
            const cost = liveCosts === "loading" || "failed" in liveCosts ? liveCosts : liveCosts[o];
            return (
              <label
                key={o}
                className={`flex gap-3 rounded-md border p-3 ${option === o ? "border-blue-700 bg-blue-50" : "border-slate-300 bg-white"} ${disabled ? "cursor-not-allowed opacity-75" : "cursor-pointer"}`}
              >
                <input
                  type="radio"
                  name="delivery_option"
                  value={o}
                  checked={option === o}
                  disabled={disabled}
                  onChange={() => setOption(o)}
                  aria-describedby={`checkout-option-${o}-details`}
                  className="mt-1 size-5 shrink-0 accent-blue-700"
                />
                <span className="min-w-0">
                  <span className="block font-semibold text-slate-900">{t(DELIVERY_OPTION_KEYS[o])}</span>
                  <span id={`checkout-option-${o}-details`} className="block text-sm text-slate-700">
                    <span className="block">{deliveryEstimate(t, o)}</span>
                    {disabled ? (
                      <span className="block font-medium text-red-800">
                        {t("checkout.page.option.expressClosed", { cutoff: EXPRESS_CUTOFF })}
                      </span>
                    ) : (
                      <span className="block" data-option-cost={o}>
                        {cost === "loading" ? (
                          t("checkout.page.option.calculating")
                        ) : cost === null ? (
                          <>
                            {t("checkout.page.option.rate", { rate: SHIPPING_RATE_CUP_PER_KM[o] })}.{" "}
                            {t("checkout.page.option.pickPoint")}
                          </>
                        ) : "failed" in cost ? (
                          <span className="text-amber-900">
                            {t("checkout.page.option.estimate", { cost: formatCup(FALLBACK_SHIPPING_CUP) })}
                          </span>
                        ) : cost.ok ? (
                          cost.cup === 0 ? (
                            t("checkout.page.option.free")
                          ) : (
                            <>
                              {t("checkout.page.option.cost", { cost: "" })}
                              <ShippingAmount cup={cost.cup} />
                            </>
                          )
                        ) : (
                          <span className="font-medium text-red-800">{tKey(t, cost.error, SHIPPING_TEXT_VALUES)}</span>
                        )}
                      </span>
                    )}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {errors.delivery_option && (
          <p id="checkout-option-error" className="mt-1 text-sm font-medium text-red-800">
            <span aria-hidden="true">⚠ </span>
            {tKey(t, errors.delivery_option, SHIPPING_TEXT_VALUES)}
          </p>
        )}
      </fieldset>

      <fieldset className="mt-6">
        <legend className="sr-only">{t("checkout.page.gift.label")}</legend>
        <label className="flex min-h-11 items-center gap-3 font-semibold text-slate-900">
          <input
            type="checkbox"
            name="is_gift"
            defaultChecked={values.is_gift}
            onChange={(e) => setIsGift(e.target.checked)}
            className="size-5 accent-blue-700"
          />
          {t("checkout.page.gift.label")}
        </label>
        {(isGift || !hydrated) && (
          <div className="mt-2">
            <label htmlFor="checkout-gift_message" className="mb-1 block text-sm font-semibold text-slate-800">
              {t("checkout.page.gift.message")}
            </label>
            <textarea
              id="checkout-gift_message"
              name="gift_message"
              rows={3}
              maxLength={GIFT_MESSAGE_LIMIT}
              defaultValue={values.gift_message}
              onChange={(e) => setGiftLength(e.target.value.length)}
              aria-invalid={errors.gift_message ? true : undefined}
              aria-describedby={["checkout-gift-counter", errors.gift_message ? "checkout-gift-error" : ""]
                .filter(Boolean)
                .join(" ")}
              className={`block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs focus:outline-none focus-visible:ring-3 focus-visible:ring-blue-600/60 ${errors.gift_message ? "border-red-700" : "border-slate-400"}`}
            />
            <p id="checkout-gift-counter" className="mt-1 text-right text-sm text-slate-600" aria-live="polite">
              {t("checkout.page.gift.counter", { count: giftLength, max: GIFT_MESSAGE_LIMIT })}
            </p>
            {errors.gift_message && (
              <p id="checkout-gift-error" className="mt-1 text-sm font-medium text-red-800">
                {tKey(t, errors.gift_message)}
              </p>
            )}
          </div>
        )}
      </fieldset>

      {/* Only the shopper's own details can become their profile's; a new recipient can be kept. */}
      {values.recipient === "self" && (
        <SaveBox name="save_profile" checked={values.save_profile} label={t("checkout.page.saveProfile")} />
      )}
      {values.recipient === "new" && (
        <SaveBox name="save_recipient" checked={values.save_recipient} label={t("recipients.checkout.save")} />
      )}

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

/** A "keep these details" checkbox under the shipping form. */
function SaveBox({ name, checked, label }: { name: string; checked: boolean; label: string }) {
  return (
    <label className="mt-4 flex min-h-11 items-center gap-3 text-slate-900">
      <input type="checkbox" name={name} defaultChecked={checked} className="size-5 accent-blue-700" />
      {label}
    </label>
  );
}
