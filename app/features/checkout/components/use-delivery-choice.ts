import { useEffect, useMemo, useState } from "react";
import { DELIVERY_PLACES } from "~/features/shipping/municipalities";
import { type DeliveryOption, FALLBACK_SHIPPING_CUP } from "~/features/shipping/shipping";
import { localePath } from "~/i18n/links";
import { useLang } from "~/i18n/use-t";
import {
  type OptionCost,
  type OptionCosts,
  type QuoteAnswer,
  type ShippingFormValues,
  type ShippingView,
  formatCoordinate,
} from "../checkout-view";
import type { MapPoint } from "./delivery-map.client";

/** Each option's cost for the point chosen now: known, being quoted, or the quote failed. */
type LiveCosts = OptionCosts | "loading" | { failed: string };

/**
 * The shipping step's state: the delivery point (a place from the list or a point on the map), the
 * option, and each option's live cost for that point; the cost of the option chosen now goes to the
 * side summary through `onShippingChange`.
 */
export function useDeliveryChoice(
  values: ShippingFormValues,
  /** The costs for the draft's point, from the loader (null per option without a point). */
  costs: OptionCosts,
  /** False until hydration: the side summary keeps the loader's shipping until then. */
  hydrated: boolean,
  onShippingChange: (shipping: ShippingView | null) => void,
) {
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

  function choosePlace(id: string, form: HTMLFormElement | null) {
    setPlace(id);
    const found = DELIVERY_PLACES.find((p) => p.id === id);
    if (!found) {
      if (id === "") setPoint(null);
      return;
    }
    setPoint({ latitude: found.latitude, longitude: found.longitude, zoom: 13 });
    // The place's municipality and province fill the address when they are still empty.
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

  return { place, point, option, setOption, liveCosts, choosePlace, pickOnMap };
}
