import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { type User, hashPassword } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { getCartItemCount, getCartLines } from "~/features/cart/cart-lines.server";
import { addToWishlist, isInWishlist } from "~/features/wishlist/wishlist.server";
import { insertProduct, insertUser } from "../../tests/factories";
import { createTestContext } from "../../tests/setup/context";
import { createTestDatabase } from "../../tests/setup/db";
import { loader as rootLoader } from "../root";
import { action, loader } from "./cart";
import { action as loginAction } from "./login";

let database: Database;
let user: User;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A fresh shopper per test, so that carts do not mix. */
const newUser = (): Promise<User> => insertUser(database.db, { firstName: "Eva", lastName: "Paz" });

type DataResult = { data: { ok: boolean; error?: string; message?: string | null }; init: ResponseInit | null };

function call(
  fn: typeof loader | typeof action | typeof rootLoader,
  url: string,
  opts: { user?: User | null; body?: Record<string, string>; document?: boolean } = {},
) {
  const context = createTestContext({ db: database.db, user: opts.user === undefined ? user : opts.user });
  const request = new Request(
    url,
    opts.body
      ? {
          method: "POST",
          body: new URLSearchParams(opts.body),
          headers: { Accept: opts.document ? "text/html" : "*/*" },
        }
      : undefined,
  );
  return fn({ request, params: { lang: "es" }, context } as never);
}

const post = (body: Record<string, string>, document = false) =>
  call(action, "http://localhost/es/cart", { body, document });

async function lineOf(productId: number, count: number) {
  const result = await mergeCartLine(database.db, user.id, { productId, count });
  if (!result.ok) throw new Error(result.error);
  return result.value.lineId;
}

describe("cart page (§2.13, §5, D13b)", () => {
  beforeAll(async () => {
    user = await newUser();
  });

  it("lists the lines with server prices, wholesale from 10 units, and the totals", async () => {
    const plain = await insertProduct(database.db, { priceCents: 1000, originalPriceCents: 1500, quantity: 50 });
    const bulk = await insertProduct(database.db, { priceCents: 200, wholesalePriceCents: 150, quantity: 50 });
    await lineOf(plain.id, 2);
    await lineOf(bulk.id, 10);
    const data = (await call(loader, "http://localhost/es/cart")) as Awaited<ReturnType<typeof loader>>;
    const byProduct = new Map(data.lines.map((l) => [l.product.id, l]));
    expect(byProduct.get(plain.id)).toMatchObject({ count: 2, unitPrice: 10, lineTotal: 20, wholesaleApplied: false });
    expect(byProduct.get(bulk.id)).toMatchObject({ count: 10, unitPrice: 1.5, lineTotal: 15, wholesaleApplied: true });
    expect(data.summary).toEqual({ lineCount: 2, unitCount: 12, subtotal: 35, savings: 15, total: 35 });
  });

  it("updates a quantity within 1 to the stock, and refuses outside it", async () => {
    const product = await insertProduct(database.db, { quantity: 3 });
    const lineId = String(await lineOf(product.id, 1));
    const ok = (await post({ intent: "update", lineId, count: "3" })) as unknown as DataResult;
    expect(ok.data).toEqual({ ok: true, message: null });
    const tooMany = (await post({ intent: "update", lineId, count: "4" })) as unknown as DataResult;
    expect(tooMany.init?.status).toBe(400);
    expect(tooMany.data).toMatchObject({ ok: false, error: "cart.errors.notEnoughStock" });
    const zero = (await post({ intent: "update", lineId, count: "0" })) as unknown as DataResult;
    expect(zero.data).toMatchObject({ ok: false, error: "cart.errors.invalidCount" });
    const line = (await getCartLines(database.db, user.id, "es")).find((l) => l.id === Number(lineId));
    expect(line?.count).toBe(3);
    // Without JavaScript: back to the cart, silently on success, with the message on failure.
    const plain = (await post({ intent: "update", lineId, count: "2" }, true)) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe("/es/cart");
    expect(plain.headers.get("Set-Cookie")).toBeNull();
    const refused = (await post({ intent: "update", lineId, count: "9" }, true)) as Response;
    expect(decodeURIComponent(refused.headers.get("Set-Cookie") ?? "")).toContain("cart.errors.notEnoughStock");
  });

  it("removes a line; another shopper's line is not found", async () => {
    const product = await insertProduct(database.db);
    const lineId = String(await lineOf(product.id, 1));
    const other = await newUser();
    const foreign = (await call(action, "http://localhost/es/cart", {
      user: other,
      body: { intent: "remove", lineId },
    })) as unknown as DataResult;
    expect(foreign.init?.status).toBe(404);
    expect(foreign.data).toMatchObject({ ok: false, error: "cart.errors.itemNotFound" });
    const removed = (await post({ intent: "remove", lineId })) as unknown as DataResult;
    expect(removed.data).toEqual({ ok: true, message: "cart.removed" });
    expect((await getCartLines(database.db, user.id, "es")).some((l) => l.id === Number(lineId))).toBe(false);
  });

  it("saves for later into the wishlist, and reports a conflict when it is already there", async () => {
    const product = await insertProduct(database.db);
    const lineId = String(await lineOf(product.id, 1));
    const saved = (await post({ intent: "save", lineId })) as unknown as DataResult;
    expect(saved.data).toEqual({ ok: true, message: "cart.saved" });
    expect(await isInWishlist(database.db, user.id, product.id)).toBe(true);

    const again = String(await lineOf(product.id, 1));
    const conflict = (await post({ intent: "save", lineId: again })) as unknown as DataResult;
    expect(conflict.init?.status).toBe(409);
    expect(conflict.data).toMatchObject({ ok: false, error: "wishlist.errors.alreadyInWishlist" });
    expect((await getCartLines(database.db, user.id, "es")).some((l) => l.id === Number(again))).toBe(true);
  });

  it("sends a signed-out post to login (D7)", async () => {
    await expect(
      call(action, "http://localhost/es/cart", { user: null, body: { intent: "remove" } }),
    ).rejects.toSatisfy(
      (res: Response) => res.headers.get("Location") === `/es/login?next=${encodeURIComponent("/es/cart")}`,
    );
  });
});

describe("header badge (§2.3)", () => {
  it("the root loader counts the signed-in shopper's lines, and nothing signed out", async () => {
    const shopper = await newUser();
    const a = await insertProduct(database.db);
    const b = await insertProduct(database.db);
    await mergeCartLine(database.db, shopper.id, { productId: a.id, count: 3 });
    await mergeCartLine(database.db, shopper.id, { productId: b.id, count: 1 });
    const data = (await call(rootLoader, "http://localhost/es/", { user: shopper })) as { cartCount: number };
    expect(data.cartCount).toBe(2);
    expect(await getCartItemCount(database.db, shopper.id)).toBe(2);
    const anonymous = (await call(rootLoader, "http://localhost/es/", { user: null })) as { cartCount: number };
    expect(anonymous.cartCount).toBe(0);
  });
});

describe("wishlist conflict sanity", () => {
  it("addToWishlist twice is a conflict (what save for later relies on)", async () => {
    const shopper = await newUser();
    const product = await insertProduct(database.db);
    expect((await addToWishlist(database.db, shopper.id, product.id)).ok).toBe(true);
    expect(await addToWishlist(database.db, shopper.id, product.id)).toMatchObject({ ok: false, status: 409 });
  });
});

describe("guest cart at sign-in (D9)", () => {
  it("merges the browser's lines into the account's cart, capped at stock, skipping bad ones", async () => {
    const password = "Mango-Maduro-2026";
    const [shopper] = await database.db
      .insert(users)
      .values({
        email: "invitada@example.com",
        username: "invitada",
        firstName: "Luz",
        passwordHash: await hashPassword(password),
        isActive: true,
      })
      .returning();
    const few = await insertProduct(database.db, { quantity: 2 });
    const out = await insertProduct(database.db, { quantity: 0 });
    const guest = [
      { product_id: few.id, count: 5, color: "", variety: "" },
      { id: out.id, count: 1 },
      { product_id: "nonsense" },
    ];
    const context = createTestContext({ db: database.db, clientIp: "10.9.9.9" });
    const request = new Request("http://localhost/es/login", {
      method: "POST",
      body: new URLSearchParams({ email: shopper.email, password, guest_cart: JSON.stringify(guest) }),
    });
    const res = (await loginAction({ request, params: { lang: "es" }, context } as never)) as Response;
    expect(res.status).toBe(303);
    const lines = await getCartLines(database.db, shopper.id, "es");
    expect(lines.map((l) => [l.product.id, l.count])).toEqual([[few.id, 2]]);
  });
});
