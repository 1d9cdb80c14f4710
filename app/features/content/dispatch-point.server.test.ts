import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { companyInfo } from "~/db/schema/content";
import { exchangeRates } from "~/db/schema/currency";
import { addCartLine } from "~/features/cart/cart.server";
import { invalidateCatalog, invalidateStock } from "~/features/catalog/catalog-cache.server";
import { getExchangeRate } from "~/features/currency/currency.server";
import { calculateShipping, quoteCheckout } from "~/features/orders/quote.server";
import { insertProduct, insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { getDispatchPoint } from "./dispatch-point.server";
import { DISPATCH_POINT, distanceKm } from "~/features/shipping/shipping";

// D15: the price is the distance from the store's dispatch point, which company info holds and the
// operator changes in the back office (issue 12, point 5); central Havana until it is set.

const SANTIAGO = { latitude: 20.0247, longitude: -75.8219 };
const VEDADO = { latitude: 23.1367, longitude: -82.3918 };
const NOON = new Date("2026-03-10T16:00:00Z"); // 11:00 in Havana: express is open

describe.each(databaseKinds())("dispatch point on %s (D15)", (kind) => {
  let database: Database;
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const user = await insertUser(database.db);
    userId = user.id;
    const product = await insertProduct(database.db, { priceCents: 1000, originalPriceCents: 1000, quantity: 5 });
    expect((await addCartLine(database.db, userId, { productId: product.id, count: 1 })).ok).toBe(true);
  });
  afterAll(() => database.close());

  it("prices from company info's point, and follows a change at once", async () => {
    const { db } = database;
    await db.delete(companyInfo);
    invalidateCatalog(db);
    expect(await getDispatchPoint(db)).toEqual(DISPATCH_POINT);
    const fromHavana = await calculateShipping(db, userId, { ...VEDADO, deliveryOption: "standard", now: NOON });
    expect(fromHavana).toMatchObject({ ok: true, costCup: Math.ceil(distanceKm(DISPATCH_POINT, VEDADO) * 80) });

    await db.insert(companyInfo).values({ id: 1, name: "Tienda", dispatchLatitude: 23.1, dispatchLongitude: -82.4 });
    expect(await getDispatchPoint(db)).toEqual(DISPATCH_POINT); // memoised until invalidated
    await db
      .update(companyInfo)
      .set({ dispatchLatitude: SANTIAGO.latitude, dispatchLongitude: SANTIAGO.longitude })
      .where(eq(companyInfo.id, 1));
    invalidateCatalog(db);
    expect(await getDispatchPoint(db)).toEqual(SANTIAGO);

    const fromSantiago = await calculateShipping(db, userId, { ...VEDADO, deliveryOption: "express", now: NOON });
    const expected = Math.ceil(distanceKm(SANTIAGO, VEDADO) * 150);
    expect(fromSantiago).toMatchObject({ ok: true, costCup: expected });
    expect(expected).toBeGreaterThan(100_000); // ~760 km: clearly not priced from Havana

    const quote = await quoteCheckout(db, userId, { ...VEDADO, deliveryOption: "express", now: NOON });
    expect(quote.dispatchPoint).toEqual(SANTIAGO);
    expect(quote.shipping).toMatchObject({ ok: true, costCup: expected });
  });

  it("keeps the memoised point and rate when only stock changed (an order), drops them on other changes", async () => {
    const { db } = database;
    await db.delete(companyInfo);
    await db.insert(companyInfo).values({ id: 1, name: "Tienda", dispatchLatitude: 23.1, dispatchLongitude: -82.4 });
    invalidateCatalog(db);
    const before = await getDispatchPoint(db);
    const rateBefore = await getExchangeRate(db);
    // Written behind the memos' back, as another process would before its notification arrives.
    await db.update(companyInfo).set({ dispatchLatitude: 22.0 }).where(eq(companyInfo.id, 1));
    await db.insert(exchangeRates).values({ rate: "999.00", source: "test", effectiveDate: "2999-01-01" });

    invalidateStock(db); // an order placed or cancelled
    expect(await getDispatchPoint(db)).toEqual(before);
    expect(await getExchangeRate(db)).toBe(rateBefore);

    invalidateCatalog(db); // anything else
    expect(await getDispatchPoint(db)).toEqual({ latitude: 22.0, longitude: -82.4 });
    expect(await getExchangeRate(db)).toBe(999);
    await db.delete(exchangeRates).where(eq(exchangeRates.source, "test"));
    invalidateCatalog(db);
  });
});
