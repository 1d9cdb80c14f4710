import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { User } from "~/features/accounts/accounts.server";
import { getCartLines } from "~/features/cart/cart-lines.server";
import { addToWishlist, isInWishlist } from "~/features/wishlist/wishlist.server";
import { insertProduct, insertUser } from "../../tests/factories";
import { createTestContext } from "../../tests/setup/context";
import { createTestDatabase } from "../../tests/setup/db";
import { action, loader } from "./wishlist";
import { action as toggle } from "./wishlist-toggle";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const newUser = (): Promise<User> => insertUser(database.db, { firstName: "Rita" });

type DataResult = { data: Record<string, unknown>; init: ResponseInit | null };

function call(
  fn: typeof loader | typeof action | typeof toggle,
  url: string,
  opts: { user: User | null; body?: Record<string, string>; document?: boolean },
) {
  const context = createTestContext({ db: database.db, user: opts.user });
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

describe("wishlist heart (§2.10, §4.4, D7)", () => {
  it("adds and removes, idempotently, and toggles", async () => {
    const user = await newUser();
    const product = await insertProduct(database.db);
    const body = (intent: string) => ({
      intent,
      productId: String(product.id),
      redirectTo: `/es/product/${product.id}`,
    });
    const url = "http://localhost/es/wishlist/toggle";
    const added = (await call(toggle, url, { user, body: body("add") })) as unknown as DataResult;
    expect(added.data).toEqual({ ok: true, message: "wishlist.added", inWishlist: true });
    expect(await isInWishlist(database.db, user.id, product.id)).toBe(true);
    const twice = (await call(toggle, url, { user, body: body("add") })) as unknown as DataResult;
    expect(twice.data).toMatchObject({ ok: true, inWishlist: true });
    const toggled = (await call(toggle, url, { user, body: body("toggle") })) as unknown as DataResult;
    expect(toggled.data).toMatchObject({ ok: true, inWishlist: false });
    expect(await isInWishlist(database.db, user.id, product.id)).toBe(false);
    // Without JavaScript: back to the product with an alert.
    const plain = (await call(toggle, url, { user, body: body("add"), document: true })) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe(`/es/product/${product.id}`);
    expect(decodeURIComponent(plain.headers.get("Set-Cookie") ?? "")).toContain("wishlist.added");
    const removed = (await call(toggle, url, { user, body: body("remove") })) as unknown as DataResult;
    expect(removed.data).toMatchObject({ ok: true, inWishlist: false });
  });

  it("refuses an unknown product, and sends a signed-out shopper to login and back", async () => {
    const user = await newUser();
    const unknown = (await call(toggle, "http://localhost/es/wishlist/toggle", {
      user,
      body: { intent: "add", productId: "999999" },
    })) as unknown as DataResult;
    expect(unknown.init?.status).toBe(404);
    expect(unknown.data).toEqual({ ok: false, error: "wishlist.errors.productNotFound" });
    const res = (await call(toggle, "http://localhost/es/wishlist/toggle", {
      user: null,
      body: { intent: "add", productId: "1", redirectTo: "/es/product/1?variety=M" },
    })) as Response;
    expect(res.headers.get("Location")).toBe(`/es/login?next=${encodeURIComponent("/es/product/1?variety=M")}`);
  });
});

describe("wishlist page (§2.17, §4.4, D10)", () => {
  it("lists the products with real rating and live stock", async () => {
    const user = await newUser();
    const product = await insertProduct(database.db, { priceCents: 1250, originalPriceCents: 1500, quantity: 0 });
    await addToWishlist(database.db, user.id, product.id);
    const data = (await call(loader, "http://localhost/es/wishlist", { user })) as Extract<
      Awaited<ReturnType<typeof loader>>,
      { signedIn: true }
    >;
    expect(data.signedIn).toBe(true);
    expect(data.items).toEqual([
      {
        id: product.id,
        name: product.name,
        imageUrl: null,
        price: 12.5,
        originalPrice: 15,
        quantity: 0,
        rating: null,
        reviewsCount: 0,
      },
    ]);
  });

  it("removes an item; removing it again is an error", async () => {
    const user = await newUser();
    const product = await insertProduct(database.db);
    await addToWishlist(database.db, user.id, product.id);
    const body = { intent: "remove", productId: String(product.id) };
    const ok = (await call(action, "http://localhost/es/wishlist", { user, body })) as unknown as DataResult;
    expect(ok.data).toEqual({ ok: true, message: "wishlist.removed" });
    const again = (await call(action, "http://localhost/es/wishlist", { user, body })) as unknown as DataResult;
    expect(again.init?.status).toBe(404);
    expect(again.data).toMatchObject({ ok: false, error: "wishlist.errors.notInWishlist" });
  });

  it("adds all in-stock items to the cart, one unit each, skipping the others", async () => {
    const user = await newUser();
    const a = await insertProduct(database.db);
    const b = await insertProduct(database.db);
    const out = await insertProduct(database.db, { quantity: 0 });
    for (const p of [a, b, out]) await addToWishlist(database.db, user.id, p.id);
    const res = (await call(action, "http://localhost/es/wishlist", {
      user,
      body: { intent: "addAll" },
    })) as unknown as DataResult;
    expect(res.data).toEqual({ ok: true, message: "wishlist.addAll.added", values: { count: 2 } });
    const lines = await getCartLines(database.db, user.id, "es");
    expect(lines.map((l) => [l.product.id, l.count]).sort()).toEqual(
      [
        [a.id, 1],
        [b.id, 1],
      ].sort(),
    );
    // Without JavaScript: back to the wishlist with the count in the alert.
    const plain = (await call(action, "http://localhost/es/wishlist", {
      user,
      body: { intent: "addAll" },
      document: true,
    })) as Response;
    expect(plain.headers.get("Location")).toBe("/es/wishlist");
    expect(decodeURIComponent(plain.headers.get("Set-Cookie") ?? "")).toContain('"values":{"count":"2"}');
  });

  it("a signed-out post goes to login (D7)", async () => {
    await expect(
      call(action, "http://localhost/es/wishlist", { user: null, body: { intent: "addAll" } }),
    ).rejects.toBeInstanceOf(Response);
  });
});
