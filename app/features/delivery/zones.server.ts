/**
 * Delivery zones: for each municipality of Cuba (cuba.ts), whether the store delivers there, whether
 * delivery is paused for now (fuel, power) and why, how long it takes, whether express is offered
 * and the smallest order. A municipality the operator never set has the default zone: served, open,
 * 1 to 2 business days, express offered, no minimum — what the store did before zones existed
 * (docs/decisions/013-delivery-zones.md). Operators change a zone in the back office, with an
 * audit entry; the change reaches every page at once through the catalogue's change signal.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { deliveryZones } from "~/db/schema/delivery";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { settingMemo } from "~/features/cache/settings-memo.server";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import type { Language } from "~/i18n/languages";
import { checkbox, optionalText, usdCents, wholeNumber } from "~/features/admin/forms.server";
import { MUNICIPALITIES, type Municipality, findMunicipality } from "./cuba";

export type ZoneSettings = {
  served: boolean;
  paused: boolean;
  pauseReasonEs: string;
  pauseReasonEn: string;
  minDays: number;
  maxDays: number;
  express: boolean;
  minOrderCents: number;
};
export type Zone = Municipality & ZoneSettings;

/** The zone of a municipality no operator has set. */
export const DEFAULT_ZONE: ZoneSettings = {
  served: true,
  paused: false,
  pauseReasonEs: "",
  pauseReasonEn: "",
  minDays: 1,
  maxDays: 2,
  express: true,
  minOrderCents: 0,
};
export const PAUSE_REASON_MAX = 200;
export const MAX_DELIVERY_DAYS = 60;

/** Whether an order can be delivered there today: served and not paused. */
export const isOpen = (zone: ZoneSettings) => zone.served && !zone.paused;

/** A zone as every page, the API and the assistant name it. */
export type ZoneState = "open" | "paused" | "notServed";
export const zoneState = (zone: ZoneSettings): ZoneState =>
  isOpen(zone) ? "open" : zone.served ? "paused" : "notServed";

/** Why delivery is paused, in `lang`; "" when it is not. */
export const pauseReason = (zone: ZoneSettings, lang: Language): string =>
  zone.paused ? (lang === "en" ? zone.pauseReasonEn : zone.pauseReasonEs) : "";

/** Every municipality with its zone, west to east, memoised until the next change. */
const zonesMemo = settingMemo(async (db: Db): Promise<Zone[]> => {
  const rows = await db.select().from(deliveryZones);
  const set = new Map(rows.map((row) => [row.municipalityId, row]));
  return MUNICIPALITIES.map((m) => {
    const row = set.get(m.id);
    return { ...m, ...(row ? settingsOf(row) : DEFAULT_ZONE) };
  });
});
export const listZones = (db: Db): Promise<Zone[]> => zonesMemo.get(db);

/** The zone of one municipality; undefined for an id that is not a municipality of Cuba. */
export async function zoneOf(db: Db, municipalityId: string): Promise<Zone | undefined> {
  if (!findMunicipality(municipalityId)) return undefined;
  return (await listZones(db)).find((zone) => zone.id === municipalityId);
}

function settingsOf(row: typeof deliveryZones.$inferSelect): ZoneSettings {
  const { municipalityId: _id, updatedAt: _at, ...settings } = row;
  return settings;
}

/** A zone as the back office's form posts it; a paused zone needs its reason in both languages. */
export const ZoneSchema = z
  .object({
    served: checkbox,
    paused: checkbox,
    pauseReasonEs: optionalText(PAUSE_REASON_MAX),
    pauseReasonEn: optionalText(PAUSE_REASON_MAX),
    minDays: wholeNumber(0, MAX_DELIVERY_DAYS),
    maxDays: wholeNumber(0, MAX_DELIVERY_DAYS),
    express: checkbox,
    minOrderCents: usdCents(),
  })
  .superRefine((zone, ctx) => {
    if (zone.minDays !== undefined && zone.maxDays !== undefined && zone.maxDays < zone.minDays)
      ctx.addIssue({ code: "custom", path: ["maxDays"], message: "admin.zones.errors.days" });
    if (zone.paused && zone.pauseReasonEs === "")
      ctx.addIssue({ code: "custom", path: ["pauseReasonEs"], message: "admin.zones.errors.reason" });
    if (zone.paused && zone.pauseReasonEn === "")
      ctx.addIssue({ code: "custom", path: ["pauseReasonEn"], message: "admin.zones.errors.reason" });
  })
  // The three numbers are required: a form without one never gets here.
  .transform(
    (zone): ZoneSettings => ({
      ...zone,
      minDays: zone.minDays ?? 0,
      maxDays: zone.maxDays ?? 0,
      minOrderCents: zone.minOrderCents ?? 0,
    }),
  );

/** Sets a municipality's zone, with its audit entry (before and after); false for an unknown id. */
export async function updateZone(db: Db, actor: AuditActor, municipalityId: string, input: ZoneSettings) {
  const before = await zoneOf(db, municipalityId);
  if (!before) return false;
  await db.transaction(async (tx) => {
    await tx
      .insert(deliveryZones)
      .values({ municipalityId, ...input })
      .onConflictDoUpdate({ target: deliveryZones.municipalityId, set: { ...input, updatedAt: new Date() } });
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "zone.update",
      entity: "delivery_zones",
      entityId: municipalityId,
      before: settingsOfZone(before),
      after: input,
    });
  });
  zonesMemo.drop(db);
  invalidateCatalog(db);
  return true;
}

/** Puts a municipality back to the default zone (its row removed), audited; false for an unknown id. */
export async function resetZone(db: Db, actor: AuditActor, municipalityId: string) {
  const before = await zoneOf(db, municipalityId);
  if (!before) return false;
  await db.transaction(async (tx) => {
    await tx.delete(deliveryZones).where(eq(deliveryZones.municipalityId, municipalityId));
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "zone.reset",
      entity: "delivery_zones",
      entityId: municipalityId,
      before: settingsOfZone(before),
      after: DEFAULT_ZONE,
    });
  });
  zonesMemo.drop(db);
  invalidateCatalog(db);
  return true;
}

function settingsOfZone(zone: Zone): ZoneSettings {
  const { id: _id, name: _name, provinceId: _province, ...settings } = zone;
  return settings;
}
