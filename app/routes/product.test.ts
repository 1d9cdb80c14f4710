import { and, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { products } from "~/db/schema/catalog";
import { reviews } from "~/db/schema/reviews";
import { seedDemoStore } from "~/db/seed/seed.server";
import { productJsonLd, serializeJsonLd } from "~/features/catalog/components/product-json-ld";
import { productPagePath, readSelection } from "~/features/catalog/components/product-view";
import { createTestDatabase } from "../../tests/setup/db";
import { action, loader, shouldRevalidate } from "./product";
import { createTestContext } from "../../tests/setup/context";

let database: Database;
/** A seeded product with several reviews of different ratings, and one without reviews. */
let reviewedId: number;
let unreviewedId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoStore(database.db, { media: null });
  const db = database.db;
  const [reviewed] = await db
    .select({ id: reviews.productId })
    .from(reviews)
    .groupBy(reviews.productId)
    .having(sql`count(*) >= 3 and count(distinct floor(${reviews.rating})) >= 2`)
    .orderBy(reviews.productId)
    .limit(1);
  reviewedId = reviewed.id;
  const [unreviewed] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(gt(products.quantity, 0), sql`not exists (select 1 from reviews r where r.product_id = ${products.id})`))
    .limit(1);
  unreviewedId = unreviewed.id;
});
afterAll(() => database.close());

function load(path: string, params: { lang: string; productId: string }) {
  const context = createTestContext({ db: database.db });
  const request = new Request(`http://localhost${path}`);
  return loader({ request, params, context } as never);
}

const get = (lang: "es" | "en", id: number | string, query = "") =>
  load(`/${lang}/product/${id}${query}`, { lang, productId: String(id) });

async function expectStatus(promise: Promise<unknown>, status: number) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, "the loader should throw").not.toBeNull();
  const init = (error as { init?: ResponseInit }).init;
  expect(init?.status ?? (error as Response).status).toBe(status);
}

describe("product loader (§2.10, §2.11)", () => {
  it("returns the product view, the review summary and list, and the related products", async () => {
    const data = await get("es", reviewedId);
    const [row] = await database.db.select().from(products).where(eq(products.id, reviewedId));

    expect(data.product.id).toBe(reviewedId);
    expect(data.product.name).toBe(row.name);
    expect(data.product.price).toBe(row.priceCents / 100);
    expect(data.product.images.length).toBeGreaterThan(0);
    expect(data.product.images.length).toBeLessThanOrEqual(4);
    // Only what the page renders: no English twin texts, no search or internal fields.
    expect(Object.keys(data.product)).not.toContain("name_en");
    expect(Object.keys(data.product)).not.toContain("description_en");
    expect(Object.keys(data.product)).not.toContain("sold");

    const { summary, items, query } = data.reviews;
    expect(query).toEqual({ sort: "recent" });
    expect(summary.count).toBeGreaterThanOrEqual(3);
    expect(Object.values(summary.distribution).reduce((a, b) => a + b, 0)).toBe(summary.count);
    expect(summary.average).toBe(Math.round((items.reduce((a, r) => a + r.rating, 0) / items.length) * 10) / 10);
    expect(items).toHaveLength(Math.min(summary.count, 20));
    for (const review of items) {
      expect(review.user).toMatch(/^\S+ \S\.$/); // "Yanet P."
      expect(review.date_label).toMatch(/\d{4}/);
      expect(Date.parse(review.date_created)).not.toBeNaN();
    }
    const dates = items.map((r) => Date.parse(r.date_created));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const related = data.related;
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(6);
    expect(related.map((p) => p.id)).not.toContain(reviewedId);
    // Card data only (toCardData): no descriptions or other detail fields.
    expect(related[0]).toMatchObject({ id: expect.any(Number), display_name: expect.any(String) });
    for (const field of ["description", "name_en", "sold", "category", "date_created"]) {
      expect(related[0]).not.toHaveProperty(field);
    }
  });

  it("writes names and review dates in the page's language (D3)", async () => {
    const [row] = await database.db.select().from(products).where(eq(products.id, reviewedId));
    const en = await get("en", reviewedId);
    expect(en.product.name).toBe(row.nameEn ?? row.name);
    const es = await get("es", reviewedId);
    const month = (label: string) => label.replace(/[\d,\s]/g, "");
    expect(month(en.reviews.items[0].date_label)).not.toBe(month(es.reviews.items[0].date_label));
  });

  it("applies the review filter and sort of the URL, and ignores bad values", async () => {
    const all = await get("es", reviewedId);
    const star = Number(Object.entries(all.reviews.summary.distribution).find(([, count]) => count > 0)![0]);
    const filtered = await get("es", reviewedId, `?rating=${star}&sort=lowest`);
    expect(filtered.reviews.query).toEqual({ sort: "lowest", rating: star });
    expect(filtered.reviews.items.length).toBe(all.reviews.summary.distribution[star as 1]);
    expect(filtered.reviews.items.every((r) => Math.floor(r.rating) === star)).toBe(true);
    // The summary stays the product's, not the filter's.
    expect(filtered.reviews.summary).toEqual(all.reviews.summary);

    const lowest = await get("es", reviewedId, "?sort=lowest");
    const ratings = lowest.reviews.items.map((r) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => a - b));

    const bad = await get("es", reviewedId, "?sort=best&rating=9");
    expect(bad.reviews.query).toEqual({ sort: "recent" });
    expect(bad.reviews.items).toHaveLength(all.reviews.items.length);
  });

  it("gives a product without reviews an empty summary (D10)", async () => {
    const data = await get("en", unreviewedId);
    expect(data.reviews.summary).toEqual({ average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
    expect(data.reviews.items).toEqual([]);
  });

  it("is a 404 for an unknown or malformed id, and for a bad language", async () => {
    for (const id of ["999999", "abc", "0", "-1", "01", "1.5", "1e3", "99999999999"]) {
      await expectStatus(get("es", id), 404);
    }
    await expectStatus(load(`/xx/product/${reviewedId}`, { lang: "xx", productId: String(reviewedId) }), 404);
  });
});

describe("shouldRevalidate", () => {
  const url = (s: string) => new URL(`http://localhost/es/product/7${s}`);
  const check = (from: string, to: string, extra: Record<string, unknown> = {}) =>
    shouldRevalidate({
      currentUrl: url(from),
      nextUrl: to.startsWith("/") ? new URL(`http://localhost${to}`) : url(to),
      defaultShouldRevalidate: true,
      ...extra,
    } as never);

  it("does not call the server for colour, variety, image or tab choices", () => {
    expect(check("", "?color=Rojo")).toBe(false);
    expect(check("?color=Rojo", "?color=Azul&variety=M&img=2&tab=specs")).toBe(false);
    expect(check("?rating=4&tab=reviews", "?rating=4&tab=reviews&img=3", { formMethod: "GET" })).toBe(false);
  });

  it("reloads for another review filter or order, another product, or after a mutation", () => {
    expect(check("?tab=reviews", "?tab=reviews&rating=5", { formMethod: "GET" })).toBe(true);
    expect(check("?rating=5", "?tab=reviews")).toBe(true);
    expect(check("?sort=recent", "?sort=helpful")).toBe(true);
    expect(check("", "/es/product/8")).toBe(true);
    expect(check("", "", { formMethod: "POST" })).toBe(true);
  });
});

describe("product view helpers", () => {
  const product = {
    colors: [
      { name: "Negro", hex: "#000000" },
      { name: "Rojo", hex: "#ff0000" },
    ],
    varieties: ["S", "M"],
    images: ["/media/products/p1-1.webp", "/media/products/p1-2.webp"],
  };

  it("reads the choices from the URL with the first colour and variety preselected", () => {
    expect(readSelection(product, new URLSearchParams(""))).toEqual({
      color: "Negro",
      variety: "S",
      image: 0,
      tab: "description",
    });
    expect(readSelection(product, new URLSearchParams("color=Rojo&variety=M&img=2&tab=specs"))).toEqual({
      color: "Rojo",
      variety: "M",
      image: 1,
      tab: "specs",
    });
    // Unknown values fall back; a review filter opens the reviews tab.
    expect(readSelection(product, new URLSearchParams("color=Verde&variety=XL&img=9&tab=x&rating=4"))).toEqual({
      color: "Negro",
      variety: "S",
      image: 0,
      tab: "reviews",
    });
  });

  it("builds the login `next` with the chosen colour and variety (D7, D9)", () => {
    expect(productPagePath("/es/product/1", product, { color: "Rojo", variety: "M" })).toBe(
      "/es/product/1?color=Rojo&variety=M",
    );
    expect(productPagePath("/es/product/1", { colors: [], varieties: [] }, { color: null, variety: null })).toBe(
      "/es/product/1",
    );
  });

  it("writes Product JSON-LD with absolute URLs, the offer and the rating, safe inside a script", () => {
    const view = {
      id: 5,
      name: "Café </script><script>alert(1)</script>",
      description: "Molido & tostado",
      price: 4.9,
      originalPrice: 7.5,
      wholesalePrice: null,
      quantity: 0,
      brand: "Serrano",
      model: "",
      weight: "",
      dimensions: "",
      color: "",
      warranty: false,
      shopCity: "La Habana",
      images: ["/media/products/p5-1.webp"],
      colors: [],
      varieties: [],
      features: [],
      category: { slug: "cafe", name: "Café" },
      parentCategory: null,
    };
    const data = productJsonLd(view, {
      origin: "https://tienda.example",
      url: "https://tienda.example/es/product/5",
      rating: { average: 4.25, count: 4 },
    }) as Record<string, unknown> & { offers: Record<string, unknown>; aggregateRating: Record<string, unknown> };
    expect(data["@type"]).toBe("Product");
    expect(data.image).toEqual(["https://tienda.example/media/products/p5-1.webp"]);
    expect(data.offers).toMatchObject({
      price: "4.90",
      priceCurrency: "USD",
      availability: "https://schema.org/OutOfStock",
      url: "https://tienda.example/es/product/5",
    });
    expect(data.aggregateRating).toMatchObject({ ratingValue: "4.3", reviewCount: 4 });
    expect(productJsonLd(view, { origin: "", url: "/x", rating: { average: null, count: 0 } })).not.toHaveProperty(
      "aggregateRating",
    );

    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});

describe("product action: review forms (§2.11, D7, D11)", () => {
  let n = 0;
  async function customer() {
    n++;
    const [user] = await database.db
      .insert(users)
      .values({
        email: `accion${n}@example.cu`,
        username: `accion${n}`,
        firstName: "Lázaro",
        lastName: "Ruiz",
        isActive: true,
      })
      .returning();
    return user;
  }

  function post(
    id: number,
    fields: Record<string, string>,
    user: typeof users.$inferSelect | null,
    opts: { lang?: string; query?: string } = {},
  ) {
    const lang = opts.lang ?? "es";
    const context = createTestContext({ db: database.db, user });
    const request = new Request(`http://localhost/${lang}/product/${id}${opts.query ?? "?tab=reviews"}`, {
      method: "POST",
      body: new URLSearchParams(fields),
    });
    return action({ request, params: { lang, productId: String(id) }, context } as never);
  }

  /** The body and status of an action's `data(...)` answer. */
  const answer = (result: unknown) => result as { data: Record<string, unknown>; init: { status?: number } | null };

  async function thrown(promise: Promise<unknown>): Promise<Response> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Response);
    return error as Response;
  }

  it("sends a signed-out visitor to the login page and back here (D7)", async () => {
    const res = await thrown(
      post(unreviewedId, { intent: "review-create", rating: "5", comment: "Muy buen producto." }, null),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(
      `/es/login?next=${encodeURIComponent(`/es/product/${unreviewedId}?tab=reviews`)}`,
    );
    expect(await database.db.select().from(reviews).where(eq(reviews.productId, unreviewedId))).toEqual([]);
  });

  it("creates, updates and deletes the customer's review with JavaScript (data answers), reloading the page data", async () => {
    const user = await customer();
    const product = (await get("es", reviewedId)).reviews.summary;

    const created = answer(
      await post(reviewedId, { intent: "review-create", rating: "1", comment: "  No me gustó nada.  ", js: "1" }, user),
    );
    expect(created.init?.status).toBe(201);
    expect(created.data).toEqual({ intent: "review-create", ok: true, message: "reviews.success.created" });
    const afterCreate = await get("es", reviewedId);
    expect(afterCreate.reviews.summary.count).toBe(product.count + 1);

    const context = createTestContext({ db: database.db, user });
    const mine = await loader({
      request: new Request(`http://localhost/es/product/${reviewedId}`),
      params: { lang: "es", productId: String(reviewedId) },
      context,
    } as never);
    expect(mine.reviews.signedIn).toBe(true);
    expect(mine.reviews.own).toMatchObject({ rating: 1, comment: "No me gustó nada.", is_own: true });
    expect(mine.reviews.own!.date_label).toMatch(/\d{4}/);
    expect(mine.reviews.items.filter((r) => r.is_own)).toHaveLength(1);
    expect(mine.reviews.summary.distribution[1]).toBe(product.distribution[1] + 1);

    const again = answer(
      await post(reviewedId, { intent: "review-create", rating: "4", comment: "Segundo intento aquí.", js: "1" }, user),
    );
    expect(again.init?.status).toBe(409);
    expect(again.data).toMatchObject({ ok: false, formError: "reviews.api.exists" });

    const updated = answer(
      await post(reviewedId, { intent: "review-update", rating: "5", comment: "Ahora sí me encanta.", js: "1" }, user),
    );
    expect(updated.init?.status).toBe(200);
    expect(updated.data).toEqual({ intent: "review-update", ok: true, message: "reviews.success.updated" });

    const deleted = answer(await post(reviewedId, { intent: "review-delete", js: "1" }, user));
    expect(deleted.data).toEqual({ intent: "review-delete", ok: true, message: "reviews.success.deleted" });
    expect((await get("es", reviewedId)).reviews.summary).toEqual(product);
    const missing = answer(await post(reviewedId, { intent: "review-delete", js: "1" }, user));
    expect(missing.init?.status).toBe(404);
  });

  it("without JavaScript, success redirects to the reviews tab with a one-shot message", async () => {
    const user = await customer();
    const res = await thrown(
      post(unreviewedId, { intent: "review-create", rating: "3", comment: "Cumple, sin más." }, user, { lang: "en" }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/en/product/${unreviewedId}?tab=reviews`);
    expect(decodeURIComponent(res.headers.get("set-cookie") ?? "")).toContain("reviews.success.created");
    const del = await thrown(
      post(unreviewedId, { intent: "review-delete" }, user, { query: "?tab=reviews&review=delete" }),
    );
    expect(decodeURIComponent(del.headers.get("set-cookie") ?? "")).toContain("reviews.success.deleted");
  });

  it("refuses D11 violations with field errors and what was typed, and unknown intents", async () => {
    const user = await customer();
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ comment: "Un comentario válido." }, { rating: "reviews.errors.rating" }],
      [{ rating: "0", comment: "Un comentario válido." }, { rating: "reviews.errors.rating" }],
      [{ rating: "6", comment: "Un comentario válido." }, { rating: "reviews.errors.rating" }],
      [{ rating: "2.5", comment: "Un comentario válido." }, { rating: "reviews.errors.rating" }],
      [{ rating: "4", comment: "   123456789   " }, { comment: "reviews.errors.commentShort" }],
      [{ rating: "4", comment: "x".repeat(501) }, { comment: "reviews.errors.commentLong" }],
      [
        { rating: "x", comment: "" },
        { rating: "reviews.errors.rating", comment: "reviews.errors.commentShort" },
      ],
    ];
    for (const [fields, fieldErrors] of cases) {
      const result = answer(await post(unreviewedId, { intent: "review-create", ...fields }, user));
      expect(result.init?.status, JSON.stringify(fields)).toBe(400);
      expect(result.data).toMatchObject({ intent: "review-create", ok: false, fieldErrors });
      expect((result.data.values as { comment: string }).comment).toBe((fields.comment ?? "").slice(0, 2000));
    }
    const unknown = answer(
      await post(unreviewedId, { intent: "review-hack", rating: "5", comment: "Un comentario válido." }, user),
    );
    expect(unknown.init?.status).toBe(400);
    expect(await database.db.select().from(reviews).where(eq(reviews.userId, user.id))).toEqual([]);
    // Exactly 10 characters after trimming is enough.
    const ok = answer(
      await post(unreviewedId, { intent: "review-create", rating: "4", comment: "  1234567890 ", js: "1" }, user),
    );
    expect(ok.data.ok).toBe(true);
  });

  it("an edit of someone else's review is impossible: the action works on the poster's own review only", async () => {
    const ana = await customer();
    const luis = await customer();
    await post(unreviewedId, { intent: "review-create", rating: "5", comment: "La reseña de Ana.", js: "1" }, ana);
    const edit = answer(
      await post(unreviewedId, { intent: "review-update", rating: "1", comment: "Cambiada por Luis.", js: "1" }, luis),
    );
    expect(edit.init?.status).toBe(404);
    const del = answer(await post(unreviewedId, { intent: "review-delete", js: "1" }, luis));
    expect(del.init?.status).toBe(404);
    const [row] = await database.db.select().from(reviews).where(eq(reviews.userId, ana.id));
    expect(row).toMatchObject({ rating: "5.0", comment: "La reseña de Ana." });
  });

  it("reloads the review data after a review post, not for opening a form (?review=)", () => {
    const url = (s: string) => new URL(`http://localhost/es/product/7${s}`);
    const check = (from: string, to: string, extra: Record<string, unknown> = {}) =>
      shouldRevalidate({ currentUrl: url(from), nextUrl: url(to), defaultShouldRevalidate: true, ...extra } as never);
    expect(check("?tab=reviews", "?tab=reviews&review=write")).toBe(false);
    expect(check("?tab=reviews&review=edit", "?tab=reviews")).toBe(false);
    expect(check("?tab=reviews&review=write", "?tab=reviews&review=write", { formMethod: "POST" })).toBe(true);
  });
});
