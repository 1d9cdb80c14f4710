/**
 * "¿Entregan en Guanabacoa?": the municipality, else the province, that a delivery-area question
 * names, with its delivery zone (app/features/delivery), so the answer is the store's own data
 * (open, paused and why, days, express, minimum) rather than a general rule. Names are matched as
 * whole words, accents and case ignored, the longest first ("La Habana Vieja" before "La Habana"),
 * a province also by its short name ("Santiago", "Pinar"); a place said as excluded ("fuera de La
 * Habana", "outside Havana") is not named;
 * San Luis, in two provinces, only with its province named.
 */
import type { Db } from "~/db/client.server";
import { MUNICIPALITIES, PROVINCES, type Municipality, type Province, findProvince } from "~/features/delivery/cuba";
import { type Zone, isOpen, listZones, pauseReason, zoneState } from "~/features/delivery/zones.server";
import type { Language } from "~/i18n/languages";
import { formatUsdCents } from "~/utils/money";
import type { ZoneFact } from "./zone-replies";
import { words } from "./text";

const padded = (text: string) => ` ${words(text).join(" ")} `;

/** The short names shoppers give some provinces ("mandan pa' Santiago?", "what about Pinar?"). */
const PROVINCE_SHORT_NAMES: Readonly<Record<string, readonly string[]>> = {
  "la-habana": ["Habana", "Havana"],
  "santiago-de-cuba": ["Santiago"],
  "pinar-del-rio": ["Pinar"],
  "isla-de-la-juventud": ["la Isla", "Isla de Pinos"],
  "sancti-spiritus": ["Sancti", "Santi Spiritus"],
  "ciego-de-avila": ["Ciego"],
  "las-tunas": ["Tunas"],
};
/** The neighbourhoods shoppers name instead of their municipality ("¿entregan en el Vedado?"). */
const MUNICIPALITY_OTHER_NAMES: Readonly<Record<string, readonly string[]>> = {
  "plaza-de-la-revolucion": ["Vedado", "Nuevo Vedado"],
  "la-habana-del-este": ["Alamar", "Habana del Este", "Cojímar", "Guanabo"],
  playa: ["Miramar", "Siboney", "Jaimanitas"],
  "diez-de-octubre": ["Santos Suárez", "Lawton", "La Víbora"],
  "la-habana-vieja": ["Habana Vieja"],
  boyeros: ["Santiago de las Vegas"],
};
/** Municipalities by their names and neighbourhoods. */
const MUNICIPALITY_KEYS = MUNICIPALITIES.flatMap((m) =>
  [m.name, ...(MUNICIPALITY_OTHER_NAMES[m.id] ?? [])].map((name) => ({ m, key: padded(name) })),
).sort((a, b) => b.key.length - a.key.length);
/** Provinces by their names and short names. */
const PROVINCE_KEYS = PROVINCES.flatMap((p) =>
  [p.name, ...(PROVINCE_SHORT_NAMES[p.id] ?? [])].map((name) => ({ p, key: padded(name) })),
).sort((a, b) => b.key.length - a.key.length);

/** Words before a place that name everywhere else ('fuera de La Habana', 'outside Havana'). */
const OUTSIDE = / (?:a?fuera de(?: la)?|outside(?: of)?|beyond)$/;
/** Whether the text names the place of `key` (not only as the place excluded). */
const names = (text: string, key: string) => text.includes(key) && !OUTSIDE.test(text.slice(0, text.indexOf(key)));

type Place = { municipality: Municipality } | { province: Province };
/** Places answered in one reply at most ('¿entregan en el Cotorro y en San Miguel del Padrón?'). */
const MAX_PLACES = 3;

/**
 * The places a message names, in the order it names them: the municipalities when one or more are
 * unambiguous, else a province, else none.
 */
export function namedPlaces(message: string): Place[] {
  const text = padded(message);
  const provinceKey = PROVINCE_KEYS.find(({ key }) => names(text, key));
  const province = provinceKey?.p;
  const found: Array<{ m: Municipality; at: number; end: number }> = [];
  for (const { m, key } of MUNICIPALITY_KEYS) {
    if (!names(text, key)) continue;
    const sameName = MUNICIPALITIES.filter((other) => other.name === m.name);
    const one = sameName.length === 1 ? m : sameName.find((other) => other.provinceId === province?.id);
    // A shorter name inside a longer one already found ('La Habana' in 'La Habana Vieja') is not another place.
    const at = text.indexOf(key);
    const inside = found.some((f) => at >= f.at && at < f.end);
    if (one && !inside && !found.some((f) => f.m === one)) found.push({ m: one, at, end: at + key.length });
  }
  // "San Luis, Santiago de Cuba", "la provincia Guantánamo": the province's name is not the
  // municipality of that name.
  const own = found.filter(({ m }) => !(provinceKey && padded(m.name) === provinceKey.key));
  const municipalities = (own.length > 0 ? own : / provinc/.test(text) ? [] : found.slice(0, 1))
    .sort((a, b) => a.at - b.at)
    .slice(0, MAX_PLACES);
  if (municipalities.length > 0) return municipalities.map(({ m }) => ({ municipality: m }));
  return province ? [{ province }] : [];
}

/** What the store's zones say of each place a message names, in `lang`; empty when it names none. */
export async function namedZones(db: Db, message: string, lang: Language): Promise<ZoneFact[]> {
  const places = namedPlaces(message);
  if (places.length === 0) return [];
  const zones = await listZones(db);
  return places.flatMap((place) => {
    const fact = zoneFact(zones, place, lang);
    return fact ? [fact] : [];
  });
}

function zoneFact(zones: Zone[], place: Place, lang: Language): ZoneFact | null {
  if ("province" in place) {
    const own = zones.filter((z) => z.provinceId === place.province.id);
    return {
      kind: "province",
      province: place.province.name,
      served: own.filter(isOpen).length,
      total: own.length,
      paused: own.filter((z) => z.served && z.paused).map((z) => z.name),
    };
  }
  const zone = zones.find((z) => z.id === place.municipality.id);
  if (!zone) return null;
  return {
    kind: "municipality",
    name: zone.name,
    province: findProvince(zone.provinceId)?.name ?? "",
    state: zoneState(zone),
    reason: pauseReason(zone, lang),
    minDays: zone.minDays,
    maxDays: zone.maxDays,
    express: zone.express,
    minOrder: zone.minOrderCents > 0 ? formatUsdCents(zone.minOrderCents, lang) : null,
  };
}
