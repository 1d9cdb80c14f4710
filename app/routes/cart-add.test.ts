import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import type { User } from "~/features/accounts/accounts.server";
import { getCartLines } from "~/features/cart/cart-lines.server";
import { insertProduct } from "../../tests/factories";
import { createTestContext } from "../../tests/setup/context";
import { createTestDatabase } from "../../tests/setup/db";
import { action } from "./cart-add";

let database: Database;
let user: User;
beforeAll(async () => {
  database = await createTestDatabase();
  [user] = await database.db
    .insert(users)
    .values({ email: "carrito@example.com", username: "carrito", firstName: "Ana", lastName: "Gil", isActive: true })
    .returning();
});
afterAll(() => database.close());

type DataResult = { data: unknown; init: ResponseInit | null };

function post(body: Record<string, string>, opts: { user?: User | null; document?: boolean } = {}) {
  const context = createTestContext({ db: database.db, user: opts.user === undefined ? user : opts.user });
  const request = new Request("http://localhost/es/cart/add", {
    method: "POST",
    body: new URLSearchParams(body),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: opts.document ? "text/html,application/xhtml+xml" : "*/*",
    },
  });
  return action({ request, params: { lang: "es" }, context } as never);
}

describe("add to cart action (§4.3, D7, D9)", () => {
  it("sends a signed-out shopper to login, coming back to the page they were on", async () => {
    const product = await insertProduct(database.db);
    const res = (await post(
      { productId: String(product.id), redirectTo: "/es/product/7?color=Rojo" },
      { user: null },
    )) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/es/login?next=${encodeURIComponent("/es/product/7?color=Rojo")}`);
    // Another site is never a destination.
    const evil = (await post(
      { productId: String(product.id), redirectTo: "//evil.example" },
      { user: null },
    )) as Response;
    expect(evil.headers.get("Location")).toBe(`/es/login?next=${encodeURIComponent("/es/")}`);
  });

  it("refuses an out-of-stock product with 'Product is out of stock'", async () => {
    const product = await insertProduct(database.db, { quantity: 0 });
    const res = (await post({ productId: String(product.id), redirectTo: "/es/" })) as unknown as DataResult;
    expect(res.init?.status).toBe(400);
    expect(res.data).toMatchObject({ ok: false, error: "cart.errors.outOfStock" });
  });

  it("adds, then merges into the same line capped at the stock", async () => {
    const product = await insertProduct(database.db, { quantity: 5 });
    const first = (await post({ productId: String(product.id), count: "3" })) as unknown as DataResult;
    expect(first.data).toEqual({ ok: true, message: "cart.add.success", values: { count: 3 } });
    const second = (await post({ productId: String(product.id), count: "4" })) as unknown as DataResult;
    expect(second.data).toEqual({ ok: true, message: "cart.add.successCapped", values: { count: 5 } });
    const lines = (await getCartLines(database.db, user.id, "es")).filter((l) => l.product.id === product.id);
    expect(lines).toHaveLength(1);
    expect(lines[0].count).toBe(5);
  });

  it("keeps the chosen colour and variety, and refuses one the product does not have", async () => {
    const product = await insertProduct(database.db, {
      colors: [
        { name: "Rojo", name_en: "Red", hex: "#f00" },
        { name: "Azul", name_en: "Blue", hex: "#00f" },
      ],
      varieties: ["S", "M"],
    });
    await post({ productId: String(product.id), color: "Azul", variety: "M" });
    const line = (await getCartLines(database.db, user.id, "es")).find((l) => l.product.id === product.id);
    expect(line).toMatchObject({ color: "Azul", variety: "M", count: 1 });
    const bad = (await post({ productId: String(product.id), color: "Verde" })) as unknown as DataResult;
    expect(bad.data).toMatchObject({ ok: false, error: "cart.errors.invalidColor" });
  });

  it("answers a plain form post (no JavaScript) with a redirect back and an alert", async () => {
    const product = await insertProduct(database.db);
    const ok = (await post(
      { productId: String(product.id), redirectTo: "/es/search?q=arroz" },
      { document: true },
    )) as Response;
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/es/search?q=arroz");
    expect(decodeURIComponent(ok.headers.get("Set-Cookie") ?? "")).toContain('"key":"cart.add.success"');
    const out = await insertProduct(database.db, { quantity: 0 });
    const refused = (await post({ productId: String(out.id), redirectTo: "/es/" }, { document: true })) as Response;
    expect(refused.headers.get("Location")).toBe("/es/");
    expect(decodeURIComponent(refused.headers.get("Set-Cookie") ?? "")).toMatch(
      /"key":"cart.errors.outOfStock","tone":"error"/,
    );
  });

  it("buy now adds and goes on to checkout", async () => {
    const product = await insertProduct(database.db);
    const res = (await post({ productId: String(product.id), intent: "buyNow" })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/es/checkout");
  });
});
