import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { type OrderStatus, orders } from "~/db/schema/orders";
import { providerApplications } from "~/db/schema/providers";
import { insertProduct, insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { LOW_STOCK_BELOW } from "~/features/catalog/low-stock.server";
import { addDays, havanaDayStart } from "~/utils/dates";
import { getDashboard } from "./dashboard.server";

// Issue 12, point 6 (§4.1 statuses, §3 Order and Provider application): the dashboard's figures.

describe("Havana days", () => {
  it("start at midnight in Havana, 05:00 UTC in winter and 04:00 UTC in summer", () => {
    expect(havanaDayStart("2026-01-15").toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(havanaDayStart("2026-07-15").toISOString()).toBe("2026-07-15T04:00:00.000Z");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe.each(databaseKinds())("admin dashboard on %s (issue 12)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  // Tuesday 24 November 2026, 10:00 in Havana (UTC-5).
  const NOW = new Date("2026-11-24T15:00:00Z");
  let sequence = 0;

  async function order(status: OrderStatus, dateIssued: Date, amountCents: number) {
    const user = await insertUser(database.db);
    sequence += 1;
    const [row] = await database.db
      .insert(orders)
      .values({
        transactionId: `tx-dash-${kind}-${sequence}`,
        userId: user.id,
        status,
        amountCents,
        goodsCents: amountCents + 100,
        shippingName: "Estándar",
        shippingTime: "2-3 días",
        fullName: `Cliente ${sequence}`,
        clientId: "85010112345",
        address: "Calle 23",
        city: "Plaza",
        stateProvinceRegion: "La Habana",
        phoneNumber: "+53 5 555 5555",
        deliveryLatitude: 23.1,
        deliveryLongitude: -82.4,
        dateIssued,
      })
      .returning();
    return row;
  }

  it("counts today's and the last 7 Havana days' orders by status and sums goods without cancelled ones", async () => {
    const empty = await getDashboard(database.db, NOW);
    expect(empty.today.total).toBe(0);
    expect(empty.today.byStatus).toEqual({ not_processed: 0, processed: 0, shipping: 0, delivered: 0, cancelled: 0 });
    expect(empty.today).toMatchObject({ from: "2026-11-24", to: "2026-11-24", goodsCents: 0 });
    expect(empty.week).toMatchObject({ from: "2026-11-18", to: "2026-11-24" });

    // Today in Havana: 00:30 (05:30 UTC) and 09:00.
    await order("not_processed", new Date("2026-11-24T05:30:00Z"), 1000);
    await order("cancelled", new Date("2026-11-24T14:00:00Z"), 5000);
    // Yesterday 23:30 in Havana is already 04:30 UTC today: yesterday, not today.
    await order("processed", new Date("2026-11-24T04:30:00Z"), 2000);
    // First day of the week, just after midnight; and the day before it, just before midnight.
    await order("delivered", new Date("2026-11-18T05:00:00Z"), 3000);
    await order("delivered", new Date("2026-11-18T04:59:59Z"), 7000);

    const dash = await getDashboard(database.db, NOW);
    expect(dash.today.byStatus).toMatchObject({ not_processed: 1, cancelled: 1, processed: 0 });
    expect(dash.today.total).toBe(2);
    expect(dash.today.goodsCents).toBe(1000);
    expect(dash.week.byStatus).toMatchObject({ not_processed: 1, processed: 1, delivered: 1, cancelled: 1 });
    expect(dash.week.total).toBe(4);
    expect(dash.week.goodsCents).toBe(1000 + 2000 + 3000);
  });

  it("lists orders waiting to be processed oldest first, at most 10, with the full count", async () => {
    const base = Date.parse("2026-11-01T12:00:00Z");
    for (let i = 11; i >= 0; i -= 1) await order("not_processed", new Date(base + i * 3_600_000), 100 * (i + 1));
    await order("processed", new Date(base - 86_400_000), 100);
    const dash = await getDashboard(database.db, NOW);
    // 12 here and 1 from the test before.
    expect(dash.waiting.count).toBe(13);
    expect(dash.waiting.oldest).toHaveLength(10);
    const dates = dash.waiting.oldest.map((o) => o.dateIssued.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(dash.waiting.oldest[0].dateIssued.toISOString()).toBe("2026-11-01T12:00:00.000Z");
    expect(dash.waiting.oldest[0]).toMatchObject({ amountCents: 100, fullName: expect.stringMatching(/^Cliente/) });
  });

  it(`lists products out of stock or below ${LOW_STOCK_BELOW} units, emptiest first`, async () => {
    const out = await insertProduct(database.db, { quantity: 0 });
    const four = await insertProduct(database.db, { quantity: LOW_STOCK_BELOW - 1 });
    const five = await insertProduct(database.db, { quantity: LOW_STOCK_BELOW });
    const dash = await getDashboard(database.db, NOW);
    const ids = dash.lowStock.map((p) => p.id);
    expect(ids).toContain(out.id);
    expect(ids).toContain(four.id);
    expect(ids).not.toContain(five.id);
    expect(ids.indexOf(out.id)).toBeLessThan(ids.indexOf(four.id));
    expect(dash.lowStock.find((p) => p.id === out.id)).toMatchObject({
      name: out.name,
      nameEn: out.nameEn,
      quantity: 0,
    });
  });

  it("counts pending seller applications and shows the latest first", async () => {
    const application = (businessName: string, status: "pending" | "approved", createdAt: Date) => ({
      businessName,
      contactName: "Ana",
      email: "ana@example.cu",
      phone: "+53 5 555 5555",
      address: "Calle 1",
      providerType: "local" as const,
      productCategories: "Alimentos",
      businessDescription: "Venta de alimentos",
      termsAccepted: true,
      status,
      createdAt,
    });
    await database.db
      .insert(providerApplications)
      .values([
        application("Viejo", "pending", new Date("2026-11-01T12:00:00Z")),
        application("Nuevo", "pending", new Date("2026-11-20T12:00:00Z")),
        application("Aprobado", "approved", new Date("2026-11-21T12:00:00Z")),
      ]);
    const dash = await getDashboard(database.db, NOW);
    expect(dash.applications.pending).toBe(2);
    expect(dash.applications.latest.map((a) => a.businessName)).toEqual(["Nuevo", "Viejo"]);
  });
});
