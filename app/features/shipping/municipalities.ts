/**
 * Delivery points for the checkout without a map (spec §2.14, §4.5; decision “Shipping price and the express cut-off”): when the map cannot
 * load (no JavaScript, tiles blocked, slow data), the shopper picks a place from this list and its
 * centre becomes the delivery point. The 15 municipalities of La Habana and the capital of every
 * other province (and of the special municipality Isla de la Juventud). Browser-safe data.
 * Centres are approximate (a few hundred metres), which is within the precision of a map pick.
 */
import type { LatLng } from "./shipping";

export type DeliveryPlace = LatLng & {
  /** Stable slug, used as the form value. */
  id: string;
  /** The municipality (the checkout's `city`, labelled Municipio). */
  name: string;
  /** The province (the checkout's `state`, labelled Provincia). */
  province: string;
};

const HAVANA = "La Habana";

export const HAVANA_MUNICIPALITIES: readonly DeliveryPlace[] = [
  { id: "playa", name: "Playa", province: HAVANA, latitude: 23.0934, longitude: -82.4489 },
  {
    id: "plaza-de-la-revolucion",
    name: "Plaza de la Revolución",
    province: HAVANA,
    latitude: 23.1257,
    longitude: -82.3897,
  },
  { id: "centro-habana", name: "Centro Habana", province: HAVANA, latitude: 23.1376, longitude: -82.3697 },
  { id: "la-habana-vieja", name: "La Habana Vieja", province: HAVANA, latitude: 23.1352, longitude: -82.3531 },
  { id: "regla", name: "Regla", province: HAVANA, latitude: 23.1286, longitude: -82.3325 },
  { id: "la-habana-del-este", name: "La Habana del Este", province: HAVANA, latitude: 23.1617, longitude: -82.2706 },
  { id: "guanabacoa", name: "Guanabacoa", province: HAVANA, latitude: 23.1239, longitude: -82.2978 },
  {
    id: "san-miguel-del-padron",
    name: "San Miguel del Padrón",
    province: HAVANA,
    latitude: 23.0869,
    longitude: -82.3206,
  },
  { id: "diez-de-octubre", name: "Diez de Octubre", province: HAVANA, latitude: 23.0933, longitude: -82.3606 },
  { id: "cerro", name: "Cerro", province: HAVANA, latitude: 23.1094, longitude: -82.3786 },
  { id: "marianao", name: "Marianao", province: HAVANA, latitude: 23.0781, longitude: -82.4317 },
  { id: "la-lisa", name: "La Lisa", province: HAVANA, latitude: 23.0594, longitude: -82.4617 },
  { id: "boyeros", name: "Boyeros", province: HAVANA, latitude: 22.9997, longitude: -82.4028 },
  { id: "arroyo-naranjo", name: "Arroyo Naranjo", province: HAVANA, latitude: 23.0436, longitude: -82.3331 },
  { id: "cotorro", name: "Cotorro", province: HAVANA, latitude: 23.0439, longitude: -82.2658 },
];

export const PROVINCIAL_CAPITALS: readonly DeliveryPlace[] = [
  { id: "pinar-del-rio", name: "Pinar del Río", province: "Pinar del Río", latitude: 22.4175, longitude: -83.6981 },
  { id: "artemisa", name: "Artemisa", province: "Artemisa", latitude: 22.8136, longitude: -82.7633 },
  {
    id: "san-jose-de-las-lajas",
    name: "San José de las Lajas",
    province: "Mayabeque",
    latitude: 22.9614,
    longitude: -82.1511,
  },
  { id: "matanzas", name: "Matanzas", province: "Matanzas", latitude: 23.0411, longitude: -81.5775 },
  { id: "cienfuegos", name: "Cienfuegos", province: "Cienfuegos", latitude: 22.1461, longitude: -80.4356 },
  { id: "santa-clara", name: "Santa Clara", province: "Villa Clara", latitude: 22.4067, longitude: -79.9531 },
  {
    id: "sancti-spiritus",
    name: "Sancti Spíritus",
    province: "Sancti Spíritus",
    latitude: 21.9297,
    longitude: -79.4425,
  },
  { id: "ciego-de-avila", name: "Ciego de Ávila", province: "Ciego de Ávila", latitude: 21.84, longitude: -78.7619 },
  { id: "camaguey", name: "Camagüey", province: "Camagüey", latitude: 21.3808, longitude: -77.9169 },
  { id: "las-tunas", name: "Las Tunas", province: "Las Tunas", latitude: 20.9617, longitude: -76.9511 },
  { id: "holguin", name: "Holguín", province: "Holguín", latitude: 20.8872, longitude: -76.2631 },
  { id: "bayamo", name: "Bayamo", province: "Granma", latitude: 20.3794, longitude: -76.6433 },
  {
    id: "santiago-de-cuba",
    name: "Santiago de Cuba",
    province: "Santiago de Cuba",
    latitude: 20.0247,
    longitude: -75.8219,
  },
  { id: "guantanamo", name: "Guantánamo", province: "Guantánamo", latitude: 20.1444, longitude: -75.2092 },
  { id: "nueva-gerona", name: "Nueva Gerona", province: "Isla de la Juventud", latitude: 21.8833, longitude: -82.8 },
];

/** Havana first (where most deliveries go), then the capitals from west to east. */
export const DELIVERY_PLACES: readonly DeliveryPlace[] = [...HAVANA_MUNICIPALITIES, ...PROVINCIAL_CAPITALS];

/** The place of a form value; undefined for anything else. */
export function findDeliveryPlace(id: string): DeliveryPlace | undefined {
  return DELIVERY_PLACES.find((place) => place.id === id);
}
