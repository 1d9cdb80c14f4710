import { and, eq, gt, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appContext } from "~/context";
import type { Database } from "~/db/client.server";
import { products, reviews } from "~/db/schema";
import { seedDemoStore } from "~/db/seed/seed.server";
import { productJsonLd, serializeJsonLd } from "~/features/catalog/components/product-json-ld";
import { productPagePath, readSelection } from "~/features/catalog/components/product-view";
import { createTestDatabase } from "../../tests/setup/db";
import { loader, shouldRevalidate } from "./product";

let database: Database;
/** A seeded product with several reviews of different ratings, and one without reviews. */
let reviewedId: number;
let unreviewedId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoStore(database.db, { mediaDir: null });
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
  const context = new RouterContextProvider();
  context.set(appContext, { db: database.db, publicUrl: "http://localhost", googleEnabled: false });
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
