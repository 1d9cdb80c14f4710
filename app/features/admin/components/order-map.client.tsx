/**
 * The order's delivery point on a small read-only map as the checkout draws
 * it (delivery-map.client.tsx): Leaflet, loaded only in the browser and only on the back office's
 * order page (React.lazy), tiles from MAP_TILE_URL. The page already shows the coordinates and a
 * map link without JavaScript; this is the picture beside them.
 */
import "leaflet/dist/leaflet.css";
import * as L from "leaflet";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png?no-inline";
import iconUrl from "leaflet/dist/images/marker-icon.png?no-inline";
import shadowUrl from "leaflet/dist/images/marker-shadow.png?no-inline";
import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/use-t";

/** Close enough to see the street (§9: 15 is the checkout's zoom on a located point). */
const ZOOM = 15;

const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

export type OrderMapProps = { tileUrl: string; latitude: number; longitude: number };

export default function OrderMap({ tileUrl, latitude, longitude }: OrderMapProps) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const markerTitle = t("admin.orders.map.marker");

  useEffect(() => {
    if (!container.current) return;
    let map: L.Map;
    try {
      map = L.map(container.current, { center: [latitude, longitude], zoom: ZOOM, scrollWheelZoom: false });
      L.tileLayer(tileUrl, {
        maxZoom: 19,
        attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      })
        .once("tileerror", () => setFailed(true))
        .addTo(map);
      L.marker([latitude, longitude], {
        icon: markerIcon,
        title: markerTitle,
        alt: markerTitle,
        keyboard: false,
      }).addTo(map);
    } catch {
      setFailed(true);
      return;
    }
    container.current.dataset.ready = "true";
    return () => {
      map.remove();
    };
  }, [tileUrl, latitude, longitude, markerTitle]);

  return (
    <div>
      <div
        ref={container}
        role="region"
        aria-label={t("admin.orders.map.label")}
        className="relative z-0 h-56 w-full overflow-hidden rounded-md border border-slate-300 bg-slate-100 sm:h-64"
      />
      <div role="status" className="mt-1 text-sm">
        {failed && <p className="font-medium text-red-800">{t("admin.orders.map.error")}</p>}
      </div>
    </div>
  );
}
