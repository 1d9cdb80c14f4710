/**
 * The municipality a visitor chose in the header's "Entregar en" (the `zone` cookie) with its zone,
 * as every page shows it (RootZone). An unknown or missing cookie is no choice: the header then says
 * La Habana, where most deliveries go, and no page warns.
 */
import type { RootZone } from "~/components/root-data";
import type { Db } from "~/db/client.server";
import type { Language } from "~/i18n/languages";
import { ZONE_COOKIE, readCookie } from "~/utils/cookies";
import { type Zone, pauseReason, zoneOf, zoneState } from "./zones.server";

export async function visitorZone(db: Db, request: Request, lang: Language): Promise<RootZone | null> {
  const id = readCookie(request, ZONE_COOKIE);
  const zone = id ? await zoneOf(db, id) : undefined;
  return zone ? rootZone(zone, lang) : null;
}

/** A zone as pages show it, in `lang`. */
export function rootZone(zone: Zone, lang: Language): RootZone {
  return {
    id: zone.id,
    name: zone.name,
    state: zoneState(zone),
    reason: pauseReason(zone, lang),
    minDays: zone.minDays,
    maxDays: zone.maxDays,
  };
}
