import { eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import type { User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { getCartLines } from "~/features/cart/cart-lines.server";
import { createOrder } from "~/features/orders/create.server";
import { getOrder } from "~/features/orders/orders.server";
import { changeOrderStatus } from "~/features/orders/status.server";
import type { Env } from "~/utils/env.server";
import { cartCheckoutInput, insertProduct, insertUser, type Product } from "../../tests/factories";
import { createTestContext, createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { loader as invoiceLoader } from "./order-invoice";
import { action, loader } from "./orders";

// §2.15 orders page, §4.1, §8 Orders, D19, D20: the page's loader and actions and the invoice
// resource route, called with real Requests.

const VEDADO = { latitude: 23.1357, longitude: -82.3838 };

type Page = Awaited<ReturnType<typeof loader>>;
type PageData = Extract<Page, { orders: unknown }>;
/** A loader answer, plain or wrapped by `data()` with a status. */
function unwrap(result: unknown): { data: PageData; status: number } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const wrapped = result as { data: PageData; init: ResponseInit | null };
    return { data: wrapped.data, status: wrapped.init?.status ?? 200 };
  }
  return { data: result as PageData, status: 200 };
}

/** The alert a redirect carries (flash cookie): key, tone and values. */
function flashOf(res: Response): { key: string; tone: string; values?: Record<string, string> } {
  const cookie = res.headers.get("Set-Cookie") ?? "";
  const match = /flash=([^;]*)/.exec(cookie);
  if (!match) throw new Error(`no flash in ${cookie}`);
  return JSON.parse(decodeURIComponent(match[1]));
}

describe.each(databaseKinds())("orders page on %s", (kind) => {
  let database: Database;
  let env: Env;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
  });
  afterAll(() => database.close());

  const newUser = async (): Promise<User> => (await insertUser(database.db, { firstName: "Eva" })) as User;

  function call<T extends (args: never) => unknown>(
    fn: T,
    url: string,
    opts: { user: User | null; body?: Record<string, string>; params?: Record<string, string> },
  ) {
    const context = createTestContext({ db: database.db, env, user: opts.user });
    const request = new Request(
      url,
      opts.body
        ? { method: "POST", body: new URLSearchParams(opts.body), headers: { Accept: "text/html" } }
        : undefined,
    );
    const lang = new URL(url).pathname.split("/")[1];
    return fn({ request, params: { lang, ...opts.params }, context } as never) as ReturnType<T>;
  }

  const stockOf = async (product: Product) =>
    (await database.db.select().from(products).where(eq(products.id, product.id)))[0].quantity;

  /** Places an order of `lines` for `user` through the orders feature, as checkout does. */
  async function place(user: User, lines: Array<[Product, number]>, extra: Record<string, unknown> = {}) {
    for (const [product, count] of lines) {
      const added = await mergeCartLine(database.db, user.id, { productId: product.id, count });
      expect(added.ok).toBe(true);
    }
    const input = await cartCheckoutInput(database.db, user.id, { first_name: "Eva", last_name: "Paz", ...extra });
    const result = await createOrder({ db: database.db, env }, user, input, { lang: "es" });
    if (!result.ok) throw new Error(JSON.stringify(result));
    await result.notified;
    return result.order;
  }

  it("sends a signed-out visitor to login and back (D7)", async () => {
    const res = await call(loader, "http://localhost/es/orders?order=abc", { user: null }).catch((r: unknown) => r);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get("Location")).toBe(
      `/es/login?next=${encodeURIComponent("/es/orders?order=abc")}`,
    );
  });

  it("lists the shopper's orders newest first; ?order= opens one; another shopper's id is 'Order not found' (D19)", async () => {
    const user = await newUser();
    const empty = unwrap(await call(loader, "http://localhost/es/orders", { user }));
    expect(empty.data.orders).toEqual([]);

    const product = await insertProduct(database.db, { name: "Arroz 1 kg", priceCents: 250, quantity: 50 });
    const first = await place(user, [[product, 2]]);
    const second = await place(user, [[product, 3]], { is_gift: true, gift_message: "¡Feliz cumpleaños!" });
    const { data, status } = unwrap(await call(loader, "http://localhost/en/orders", { user }));
    expect(status).toBe(200);
    expect(data.detail).toBeNull();
    expect(data.orders.map((o) => o.id)).toEqual([second.transactionId, first.transactionId]);
    expect(data.orders[0]).toMatchObject({ status: "not_processed", itemCount: 3, goodsUsd: 7.5 });
    expect(data.orders[0].date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);

    const opened = unwrap(await call(loader, `http://localhost/es/orders?order=${second.transactionId}`, { user }));
    expect(opened.status).toBe(200);
    expect(opened.data.detail).toMatchObject({
      id: second.transactionId,
      cancellable: true,
      isGift: true,
      giftMessage: "¡Feliz cumpleaños!",
      lines: [{ name: "Arroz 1 kg", count: 3, unitUsd: 2.5 }],
      deliveryOption: "standard",
      latitude: VEDADO.latitude,
    });
    expect(opened.data.detail?.steps.map((s) => [s.status, s.state])).toEqual([
      ["not_processed", "current"],
      ["processed", "upcoming"],
      ["shipping", "upcoming"],
      ["delivered", "upcoming"],
    ]);

    const other = await newUser();
    for (const id of [second.transactionId, "0000", "<script>"]) {
      const foreign = unwrap(
        await call(loader, `http://localhost/es/orders?order=${encodeURIComponent(id)}`, { user: other }),
      );
      expect(foreign.status, id).toBe(404);
      expect(foreign.data).toMatchObject({ notFound: true, detail: null, orders: [] });
    }
  });

  it("cancels through the page action while allowed: stock back, status cancelled, then 409 to customer service", async () => {
    const user = await newUser();
    const product = await insertProduct(database.db, { name: "Aceite", priceCents: 400, quantity: 10 });
    const order = await place(user, [[product, 4]]);
    expect(await stockOf(product)).toBe(6);

    // Another shopper cannot cancel it (D19).
    const other = await newUser();
    const foreign = await call(action, "http://localhost/es/orders", {
      user: other,
      body: { intent: "cancel", transactionId: order.transactionId },
    });
    expect(foreign.status).toBe(303);
    expect(foreign.headers.get("Location")).toBe("/es/orders");
    expect(flashOf(foreign)).toMatchObject({ key: "orders.errors.notFound", tone: "error" });
    expect((await getOrder(database.db, user.id, order.transactionId))?.status).toBe("not_processed");

    const res = await call(action, `http://localhost/es/orders?order=${order.transactionId}`, {
      user,
      body: { intent: "cancel", transactionId: order.transactionId },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/es/orders?order=${order.transactionId}`);
    expect(flashOf(res)).toMatchObject({
      key: "orders.page.cancelled",
      tone: "success",
      values: { id: order.transactionId },
    });
    expect(await stockOf(product)).toBe(10);
    const after = unwrap(await call(loader, `http://localhost/es/orders?order=${order.transactionId}`, { user }));
    expect(after.data.orders[0].status).toBe("cancelled");
    expect(after.data.detail).toMatchObject({ status: "cancelled", cancellable: false });
    expect(after.data.detail?.steps.map((s) => [s.status, s.state])).toEqual([
      ["not_processed", "done"],
      ["cancelled", "current"],
    ]);

    // Twice: refused, stock untouched, the shopper is sent to customer service (§4.1).
    const again = await call(action, "http://localhost/es/orders", {
      user,
      body: { intent: "cancel", transactionId: order.transactionId },
    });
    expect(flashOf(again)).toMatchObject({
      key: "orders.errors.cannotCancel",
      tone: "error",
      values: { status: "Cancelado" },
    });
    expect(await stockOf(product)).toBe(10);
  });

  it("is no longer cancellable once shipping (§4.1)", async () => {
    const user = await newUser();
    const product = await insertProduct(database.db, { quantity: 10 });
    const order = await place(user, [[product, 1]]);
    const deps = { db: database.db, env };
    expect((await changeOrderStatus(deps, { transactionId: order.transactionId }, "processed")).ok).toBe(true);
    const processed = unwrap(await call(loader, `http://localhost/en/orders?order=${order.transactionId}`, { user }));
    expect(processed.data.detail).toMatchObject({ status: "processed", cancellable: true });
    expect(processed.data.detail?.steps.map((s) => s.state)).toEqual(["done", "current", "upcoming", "upcoming"]);

    expect((await changeOrderStatus(deps, { transactionId: order.transactionId }, "shipping")).ok).toBe(true);
    const shipping = unwrap(await call(loader, `http://localhost/en/orders?order=${order.transactionId}`, { user }));
    expect(shipping.data.detail).toMatchObject({ status: "shipping", cancellable: false });
    expect(shipping.data.detail?.steps.map((s) => s.state)).toEqual(["done", "done", "current", "upcoming"]);
    expect(shipping.data.detail?.steps[1].date).toBeTruthy();

    const res = await call(action, "http://localhost/en/orders", {
      user,
      body: { intent: "cancel", transactionId: order.transactionId },
    });
    expect(res.headers.get("Location")).toBe(`/en/orders?order=${order.transactionId}`);
    expect(flashOf(res)).toMatchObject({
      key: "orders.errors.cannotCancel",
      tone: "error",
      values: { status: "On its way" },
    });
    expect((await getOrder(database.db, user.id, order.transactionId))?.status).toBe("shipping");
  });

  it("reorders into the cart with a note of the lines not added and why (D20)", async () => {
    const user = await newUser();
    const rice = await insertProduct(database.db, { name: "Arroz", priceCents: 250, quantity: 20 });
    const beans = await insertProduct(database.db, { name: "Frijoles negros", priceCents: 300, quantity: 20 });
    const order = await place(user, [
      [rice, 2],
      [beans, 5],
    ]);

    const full = await call(action, "http://localhost/es/orders", {
      user,
      body: { intent: "reorder", transactionId: order.transactionId },
    });
    expect(full.status).toBe(303);
    expect(full.headers.get("Location")).toBe("/es/cart");
    expect(flashOf(full)).toMatchObject({ key: "orders.page.reorder.added", tone: "success" });
    const cart = await getCartLines(database.db, user.id, "es");
    expect(cart.map((l) => [l.product.id, l.count]).sort()).toEqual(
      [
        [rice.id, 2],
        [beans.id, 5],
      ].sort(),
    );

    // Beans sold out, and only one bag of rice left (the cart already holds 2, so it is capped at 1).
    await database.db.update(products).set({ quantity: 0 }).where(eq(products.id, beans.id));
    await database.db.update(products).set({ quantity: 1 }).where(eq(products.id, rice.id));
    const partial = await call(action, "http://localhost/en/orders", {
      user,
      body: { intent: "reorder", transactionId: order.transactionId },
    });
    expect(partial.headers.get("Location")).toBe("/en/cart");
    const note = flashOf(partial);
    expect(note).toMatchObject({ key: "orders.page.reorder.partial", tone: "success" });
    expect(note.values?.lines).toContain("Frijoles negros: Product is out of stock");
    expect(note.values?.lines?.length).toBeLessThanOrEqual(200);

    // Nothing at all can be added: stay on the order, with the reasons.
    await database.db.update(products).set({ quantity: 0 }).where(eq(products.id, rice.id));
    const none = await call(action, "http://localhost/es/orders", {
      user,
      body: { intent: "reorder", transactionId: order.transactionId },
    });
    expect(none.headers.get("Location")).toBe(`/es/orders?order=${order.transactionId}`);
    expect(flashOf(none)).toMatchObject({ key: "orders.page.reorder.none", tone: "error" });
    expect(flashOf(none).values?.lines).toContain("Arroz: Producto agotado");

    const other = await newUser();
    const foreign = await call(action, "http://localhost/es/orders", {
      user: other,
      body: { intent: "reorder", transactionId: order.transactionId },
    });
    expect(flashOf(foreign)).toMatchObject({ key: "orders.errors.notFound", tone: "error" });
    expect(await getCartLines(database.db, other.id, "es")).toEqual([]);
  });

  it("serves the invoice PDF of the shopper's own order only (D19, D20)", async () => {
    const user = await newUser();
    const product = await insertProduct(database.db, { name: "Café Serrano", priceCents: 650, quantity: 10 });
    const order = await place(user, [[product, 1]]);
    const url = `http://localhost/en/orders/${order.transactionId}/invoice`;
    const params = { transactionId: order.transactionId };

    const res = await call(invoiceLoader, url, { user, params });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="invoice-${order.transactionId}.pdf"`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const parser = new PDFParse({ data: bytes });
    try {
      expect((await parser.getText()).text.replace(/\s+/g, " ")).toContain(order.transactionId);
    } finally {
      await parser.destroy();
    }

    const other = await newUser();
    const foreign = await call(invoiceLoader, url.replace("/en/", "/es/"), { user: other, params });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain("Error al descargar la factura");

    const signedOut = await call(invoiceLoader, url, { user: null, params }).catch((r: unknown) => r);
    expect((signedOut as Response).headers.get("Location")).toMatch(/^\/en\/login\?next=/);
  });
});
