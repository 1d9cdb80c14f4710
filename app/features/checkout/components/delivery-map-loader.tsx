import { lazy } from "react";
import { useT } from "~/i18n/use-t";
import type { DeliveryMapProps } from "./delivery-map.client";

/**
 * The shipping step's map, loaded lazily: Leaflet is loaded only on this page and only in the
 * browser (ARCHITECTURE.md: importing it on the server crashes it); if its chunk cannot load, this
 * says so and the list of places still works.
 */
export const DeliveryMap = lazy(() =>
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
