import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import type { User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { createOrder } from "~/features/orders/create.server";
import { allowedMoves } from "~/features/orders/status";
import type { Env } from "~/utils/env.server";
import { cartCheckoutInput, insertProduct, insertUser } from "../../../tests/factories";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { ORDERS_PAGE_SIZE, getAdminOrder, listAdminOrders, mapLink, parseOrderFilters } from "./admin-list.server";

// Issue 12, point 2 (§4.1, D24): the back office's order list (filters, search, order, paging,
// hostile query strings) and one order in full. The page's loader and action (status moves,
// emails, stock, audit) and the delivery sheet route: app/routes/admin/order.test.ts.

const filters = (query: string) => parseOrderFilters(new URLSearchParams(query));

describe("parseOrderFilters (issue 12, point 2: bad query values are ignored or clamped)", () => {
  it("reads what it can and ignores the rest", () => {
    expect(filters("status=shipping&option=express&from=2026-01-10&to=2026-01-31&q=%20Ana%20&p=3")).toEqual({
      status: "shipping",
      option: "express",
      from: "2026-01-10",
      to: "2026-01-31",
      q: "Ana",
      page: 3,
    });
    for (const query of [
      "status=lost&option=drone&from=2026-02-30&to=yesterday&p=-4",
      "status=&from=10/01/2026&to=2026-1-5&p=abc",
      "status[]=processed&from=1999-12-31&to=3000-01-01&p=0",
      "from=2026-13-01&to=2026-00-10&p=NaN",
    ]) {
      expect(filters(query), query).toEqual({ status: "", option: "", from: "", to: "", q: "", page: 1 });
    }
    expect(filters("p=99999999999").page).toBe(1_000_000);
    expect(filters(`q=${"x".repeat(500)}`).q).toHaveLength(100);
    expect(filters("q=a%00b%20%20%20c").q).toBe("ab c");
  });
});

describe.each(databaseKinds())("back-office orders on %s (issue 12, point 2)", (kind) => {
  let database: Database;
  let env: Env;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
  });
  afterAll(() => database.close());

  /** An order written straight into the table, for the list's tests (dates and fields chosen). */
  /** An order written straight into the table, for the list's tests (dates and fields chosen). */
  async function rawOrder(values: Partial<typeof orders.$inferInsert> & { userId?: number }) {
    sequence += 1;
    const userId = values.userId ?? (await insertUser(database.db)).id;
    const [row] = await database.db
      .insert(orders)
      .values({
        transactionId: `${kind}${sequence.toString(16).padStart(6, "0")}aa`,
        status: "not_processed",
        amountCents: 1000,
        goodsCents: 1000,
        shippingPriceCup: 500,
        shippingName: "Estándar",
        shippingTime: "1-2 días",
        fullName: `Cliente ${sequence}`,
        clientId: "85010112345",
        address: "Calle 23",
        city: "Plaza",
        stateProvinceRegion: "La Habana",
        phoneNumber: "+53 5 000 0000",
        deliveryLatitude: 23.1,
        deliveryLongitude: -82.4,
        ...values,
        userId,
      })
      .returning();
    return row;
  }

  const ids = (list: { rows: Array<{ transactionId: string }> }) => list.rows.map((r) => r.transactionId);

  it("filters by status, delivery option and Havana days (both ends included), newest first", async () => {
    const tag = `Fecha${kind}`;
    // Winter: Havana is UTC-5, so 10 January runs from 05:00 UTC on the 10th to 05:00 UTC on the 11th.
    const before = await rawOrder({ fullName: tag, dateIssued: new Date("2026-01-10T04:59:59Z") });
    const first = await rawOrder({ fullName: tag, dateIssued: new Date("2026-01-10T05:00:00Z"), status: "processed" });
    const last = await rawOrder({
      fullName: tag,
      dateIssued: new Date("2026-01-11T04:59:59Z"),
      deliveryOption: "express",
    });
    const after = await rawOrder({ fullName: tag, dateIssued: new Date("2026-01-11T05:00:00Z") });

    expect(ids(await listAdminOrders(database.db, filters(`q=${tag}`)))).toEqual(
      [after, last, first, before].map((o) => o.transactionId),
    );
    expect(ids(await listAdminOrders(database.db, filters(`q=${tag}&from=2026-01-10&to=2026-01-10`)))).toEqual([
      last.transactionId,
      first.transactionId,
    ]);
    expect(ids(await listAdminOrders(database.db, filters(`q=${tag}&from=2026-01-11`)))).toEqual([after.transactionId]);
    expect(ids(await listAdminOrders(database.db, filters(`q=${tag}&to=2026-01-09`)))).toEqual([before.transactionId]);
    // Summer: UTC-4, a day starts at 04:00 UTC.
    const summer = await rawOrder({ fullName: tag, dateIssued: new Date("2026-07-01T04:00:00Z") });
    expect(ids(await listAdminOrders(database.db, filters(`q=${tag}&from=2026-07-01&to=2026-07-01`)))).toEqual([
      summer.transactionId,
    ]);

    const processed = await listAdminOrders(database.db, filters(`q=${tag}&status=processed`));
    expect(ids(processed)).toEqual([first.transactionId]);
    expect(processed.total).toBe(1);
    expect(ids(await listAdminOrders(database.db, filters(`q=${tag}&option=express`)))).toEqual([last.transactionId]);
    expect(ids(await listAdminOrders(database.db, filters(`q=${tag}&option=standard&status=not_processed`)))).toEqual(
      [summer, after, before].map((o) => o.transactionId),
    );
    // An unknown status or a malformed date is no filter: the same five, never an error.
    expect((await listAdminOrders(database.db, filters(`q=${tag}&status=lost&from=2026-02-31`))).total).toBe(5);
  });

  it("searches the order id (exact or its start), the name without case or accents, the email and the phone", async () => {
    const user = await insertUser(database.db, { email: `martina.search-${kind}@correo.cu` });
    const target = await rawOrder({
      userId: user.id,
      transactionId: `f00dcafe${kind}0123456789`,
      fullName: "José Martínez Peña",
      phoneNumber: "+53 5 271 8899",
    });
    const other = await rawOrder({ fullName: "Josefina Ruiz", phoneNumber: "+53 7 830 1111" });

    const search = async (q: string) => ids(await listAdminOrders(database.db, filters(`q=${encodeURIComponent(q)}`)));
    expect(await search(target.transactionId)).toEqual([target.transactionId]);
    expect(await search(`F00DCAFE${kind}`)).toEqual([target.transactionId]);
    expect(await search("martinez pena")).toEqual([target.transactionId]);
    expect(await search("JOSÉ MARTÍNEZ")).toEqual([target.transactionId]);
    expect(await search("jose")).toEqual([other.transactionId, target.transactionId]);
    expect(await search(`martina.search-${kind}@correo`)).toEqual([target.transactionId]);
    expect(await search(`MARTINA.SEARCH-${kind}`)).toEqual([target.transactionId]);
    expect(await search("52718899")).toEqual([target.transactionId]);
    expect(await search("+53 5 271-88 99")).toEqual([target.transactionId]);
    expect(await search("271 88")).toEqual([target.transactionId]);
    // LIKE's wildcards are literal; hostile text finds nothing and breaks nothing.
    for (const q of ["%", "_", "\\", "%'; drop table orders; --", "a\u0000b", "é".repeat(300), "()"]) {
      expect(await search(q), q).toEqual([]);
    }
  });

  it("pages 50 at a time and clamps a page past the last to the last", async () => {
    const tag = `Pagina${kind}`;
    const base = Date.parse("2025-06-01T12:00:00Z");
    for (let i = 0; i < ORDERS_PAGE_SIZE + 5; i += 1) {
      await rawOrder({ fullName: `${tag} ${i}`, dateIssued: new Date(base + i * 60_000) });
    }
    const first = await listAdminOrders(database.db, filters(`q=${tag}`));
    expect(first).toMatchObject({ total: 55, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0].fullName).toBe(`${tag} 54`);
    const dates = first.rows.map((r) => r.dateIssued.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = await listAdminOrders(database.db, filters(`q=${tag}&p=2`));
    expect(second.rows.map((r) => r.fullName)).toEqual([4, 3, 2, 1, 0].map((i) => `${tag} ${i}`));
    expect(await listAdminOrders(database.db, filters(`q=${tag}&p=99999`))).toMatchObject({ page: 2, pageCount: 2 });
    const none = await listAdminOrders(database.db, filters("q=nadie-se-llama-asi&p=7"));
    expect(none).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });

  it("reads one order in full with its account's email; anything else is null", async () => {
    const user = (await insertUser(database.db, { firstName: "Eva" })) as User;
    const product = await insertProduct(database.db, {
      name: "Arroz 1 kg",
      nameEn: "Rice 1 kg",
      priceCents: 250,
      quantity: 20,
    });
    expect((await mergeCartLine(database.db, user.id, { productId: product.id, count: 3 })).ok).toBe(true);
    const placed = await createOrder(
      { db: database.db, env },
      user,
      await cartCheckoutInput(database.db, user.id, {
        first_name: "Eva",
        last_name: "Paz Núñez",
        phone: "+53 5 555 1234",
        is_gift: true,
        gift_message: "¡Feliz cumpleaños!",
      }),
      { lang: "en" },
    );
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    await placed.notified;
    const found = await getAdminOrder(database.db, placed.order.transactionId);
    expect(found?.email).toBe(user.email);
    expect(found?.order).toEqual(placed.order);
    expect(found?.order).toMatchObject({
      fullName: "Eva Paz Núñez",
      isGift: true,
      giftMessage: "¡Feliz cumpleaños!",
      language: "en",
      items: [{ name: "Rice 1 kg", count: 3, priceCents: 250 }],
      history: [{ status: "not_processed", note: "" }],
    });
    for (const id of ["nope", "<script>", "x".repeat(80), "", "a b"]) {
      expect(await getAdminOrder(database.db, id)).toBeNull();
    }
  });

  it("offers only the §4.1 moves and links the point to OpenStreetMap", () => {
    expect(allowedMoves("not_processed")).toEqual(["processed", "cancelled"]);
    expect(allowedMoves("processed")).toEqual(["shipping", "cancelled"]);
    expect(allowedMoves("shipping")).toEqual(["delivered"]);
    expect(allowedMoves("delivered")).toEqual([]);
    expect(allowedMoves("cancelled")).toEqual([]);
    expect(mapLink(23.1136, -82.3666)).toBe(
      "https://www.openstreetmap.org/?mlat=23.11360&mlon=-82.36660#map=17/23.11360/-82.36660",
    );
  });
});
