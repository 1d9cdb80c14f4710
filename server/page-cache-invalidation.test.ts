import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { companyInfo, slides } from "~/db/schema/content";
import { moveCategory } from "~/features/catalog/categories-admin.server";
import { setProductArchived } from "~/features/catalog/products-admin.server";
import { createRate } from "~/features/currency/rates-admin.server";
import { moveSlide } from "~/features/content/slides-admin.server";
import { addCartLine } from "~/features/cart/cart.server";
import { getProduct } from "~/features/catalog/catalog.server";
import { getExchangeRate } from "~/features/currency/currency.server";
import { createOrder } from "~/features/orders/create.server";
import { cancelOrder } from "~/features/orders/status.server";
import { createReview } from "~/features/reviews/reviews.server";
import { refreshSearchIndex } from "~/features/search/search-index.server";
import { havanaDate } from "~/utils/dates";
import type { Env } from "~/utils/env.server";
import { buildEntry } from "./page-cache/entry";
import { PageCache } from "./page-cache/store";
import { signedInUser } from "./api/test-client";
import {
  cartCheckoutInput,
  type Category,
  type Product,
  insertCategory,
  insertProduct,
  insertUser,
} from "../tests/factories";
import { createTestEnv } from "../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../tests/setup/db";
import { applyChange, onDataChange } from "~/features/cache/changes.server";

// Issue 13 point 1 and 7: every kind of change under an anonymous page (product, stock by an order
// and its cancellation, exchange rate, category, slide, review, search index) drops the page cache
// wired as server/main.ts wires it, and the catalogue memo and the rate memo with it.

describe.each(databaseKinds())("page cache invalidation on %s (issue 13 point 1)", (kind) => {
  let database: Database;
  let env: Env;
  let operator: { id: number; email: string; role: string };
  let parent: Category;
  let product: Product;
  let stop: () => void;
  const cache = new PageCache({ maxEntries: 10, maxBytes: 1e8, maxAgeMs: 1e9 });
  const db = () => database.db;

  /** A page in the cache, as after an anonymous visit. */
  const cachedPage = () => {
    cache.set("/es/|USD|---", buildEntry("<p>page</p>", "", new Headers(), Date.now()), cache.generation);
    expect(cache.get("/es/|USD|---")).toBeDefined();
  };
  const dropped = () => cache.get("/es/|USD|---") === undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    stop = onDataChange((changed) => {
      if (changed === database.db) cache.invalidate();
    });
    const user = await insertUser(db(), { role: "owner" });
    operator = { id: user.id, email: user.email, role: "owner" };
    parent = await insertCategory(db(), { slug: `cache-${kind}`, name: "Caché" });
    await insertCategory(db(), { slug: `cache-b-${kind}`, name: "Caché B" });
    const sub = await insertCategory(db(), { slug: `cache-sub-${kind}`, name: "Sub", parentId: parent.id });
    product = await insertProduct(db(), { categoryId: sub.id, priceCents: 1500, quantity: 20 });
    await db().insert(companyInfo).values({ id: 1, name: "Tienda" }).onConflictDoNothing();
    await db()
      .insert(slides)
      .values([
        { title: "Uno", imageUrl: "/media/slide-1.webp", position: 1 },
        { title: "Dos", imageUrl: "/media/slide-2.webp", position: 2 },
      ]);
  });
  afterAll(async () => {
    stop();
    await database.close();
  });
  beforeEach(() => cachedPage());

  it("a product edit (archive, then back on sale)", async () => {
    expect(await setProductArchived(db(), operator, product.id, true)).toBe(true);
    expect(dropped()).toBe(true);
    cachedPage();
    expect(await setProductArchived(db(), operator, product.id, false)).toBe(true);
    expect(dropped()).toBe(true);
  });

  it("stock: an order placed, then cancelled (stock back)", async () => {
    const { user } = await signedInUser({ db: db(), env }, `cache-${kind}`);
    expect((await addCartLine(db(), user.id, { productId: product.id, count: 2 })).ok).toBe(true);
    const input = await cartCheckoutInput(db(), user.id);
    cachedPage(); // reading the cart and the quote changes nothing
    const order = await createOrder({ db: db(), env }, user, input, { lang: "es" });
    expect(order.ok).toBe(true);
    expect(dropped()).toBe(true);
    cachedPage();
    const transactionId = order.ok ? order.order.transactionId : "";
    expect((await cancelOrder({ db: db(), env }, user.id, transactionId)).ok).toBe(true);
    expect(dropped()).toBe(true);
  });

  it("a new exchange rate, which also reaches the memoised rate at once", async () => {
    expect(await getExchangeRate(db())).toBeGreaterThan(0); // memoised
    const today = havanaDate(new Date());
    const result = await createRate(db(), operator, { rate: "433.00", effectiveDate: today, source: "BCC" });
    expect(result.ok).toBe(true);
    expect(dropped()).toBe(true);
    expect(await getExchangeRate(db())).toBe(433);
  });

  it("a category moved and a slide moved", async () => {
    expect(await moveCategory(db(), operator, parent.id, "down")).toBe(true);
    expect(dropped()).toBe(true);
    cachedPage();
    const [first] = await db().select({ id: slides.id }).from(slides).orderBy(slides.position).limit(1);
    expect(await moveSlide(db(), operator, first.id, "down")).toBe(true);
    expect(dropped()).toBe(true);
  });

  it("a review written, and the search index refreshed", async () => {
    const { user } = await signedInUser({ db: db(), env }, `reviewer-${kind}`);
    expect((await createReview(db(), user.id, product.id, { rating: 4, comment: "Buena" })).ok).toBe(true);
    expect(dropped()).toBe(true);
    cachedPage();
    await refreshSearchIndex(db(), [product.id]);
    expect(dropped()).toBe(true);
  });

  it("a read changes nothing, and another database's change leaves this one's pages", async () => {
    await getProduct(db(), product.id, "es");
    expect(dropped()).toBe(false);
    const otherDb = {} as Database["db"]; // only its identity matters here
    applyChange(otherDb);
    expect(dropped()).toBe(false);
  });

  it("a peer's change (applyChange) drops the catalogue memo too", async () => {
    const before = await getProduct(db(), product.id, "es");
    // Written behind the memo's back, as another process would.
    await db().execute(`update products set name = 'Renombrado' where id = ${product.id}`);
    expect((await getProduct(db(), product.id, "es"))?.name).toBe(before?.name);
    applyChange(db());
    expect((await getProduct(db(), product.id, "es"))?.name).toBe("Renombrado");
    expect(dropped()).toBe(true);
  });
});
