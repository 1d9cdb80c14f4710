import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { companyInfo } from "~/db/schema/content";
import { setProductArchived } from "~/features/catalog/products-admin.server";
import { addCartLine, mergeCartLine } from "~/features/cart/cart.server";
import { getCartItemCount, getCartLines } from "~/features/cart/cart-lines.server";
import {
  countProducts,
  getBestsellers,
  getDeals,
  getLatestProducts,
  getProduct,
  getProductIdsForSitemap,
  getRelatedProducts,
  listProducts,
} from "~/features/catalog/catalog.server";
import { getCategoryProductCounts } from "~/features/catalog/categories.server";
import { getProductCardMap } from "~/features/catalog/product-cards.server";
import { getCompanyInfo } from "~/features/content/content.server";
import { createOrder } from "~/features/orders/create.server";
import { getOrder } from "~/features/orders/orders.server";
import { reorder } from "~/features/orders/reorder.server";
import { searchProducts } from "~/features/search/search.server";
import { refreshSearchIndex } from "~/features/search/search-index.server";
import { addToWishlist, getWishlist, getWishlistCount } from "~/features/wishlist/wishlist.server";
import type { Env } from "~/utils/env.server";
import { apiRequester, signedInUser } from "../../server/api/test-client";
import { createServerApp } from "../../server/app";
import { cartCheckoutInput, type Category, type Product, insertCategory, insertProduct } from "../../tests/factories";
import { createTestContext, createTestEnv } from "../../tests/setup/context";
import { loader as productPage } from "./product";
import { loader as sitemap } from "./sitemap-xml";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";

// Issue 12, point 4: an archived product leaves every listing, search, the sitemap, its own page
// and the §7.1 detail call, cannot be put in a cart or wishlist (same answer as an unknown
// product), is dropped at checkout like a product that is gone, and leaves company info's
// `products` count (§3); the orders that hold it keep their lines, invoice and reorder (D20:
// productGone). Each check compares with the same product before archiving, or with a sibling
// still on sale, so that removing the filter makes it fail.

const UNKNOWN_ID = 2_000_000_000;
const OPERATOR = { id: null, email: "cli:test", role: "cli" };

describe.each(databaseKinds())("archived products on %s (issue 12, point 4)", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  let parent: Category;
  let sub: Category;
  /** Stays on sale. */
  let kept: Product;
  /** Archived in the tests: a best seller on sale, so it would top every home row. */
  let gone: Product;
  const request = apiRequester(() => app);
  const db = () => database.db;
  const ids = (cards: Array<{ id: number }>) => cards.map((c) => c.id);

  const users = new Map<number, Awaited<ReturnType<typeof signedInUser>>["user"]>();
  const shopper = async () => {
    const signed = await signedInUser({ db: db(), env }, "archivo");
    users.set(signed.user.id, signed.user);
    return signed;
  };

  /** Checkout of the shopper's cart with the figures the client would send (D18b). */
  async function placeOrder(userId: number) {
    const input = await cartCheckoutInput(db(), userId);
    return createOrder({ db: db(), env }, users.get(userId)!, input, { lang: "es" });
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = createServerApp({ db: database.db, env });
    parent = await insertCategory(db(), { slug: `menaje-${kind}`, name: "Menaje", nameEn: "Housewares" });
    sub = await insertCategory(db(), {
      slug: `cafeteras-${kind}`,
      name: "Cafeteras",
      nameEn: "Coffee makers",
      parentId: parent.id,
    });
    kept = await insertProduct(db(), {
      categoryId: sub.id,
      name: "Cafetera Moka clásica",
      nameEn: "Classic moka pot",
      sold: 5,
      priceCents: 1500,
      originalPriceCents: 1800,
    });
    gone = await insertProduct(db(), {
      categoryId: sub.id,
      name: "Cafetera Zafiroquetzal",
      nameEn: "Zafiroquetzal coffee maker",
      sold: 500,
      priceCents: 2000,
      originalPriceCents: 4000,
      quantity: 20,
    });
    await db().insert(companyInfo).values({ id: 1, name: "Tienda" }).onConflictDoNothing();
    await refreshSearchIndex(db());
  });
  afterAll(() => database.close());

  it("leaves listings, home rows, related products, search, the sitemap, the counts and its own page", async () => {
    // Everything read (and cached) while the product is on sale: it is there.
    const before = {
      sub: await listProducts(db(), {
        categorySlug: sub.slug,
        priceRange: "all",
        sortBy: "sold",
        order: "desc",
        page: 1,
        lang: "es",
      }),
      parent: await listProducts(db(), {
        categorySlug: parent.slug,
        priceRange: "all",
        sortBy: "sold",
        order: "desc",
        page: 1,
        lang: "en",
      }),
      latest: await getLatestProducts(db(), { lang: "es", limit: 30 }),
      best: await getBestsellers(db(), { lang: "es", limit: 30 }),
      deals: await getDeals(db(), { lang: "es", limit: 30 }),
      related: await getRelatedProducts(db(), kept.id, "es"),
      search: await searchProducts(db(), { q: "zafiroquetzal", lang: "es" }),
      typo: await searchProducts(db(), { q: "zafiroquetsal", lang: "en" }),
      sitemap: await getProductIdsForSitemap(db()),
      count: await countProducts(db()),
      company: await getCompanyInfo(db(), "es"),
      counts: await getCategoryProductCounts(db()),
      product: await getProduct(db(), gone.id, "es"),
    };
    expect(ids(before.sub!.results)).toContain(gone.id);
    expect(ids(before.parent!.results)).toContain(gone.id);
    expect(ids(before.latest)).toContain(gone.id);
    expect(ids(before.best)).toContain(gone.id);
    expect(ids(before.deals)).toContain(gone.id);
    expect(ids(before.related!)).toContain(gone.id);
    expect(ids(before.search.results)).toEqual([gone.id]);
    expect(ids(before.typo.results)).toEqual([gone.id]);
    expect(ids(before.sitemap)).toContain(gone.id);
    expect(before.product?.id).toBe(gone.id);
    const detailBefore = await request("GET", `/api/product/product/${gone.id}?lang=es`);
    expect(detailBefore.status).toBe(200);

    expect(await setProductArchived(db(), OPERATOR, gone.id, true)).toBe(true);

    const sub1 = await listProducts(db(), {
      categorySlug: sub.slug,
      priceRange: "all",
      sortBy: "sold",
      order: "desc",
      page: 1,
      lang: "es",
    });
    expect(ids(sub1!.results)).toEqual([kept.id]);
    expect(sub1!.count).toBe(before.sub!.count - 1);
    const parent1 = await listProducts(db(), {
      categorySlug: parent.slug,
      priceRange: "all",
      sortBy: "sold",
      order: "desc",
      page: 1,
      lang: "en",
    });
    expect(ids(parent1!.results)).not.toContain(gone.id);
    expect(parent1!.count).toBe(before.parent!.count - 1);
    expect(ids(await getLatestProducts(db(), { lang: "es", limit: 30 }))).not.toContain(gone.id);
    expect(ids(await getBestsellers(db(), { lang: "es", limit: 30 }))).not.toContain(gone.id);
    expect(ids(await getDeals(db(), { lang: "es", limit: 30 }))).not.toContain(gone.id);
    expect(ids((await getRelatedProducts(db(), kept.id, "es"))!)).not.toContain(gone.id);
    expect(await getRelatedProducts(db(), gone.id, "es")).toBeNull();
    expect(await searchProducts(db(), { q: "zafiroquetzal", lang: "es" })).toEqual({ results: [], count: 0 });
    expect(await searchProducts(db(), { q: "zafiroquetsal", lang: "en" })).toEqual({ results: [], count: 0 });
    expect(ids(await getProductIdsForSitemap(db()))).not.toContain(gone.id);
    expect(await countProducts(db())).toBe(before.count - 1);
    expect((await getCompanyInfo(db(), "es"))?.products).toBe(before.company!.products - 1);
    const counts = await getCategoryProductCounts(db());
    expect(counts[sub.id]).toBe(before.counts[sub.id] - 1);
    expect(counts[parent.id]).toBe(before.counts[parent.id] - 1);
    expect(await getProduct(db(), gone.id, "es")).toBeNull();
    expect(await getProduct(db(), gone.id, "en")).toBeNull();
  });

  it("answers the §7.1 detail, related and search calls like an unknown product", async () => {
    await setProductArchived(db(), OPERATOR, gone.id, true);
    const unknown = await request("GET", `/api/product/product/${UNKNOWN_ID}?lang=es`);
    const archived = await request("GET", `/api/product/product/${gone.id}?lang=es`);
    expect(archived.status).toBe(404);
    expect(archived.status).toBe(unknown.status);
    expect(await archived.json()).toEqual(await unknown.json());
    const related = await request("GET", `/api/product/related/${gone.id}?lang=es`);
    const relatedUnknown = await request("GET", `/api/product/related/${UNKNOWN_ID}?lang=es`);
    expect(related.status).toBe(relatedUnknown.status);
    const search = await (await request("GET", "/api/product/search?s=zafiroquetzal&lang=es")).json();
    expect(search.count).toBe(0);
    // The product page answers 404 like an unknown id; the sitemap lists it no more.
    const context = createTestContext({ db: db(), env });
    const pageOf = (id: number) =>
      productPage({
        request: new Request(`http://localhost/es/product/${id}`),
        params: { lang: "es", productId: String(id) },
        context,
      } as never).then(
        () => 200,
        (thrown: unknown) =>
          (thrown as { init?: { status?: number }; status?: number }).init?.status ??
          (thrown as { status?: number }).status,
      );
    expect(await pageOf(kept.id)).toBe(200);
    expect(await pageOf(gone.id)).toBe(404);
    expect(await pageOf(gone.id)).toBe(await pageOf(UNKNOWN_ID));
    const sitemapResponse = (await sitemap({
      request: new Request("http://localhost/sitemap.xml"),
      params: {},
      context,
    } as never)) as Response;
    const xml = await sitemapResponse.text();
    expect(xml).toContain(`/product/${kept.id}<`);
    expect(xml).not.toContain(`/product/${gone.id}<`);
  });

  it("cannot be put in a cart or wishlist, and drops out of carts and wishlists that hold it", async () => {
    await setProductArchived(db(), OPERATOR, gone.id, false);
    const { user } = await shopper();
    expect((await mergeCartLine(db(), user.id, { productId: gone.id, count: 1 })).ok).toBe(true);
    expect((await mergeCartLine(db(), user.id, { productId: kept.id, count: 1 })).ok).toBe(true);
    expect((await addToWishlist(db(), user.id, gone.id)).ok).toBe(true);
    expect(ids((await getCartLines(db(), user.id, "es")).map((l) => l.product))).toEqual([gone.id, kept.id]);
    expect(await getCartItemCount(db(), user.id)).toBe(2);
    expect(await getWishlistCount(db(), user.id)).toBe(1);
    expect((await getProductCardMap(db(), [gone.id], "es")).has(gone.id)).toBe(true);

    await setProductArchived(db(), OPERATOR, gone.id, true);
    const unknownCart = await addCartLine(db(), user.id, { productId: UNKNOWN_ID, count: 1 });
    const archivedCart = await addCartLine(db(), user.id, { productId: gone.id, count: 1 });
    expect(archivedCart).toEqual(unknownCart);
    expect(archivedCart).toMatchObject({ ok: false, status: 404, error: "cart.errors.productNotFound" });
    expect(await mergeCartLine(db(), user.id, { productId: gone.id, count: 1 })).toEqual(unknownCart);
    const other = (await shopper()).user;
    const unknownWish = await addToWishlist(db(), other.id, UNKNOWN_ID);
    expect(await addToWishlist(db(), other.id, gone.id)).toEqual(unknownWish);
    expect(unknownWish).toMatchObject({ ok: false, status: 404 });
    // The line and the wish stay stored (restoring brings them back) but are no longer shown.
    expect(ids((await getCartLines(db(), user.id, "es")).map((l) => l.product))).toEqual([kept.id]);
    expect(await getWishlist(db(), user.id, "es")).toEqual([]);
    // The header's badges count what the pages show.
    expect(await getCartItemCount(db(), user.id)).toBe(1);
    expect(await getWishlistCount(db(), user.id)).toBe(0);
    expect((await getProductCardMap(db(), [gone.id, kept.id], "es")).has(gone.id)).toBe(false);

    // Checkout orders what is still on sale, like a cart whose product is gone...
    const placed = await placeOrder(user.id);
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    expect(placed.order.items.map((i) => i.productId)).toEqual([kept.id]);
    // ...and refuses a cart with nothing else: an empty cart.
    await setProductArchived(db(), OPERATOR, gone.id, false);
    const lonely = (await shopper()).user;
    expect((await mergeCartLine(db(), lonely.id, { productId: gone.id, count: 2 })).ok).toBe(true);
    await setProductArchived(db(), OPERATOR, gone.id, true);
    const refused = await placeOrder(lonely.id);
    expect(refused).toMatchObject({ ok: false, status: 400, error: "checkout.errors.emptyCart" });
  });

  it("stays in the orders that hold it: lines, invoice, and reorder says productGone", async () => {
    await setProductArchived(db(), OPERATOR, gone.id, false);
    const { user, access } = await shopper();
    expect((await mergeCartLine(db(), user.id, { productId: gone.id, count: 2 })).ok).toBe(true);
    expect((await mergeCartLine(db(), user.id, { productId: kept.id, count: 1 })).ok).toBe(true);
    const placed = await placeOrder(user.id);
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const tx = placed.order.transactionId;
    await setProductArchived(db(), OPERATOR, gone.id, true);

    const order = await getOrder(db(), user.id, tx);
    expect(order?.items.map((i) => [i.productId, i.name, i.count])).toEqual(
      expect.arrayContaining([
        [gone.id, "Cafetera Zafiroquetzal", 2],
        [kept.id, "Cafetera Moka clásica", 1],
      ]),
    );
    const invoice = await request("GET", `/api/orders/invoice/${tx}`, { token: access });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get("content-type")).toContain("application/pdf");

    const again = await reorder(db(), user.id, tx, "es");
    expect(again?.notAdded).toEqual([expect.objectContaining({ productId: gone.id, reason: "productGone", count: 2 })]);
    expect(again?.cart.map((l) => l.product.id)).toEqual([kept.id]);
  });

  it("comes back everywhere when restored", async () => {
    await setProductArchived(db(), OPERATOR, gone.id, true);
    await setProductArchived(db(), OPERATOR, gone.id, false);
    expect((await getProduct(db(), gone.id, "es"))?.id).toBe(gone.id);
    expect(ids((await searchProducts(db(), { q: "zafiroquetzal", lang: "es" })).results)).toEqual([gone.id]);
    expect(ids(await getBestsellers(db(), { lang: "es", limit: 30 }))).toContain(gone.id);
  });
});
