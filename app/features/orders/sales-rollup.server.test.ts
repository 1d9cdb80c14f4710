import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { type OrderStatus, orderItems, orders } from "~/db/schema/orders";
import { loadReports } from "~/features/reports/reports.server";
import { addDays, havanaDayStart } from "~/utils/dates";
import { createOrderRow, insertProduct, insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import {
  type Instants,
  salesByDay,
  salesByDayLive,
  topMunicipalities,
  topMunicipalitiesLive,
  topProducts,
  topProductsLive,
} from "./sales-report.server";

// The reports read closed days from the daily rollups (migration 0021): their figures must equal
// the live queries' exactly, order and ties included, before and after the orders change, and two
// loads filling the same days at once must not count a day twice.

/** Saturday 28 November 2026, 10:00 in Havana: today the 28th, yesterday the 27th, closed to the 26th. */
const NOW = new Date("2026-11-28T15:00:00Z");
const FIRST_DAY = "2026-10-01";
const DAYS = 60; // to 29 November, past today; Cuba leaves summer time on 1 November.

const day = (from: string, to: string): Instants => ({
  start: havanaDayStart(from),
  end: havanaDayStart(addDays(to, 1)),
});
const RANGES: Instants[] = [
  day(FIRST_DAY, "2026-11-28"), // all of it: closed days, yesterday, today
  day("2026-10-10", "2026-10-20"), // closed days only
  day("2026-10-25", "2026-11-05"), // across the change of time
  day("2026-11-20", "2026-11-28"), // closed days, yesterday and today
  day("2026-11-27", "2026-11-28"), // no closed day
  day(FIRST_DAY, "2026-11-30"), // past today
  { start: new Date("2026-10-05T13:00:00Z"), end: new Date("2026-11-03T02:00:00Z") }, // cut inside days
];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe.each(databaseKinds())("sales rollups on %s", (kind) => {
  let database: Database;
  const db = () => database.db as Db;
  const next = random(27);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  let userId = 0;
  const productIds: number[] = [];
  let sequence = 0;

  const statuses: OrderStatus[] = ["not_processed", "processed", "shipping", "delivered", "cancelled"];
  // Two Playas in different provinces; few amounts and prices, so ties happen.
  const places = [
    ["Playa", "La Habana"],
    ["Playa", "Matanzas"],
    ["Cerro", "La Habana"],
    ["Santa Clara", "Villa Clara"],
  ] as const;

  async function order(dateIssued: Date, lines = 1 + Math.floor(next() * 3), status = pick(statuses)) {
    sequence += 1;
    const [city, province] = pick(places);
    const [row] = await db()
      .insert(orders)
      .values(
        createOrderRow({
          transactionId: `tx-rollup-${kind}-${sequence}`,
          userId,
          status,
          amountCents: pick([500, 1000, 1500]),
          shippingPriceCup: pick([0, 250]),
          city,
          stateProvinceRegion: province,
          dateIssued,
        }),
      )
      .returning();
    const items = Array.from({ length: lines }, () => {
      // One line in five has no product any more (deleted): grouped by its name.
      const productId = next() < 0.2 ? null : pick(productIds);
      const name = productId === null ? pick(["Olla vieja", "Jarra"]) : `Producto ${productId % 4}`;
      return { orderId: row.id, productId, name, count: pick([1, 2]), priceCents: pick([100, 200]) };
    });
    await db().insert(orderItems).values(items);
    return row.id;
  }

  /** A random instant of the Havana day, the first and last minutes more likely. */
  function instantOf(dayText: string): Date {
    const start = havanaDayStart(dayText).getTime();
    const length = havanaDayStart(addDays(dayText, 1)).getTime() - start;
    const roll = next();
    const offset = roll < 0.1 ? 0 : roll < 0.2 ? length - 1 : Math.floor(next() * length);
    return new Date(start + offset);
  }

  async function expectLive(now = NOW) {
    for (const range of RANGES) {
      expect(await salesByDay(db(), range, now)).toEqual(await salesByDayLive(db(), range));
      for (const limit of [3, 100]) {
        expect(await topProducts(db(), range, limit, now)).toEqual(await topProductsLive(db(), range, limit));
        expect(await topMunicipalities(db(), range, limit, now)).toEqual(
          await topMunicipalitiesLive(db(), range, limit),
        );
      }
    }
  }

  const count = async (table: string, where = "true") => {
    const result = await db().execute(sql.raw(`select count(*)::int as n from ${table} where ${where}`));
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ n: number }>;
    return Number(rows[0].n);
  };
  const filled = (dayText: string) => count("sales_daily", `day = '${dayText}'`);
  async function forgetAll() {
    await db().execute(sql`delete from sales_daily_products`);
    await db().execute(sql`delete from sales_daily_places`);
    await db().execute(sql`delete from sales_daily`);
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    userId = (await insertUser(db())).id;
    for (let i = 0; i < 6; i += 1) productIds.push((await insertProduct(db(), { name: `Producto ${i}` })).id);
    for (let i = 0; i < DAYS; i += 1) {
      const dayText = addDays(FIRST_DAY, i);
      // Some days without orders; the others have a delivered one, and more at random.
      if (i % 9 === 4) continue;
      await order(instantOf(dayText), 2, "delivered");
      const n = Math.floor(next() * 4);
      for (let k = 0; k < n; k += 1) await order(instantOf(dayText));
    }
  });
  afterAll(() => database.close());

  it("gives the live figures, order and ties included, and rolls up only closed days", async () => {
    expect(await count("sales_daily")).toBe(0);
    await expectLive();
    // Every closed day the ranges cover has its row (zero for a day without orders); none later.
    expect(await count("sales_daily")).toBe(57); // 1 October to 26 November
    expect(await count("sales_daily", "day >= '2026-11-27'")).toBe(0);
    expect(await count("sales_daily", "placed = 0")).toBeGreaterThan(0);
    expect(await count("sales_daily_products")).toBeGreaterThan(0);
    // The rollup is what is read: a figure changed by hand shows (and is put back).
    await db().execute(sql`update sales_daily set placed = placed + 1000 where day = '2026-10-12'`);
    const [changed] = (await salesByDay(db(), day("2026-10-12", "2026-10-12"), NOW)).filter(
      (row) => row.day === "2026-10-12",
    );
    expect(changed.placed).toBeGreaterThan(1000);
    await db().execute(sql`update sales_daily set placed = placed - 1000 where day = '2026-10-12'`);
    // A day later, the 27th is closed too.
    await expectLive(new Date("2026-11-29T15:00:00Z"));
    expect(await filled("2026-11-27")).toBe(1);
  });

  it("forgets a day when its orders or lines change, and the next report equals the live one", async () => {
    await expectLive();
    const onDay = async (dayText: string) => {
      const [row] = await db()
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(
          sql`${orders.dateIssued} >= ${havanaDayStart(dayText).toISOString()} and ${orders.dateIssued} < ${havanaDayStart(addDays(dayText, 1)).toISOString()} and ${orders.status} <> 'cancelled'`,
        )
        .limit(1);
      return row.id;
    };
    const changes: Array<[string, (id: number) => Promise<unknown>]> = [
      ["2026-10-03", (id) => db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, id))],
      ["2026-10-06", (id) => db().update(orders).set({ amountCents: 123_457 }).where(eq(orders.id, id))],
      ["2026-10-08", (id) => db().update(orders).set({ shippingPriceCup: 999 }).where(eq(orders.id, id))],
      ["2026-10-11", (id) => db().update(orders).set({ city: "Regla" }).where(eq(orders.id, id))],
      ["2026-10-15", (id) => db().update(orders).set({ stateProvinceRegion: "Mayabeque" }).where(eq(orders.id, id))],
      ["2026-10-16", (id) => db().delete(orderItems).where(eq(orderItems.orderId, id))],
      [
        "2026-10-19",
        (id) =>
          db().insert(orderItems).values({ orderId: id, productId: null, name: "Jarra", count: 40, priceCents: 5 }),
      ],
      ["2026-10-21", (id) => db().update(orderItems).set({ count: 30 }).where(eq(orderItems.orderId, id))],
      ["2026-10-24", (id) => db().delete(orders).where(eq(orders.id, id))],
    ];
    for (const [dayText, change] of changes) {
      expect(await filled(dayText)).toBe(1);
      await change(await onDay(dayText));
      expect(await filled(dayText)).toBe(0);
      await expectLive();
      expect(await filled(dayText)).toBe(1);
    }
    // An order moved from one closed day to another forgets both.
    const moved = await onDay("2026-10-26");
    await db()
      .update(orders)
      .set({ dateIssued: instantOf("2026-10-29") })
      .where(eq(orders.id, moved));
    expect([await filled("2026-10-26"), await filled("2026-10-29")]).toEqual([0, 0]);
    await expectLive();
    // A new order on a closed day, and one whose status goes back from cancelled.
    await order(instantOf("2026-10-31"), 3);
    expect(await filled("2026-10-31")).toBe(0);
    await expectLive();
    await db().update(orders).set({ status: "delivered" }).where(eq(orders.status, "cancelled"));
    await expectLive();
  });

  it("fills the same days once when two loads, then two loads and a writer, run at once", async () => {
    const range = { from: FIRST_DAY, to: "2026-11-28" };
    const whole = day(range.from, range.to);
    const noDuplicates = async () => {
      expect(await count("sales_daily")).toBe(57);
      // One row per day and group: the primary key holds sales_daily; the others are checked here.
      const twice = (table: string, group: string) =>
        count(`(select 1 from ${table} group by ${group} having count(*) > 1) as d`);
      expect(await twice("sales_daily_products", "day, product_id, name_key")).toBe(0);
      expect(await twice("sales_daily_places", "day, city, province")).toBe(0);
    };

    await forgetAll();
    const [first, second] = await Promise.all([
      loadReports(db(), range, "es", NOW),
      loadReports(db(), range, "es", NOW),
    ]);
    expect(second).toEqual(first);
    const live = await salesByDayLive(db(), whole);
    expect(first.totals.placed).toBe(live.reduce((sum, row) => sum + row.placed, 0));
    expect(first.totals.goodsCents).toBe(live.reduce((sum, row) => sum + row.goodsCents, 0));
    expect(first.products).toEqual(await topProductsLive(db(), whole, 10));
    expect(first.municipalities).toEqual(await topMunicipalitiesLive(db(), whole, 10));
    await noDuplicates();

    await forgetAll();
    const flipping = await order(instantOf("2026-10-09"), 2, "delivered");
    await Promise.all([
      loadReports(db(), range, "es", NOW),
      loadReports(db(), range, "es", NOW),
      (async () => {
        for (let i = 0; i < 5; i += 1) {
          const status = i % 2 === 0 ? "cancelled" : "processed";
          await db().update(orders).set({ status }).where(eq(orders.id, flipping));
        }
      })(),
    ]);
    await expectLive();
    await noDuplicates();
  });
});
