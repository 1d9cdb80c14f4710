import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { issueTokens } from "~/features/accounts/accounts.server";
import { insertProduct, insertUser, signInStaff } from "../tests/factories";
import { createTestEnv } from "../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../tests/setup/db";
import { type AppServer, startAppServer } from "../tests/support/app-server";

// Issue 22 point 5, against the whole server (tests/support/app-server.ts): ids in URLs, forms and
// query strings beyond PostgreSQL's integer (2147483647) are read by one helper (utils/ids.ts) and
// answered 400 or 404, never 500 (the back-office product form answered 500 to categoryId 9999999999).

vi.mock("~/app.css?url", () => ({ default: "/assets/app.css" }));

const HUGE = "9999999999";

describe.each(databaseKinds())("ids beyond the integer column on %s (issue 22 point 5)", (kind) => {
  let database: Database;
  let app: AppServer;
  const env = createTestEnv();
  let operator = "";
  let customer = "";
  let customerToken = "";
  let productId = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await startAppServer({ db: database.db, env });
    productId = (await insertProduct(database.db)).id;
    const op = await insertUser(database.db, { role: "owner" });
    operator = `access=${(await signInStaff(database.db, env, op)).access}`;
    customerToken = (await issueTokens({ db: database.db, env }, await insertUser(database.db))).access;
    customer = `access=${customerToken}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const send = (
    path: string,
    init: { cookie?: string; form?: Record<string, string>; token?: string; json?: unknown } = {},
  ) =>
    fetch(`${app.url}${path}`, {
      method: init.form || init.json !== undefined ? "POST" : "GET",
      redirect: "manual",
      headers: {
        Origin: app.url,
        Accept: "text/html",
        ...(init.cookie ? { Cookie: init.cookie } : {}),
        ...(init.token ? { Authorization: `JWT ${init.token}` } : {}),
        ...(init.json !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: init.form
        ? new URLSearchParams(init.form)
        : init.json !== undefined
          ? JSON.stringify(init.json)
          : undefined,
    });

  it("the back-office product form with categoryId 9999999999: 400 with the category's field error, nothing saved", async () => {
    const res = await send(`/es/admin/products/${productId}`, {
      cookie: operator,
      form: { name: "Cafetera", nameEn: "", price: "10", quantity: "3", categoryId: HUGE, version: "0" },
    });
    expect(res.status).toBe(400);
    const [row] = await database.db.select().from(products).where(eq(products.id, productId));
    expect(row.name).not.toBe("Cafetera");
  });

  it.each([
    [`/es/product/${HUGE}`, "visitor"],
    [`/es/product/99999999999999999999`, "visitor"],
    [`/es/admin/products/${HUGE}`, "operator"],
    [`/es/admin/categories/${HUGE}`, "operator"],
    [`/es/admin/coupons/${HUGE}`, "operator"],
    [`/es/admin/slides/${HUGE}`, "operator"],
    [`/es/admin/sellers/${HUGE}`, "operator"],
    [`/es/admin/orders/${HUGE}`, "operator"],
    [`/es/orders/${HUGE}/invoice`, "customer"],
  ])("page %s (as a %s): 404", async (path, who) => {
    const cookie = who === "operator" ? operator : who === "customer" ? customer : undefined;
    expect((await send(path, { cookie })).status).toBe(404);
  });

  it.each([
    `/es/admin/products?category=${HUGE}`,
    `/es/admin/categories/new?parent=${HUGE}`,
    `/es/admin/products?p=${HUGE}`,
  ])("query %s: answered, never 500", async (path) => {
    expect((await send(path, { cookie: operator })).status).toBe(200);
  });

  it("form posts with an id beyond the column: refused (400, 404, or the no-JavaScript redirect back with its alert), never 500", async () => {
    const posts: Array<[string, Record<string, string>, string]> = [
      ["/es/cart/add", { productId: HUGE, count: "1" }, customer],
      ["/es/cart/add", { productId: String(productId), count: HUGE }, customer],
      ["/es/cart", { intent: "update", lineId: HUGE, count: "1" }, customer],
      ["/es/wishlist/toggle", { productId: HUGE }, customer],
      ["/es/admin/categories", { intent: "move", id: HUGE, direction: "up" }, operator],
      ["/es/admin/categories/new", { nameEs: "Nueva", nameEn: "", parentId: HUGE }, operator],
    ];
    for (const [path, form, cookie] of posts) {
      const status = (await send(path, { cookie, form })).status;
      expect([303, 400, 404], `${path} ${JSON.stringify(form)} → ${status}`).toContain(status);
    }
    expect((await send(`/es/recently-viewed?ids=${HUGE},${productId}`)).status).toBe(200);
  });

  it("API path and query ids beyond the column: 400 or 404 (a total of nothing for an unknown line), never 500", async () => {
    for (const path of [
      `/api/product/product/${HUGE}`,
      `/api/product/related/${HUGE}`,
      `/api/reviews/get-reviews/${HUGE}`,
      `/api/orders/get-order/${HUGE}`,
    ]) {
      const status = (await send(path, { token: customerToken })).status;
      expect([400, 404], `${path} → ${status}`).toContain(status);
    }
    // §7.3: an unknown line's total is 0, as before; an id beyond the column is just as unknown.
    expect((await send(`/api/cart/get-item-total?cart_item_id=${HUGE}`, { token: customerToken })).status).toBe(200);
    for (const [path, json] of [
      ["/api/cart/add-item", { product_id: Number(HUGE), count: 1 }],
      ["/api/wishlist/add-item", { product_id: Number(HUGE) }],
    ] as const) {
      const status = (await send(path, { token: customerToken, json })).status;
      expect([400, 404], `${path} → ${status}`).toContain(status);
    }
  });
});
