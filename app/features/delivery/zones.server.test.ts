import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { parseWith } from "~/features/admin/forms.server";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { DEFAULT_ZONE, ZoneSchema, isOpen, listZones, resetZone, updateZone, zoneOf } from "./zones.server";

// Issue 26 point 1: the operator marks each municipality served or not; a served one is open or
// paused with a reason, has an estimate, express or not and a minimum order. Both databases.

const actor = { id: null, email: "ops@example.com", role: "cli" };
const paused = {
  ...DEFAULT_ZONE,
  paused: true,
  pauseReasonEs: "Sin combustible hasta el lunes",
  pauseReasonEn: "No fuel until Monday",
  minDays: 2,
  maxDays: 4,
  express: false,
  minOrderCents: 2000,
};

describe.each(databaseKinds())("delivery zones (%s)", (kind) => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });

  it("start as the default zone everywhere: served, open, 1 to 2 days, express, no minimum", async () => {
    const zones = await listZones(db);
    expect(zones).toHaveLength(168);
    expect(zones.every((zone) => isOpen(zone) && zone.express && zone.minOrderCents === 0)).toBe(true);
    expect(await zoneOf(db, "playa")).toMatchObject({ name: "Playa", provinceId: "la-habana", minDays: 1, maxDays: 2 });
    expect(await zoneOf(db, "narnia")).toBeUndefined();
  });

  it("take an operator's change at once, with an audit entry of before and after", async () => {
    await listZones(db); // memoised
    expect(await updateZone(db, actor, "cerro", paused)).toBe(true);
    const cerro = await zoneOf(db, "cerro");
    expect(cerro).toMatchObject(paused);
    expect(isOpen(cerro!)).toBe(false);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "delivery_zones"), eq(auditLog.entityId, "cerro")));
    expect(entry).toMatchObject({ action: "zone.update", actorEmail: "ops@example.com" });
    expect(entry.before).toMatchObject({ paused: false, minDays: 1 });
    expect(entry.after).toMatchObject({ paused: true, pauseReasonEn: "No fuel until Monday", minOrderCents: 2000 });
  });

  it("mark a municipality not served, and back to the default zone", async () => {
    await updateZone(db, actor, "moa", { ...DEFAULT_ZONE, served: false });
    expect(isOpen((await zoneOf(db, "moa"))!)).toBe(false);
    expect(await resetZone(db, actor, "moa")).toBe(true);
    expect(await zoneOf(db, "moa")).toMatchObject(DEFAULT_ZONE);
  });

  it("refuse an id that is not a municipality of Cuba, changing nothing", async () => {
    const before = await db.select().from(auditLog);
    expect(await updateZone(db, actor, "narnia", DEFAULT_ZONE)).toBe(false);
    expect(await resetZone(db, actor, "narnia")).toBe(false);
    expect(await db.select().from(auditLog)).toHaveLength(before.length);
  });
});

describe("the zone form's rules", () => {
  const form = {
    served: "on",
    express: "on",
    pauseReasonEs: "",
    pauseReasonEn: "",
    minDays: "1",
    maxDays: "2",
    minOrderCents: "0",
  };
  it("read a checked box as true, an absent one as false, money in cents", () => {
    const parsed = parseWith(ZoneSchema, { ...form, minOrderCents: "12,50" });
    expect(parsed).toEqual({ ok: true, data: { ...DEFAULT_ZONE, minOrderCents: 1250 } });
  });
  it("ask for the pause's reason in both languages: shoppers see it", () => {
    expect(parseWith(ZoneSchema, { ...form, paused: "on", pauseReasonEn: "No fuel" })).toEqual({
      ok: false,
      errors: { pauseReasonEs: "admin.zones.errors.reason" },
    });
  });
  it("refuse a maximum below the minimum, days out of range and a bad amount", () => {
    expect(parseWith(ZoneSchema, { ...form, minDays: "3", maxDays: "2" })).toEqual({
      ok: false,
      errors: { maxDays: "admin.zones.errors.days" },
    });
    const bad = parseWith(ZoneSchema, { ...form, minDays: "-1", maxDays: "61", minOrderCents: "abc" });
    expect(bad.ok).toBe(false);
    expect(Object.keys(bad.ok ? {} : bad.errors).sort()).toEqual(["maxDays", "minDays", "minOrderCents"]);
  });
});
