/**
 * The delivery map (spec §2.14, §8 Map, §9 Map): Leaflet, loaded only on the checkout page and
 * only in the browser (React.lazy; importing Leaflet on the server crashes it). Its CSS and marker
 * images are imported here, so they are split into this chunk with it. A click or a marker drag
 * picks the point (zoom 13); 'use my location' asks the browser (zoom 15). Failures are told in a
 * status region; the list of places beside the map keeps working whatever happens here.
 */
import "leaflet/dist/leaflet.css";
import * as L from "leaflet";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png?no-inline";
import iconUrl from "leaflet/dist/images/marker-icon.png?no-inline";
import shadowUrl from "leaflet/dist/images/marker-shadow.png?no-inline";
import { useEffect, useRef, useState } from "react";
import type { TranslationKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";

/** §2.14, §9: near Havana at zoom 12; 13 on a picked point, 15 on geolocation. */
export const MAP_CENTER: L.LatLngTuple = [23.1, -82.35];
export const MAP_ZOOM = 12;
export const PICK_ZOOM = 13;
export const LOCATE_ZOOM = 15;

const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

export type MapPoint = { latitude: number; longitude: number; zoom: number };

export type DeliveryMapProps = {
  tileUrl: string;
  point: MapPoint | null;
  onPick: (point: MapPoint) => void;
};

export default function DeliveryMap({ tileUrl, point, onPick }: DeliveryMapProps) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const [status, setStatus] = useState<TranslationKey | null>(null);
  const [locating, setLocating] = useState(false);
  const markerTitle = t("checkout.page.map.marker");

  useEffect(() => {
    if (!container.current) return;
    let map: L.Map;
    try {
      map = L.map(container.current, {
        center: point ? [point.latitude, point.longitude] : MAP_CENTER,
        zoom: point ? point.zoom : MAP_ZOOM,
      });
      let failed = false;
      L.tileLayer(tileUrl, {
        maxZoom: 19,
        attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
      })
        .on("tileerror", () => {
          if (failed) return;
          failed = true;
          setStatus("checkout.page.map.errors.load");
        })
        .addTo(map);
      map.on("click", (event: L.LeafletMouseEvent) =>
        onPickRef.current({ latitude: event.latlng.lat, longitude: event.latlng.lng, zoom: PICK_ZOOM }),
      );
    } catch {
      setStatus("checkout.page.map.errors.init");
      return;
    }
    mapRef.current = map;
    const element = container.current;
    element.dataset.ready = "true";
    // The zoom the map settled on, for tests and assistive checks (§9: 12, 13 picked, 15 located).
    element.dataset.zoom = String(map.getZoom());
    map.on("zoomend", () => {
      element.dataset.zoom = String(map.getZoom());
    });
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
    // The map is made once per tile URL; the point is followed by the effect below.
  }, [tileUrl]);

  // The marker and the view follow the chosen point (from the map, the list or the location).
  const lat = point?.latitude;
  const lng = point?.longitude;
  const zoom = point?.zoom;
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (lat === undefined || lng === undefined) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    if (!markerRef.current) {
      const marker = L.marker([lat, lng], { icon: markerIcon, draggable: true, title: markerTitle, alt: markerTitle });
      marker.on("dragend", () => {
        const at = marker.getLatLng();
        onPickRef.current({ latitude: at.lat, longitude: at.lng, zoom: PICK_ZOOM });
      });
      marker.addTo(map);
      markerRef.current = marker;
    } else {
      markerRef.current.setLatLng([lat, lng]);
    }
    // Without animation: a second move while Leaflet is still animating the first (a place from
    // the list, then 'use my location') could otherwise end at the first move's zoom; and a cheap
    // phone is better off without the animation anyway.
    map.setView([lat, lng], zoom ?? PICK_ZOOM, { animate: false });
  }, [lat, lng, zoom, markerTitle]);

  function locate() {
    if (!("geolocation" in navigator)) {
      setStatus("checkout.page.map.errors.unsupported");
      return;
    }
    setLocating(true);
    setStatus(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onPickRef.current({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          zoom: LOCATE_ZOOM,
        });
      },
      () => {
        setLocating(false);
        setStatus("checkout.page.map.errors.location");
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  return (
    <div>
      <p className="text-sm text-slate-700">{t("checkout.page.map.help")}</p>
      <div
        ref={container}
        role="region"
        aria-label={t("checkout.page.map.label")}
        className="relative z-0 mt-2 h-64 w-full overflow-hidden rounded-md border border-slate-300 bg-slate-100 sm:h-80"
      />
      <button
        type="button"
        onClick={locate}
        disabled={locating}
        className="mt-2 inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60"
      >
        {locating ? t("checkout.page.map.locating") : t("checkout.page.map.useLocation")}
      </button>
      <div role="status" className="mt-2 text-sm">
        {status && (
          <p className="font-medium text-red-800">
            {t(status)}
            {status !== "checkout.page.map.errors.location" && status !== "checkout.page.map.errors.unsupported" && (
              <> {t("checkout.page.map.fallback")}</>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
