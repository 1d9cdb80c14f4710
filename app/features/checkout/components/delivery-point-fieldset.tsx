import { Suspense, lazy } from "react";
import { DELIVERY_PLACES } from "~/features/shipping/municipalities";
import { useT } from "~/i18n/use-t";
import { formatCoordinate } from "../checkout-view";
import type { DeliveryMapProps, MapPoint } from "./delivery-map.client";

// Leaflet is loaded only on this page and only in the browser (ARCHITECTURE.md: importing it on
// the server crashes it); if its chunk cannot load, the list of places still works.
const DeliveryMap = lazy(() =>
  import("./delivery-map.client").catch(() => ({
    default: MapUnavailable as (props: DeliveryMapProps) => React.JSX.Element,
  })),
);

function MapUnavailable() {
  const t = useT();
  return (
    <p role="status" className="text-sm font-medium text-red-800">
      {t("checkout.page.map.errors.init")} {t("checkout.page.map.fallback")}
    </p>
  );
}

const PROVINCES = [...new Set(DELIVERY_PLACES.map((p) => p.province))];

const SELECT =
  "block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs focus:outline-none focus-visible:ring-3 focus-visible:ring-blue-600/60";

/**
 * The shipping step's delivery point: a list of places that works without JavaScript, and the map
 * once JavaScript runs. The chosen point travels in two hidden fields.
 */
export function DeliveryPointFieldset({
  place,
  point,
  error: pointError,
  hydrated,
  tileUrl,
  onChoosePlace: choosePlace,
  onPickOnMap: pickOnMap,
}: {
  place: string;
  point: MapPoint | null;
  error: string | undefined;
  hydrated: boolean;
  tileUrl: string;
  onChoosePlace: (id: string) => void;
  onPickOnMap: (picked: MapPoint) => void;
}) {
  const t = useT();
  return (
    <fieldset className="mt-6" aria-describedby={pointError ? "checkout-point-error" : undefined}>
      <legend className="text-lg font-bold text-slate-900">
        {t("checkout.page.point.title")} <span aria-hidden="true">*</span>
      </legend>
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
        onChange={(e) => choosePlace(e.target.value)}
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
  );
}
