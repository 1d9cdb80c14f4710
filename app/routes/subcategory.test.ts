import { and, eq, gte, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import { seedDemoStore } from "~/db/seed/seed.server";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import { insertCategory, insertProduct } from "../../tests/factories";
import { createTestDatabase } from "../../tests/setup/db";
import { loader } from "./subcategory";
import { createTestContext } from "../../tests/setup/context";

/** §2.8 subcategory listing loader on the demo store, plus one big subcategory for the pages. */

let database: Database;
let db: Db;
/** A subcategory of `alimentos` holding 45 products: more than one page of 42. */
let bigSlug: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoStore(db, { media: null });
  const [alimentos] = await db.select().from(categories).where(eq(categories.slug, "alimentos"));
  const big = await insertCategory(db, { parentId: alimentos.id, name: "Surtido grande", nameEn: "Big assortment" });
  bigSlug = big.slug;
  for (let i = 0; i < 45; i++) {
    await insertProduct(db, {
      categoryId: big.id,
      priceCents: 100 + i * 10,
      name: `Surtido ${String(i).padStart(2, "0")}`,
    });
  }
  invalidateCatalog(db);
});
afterAll(() => database?.close());

type Data = Awaited<ReturnType<typeof loader>>;

async function load(path: string, headers: Record<string, string> = {}): Promise<Data> {
  const url = new URL(path, "http://localhost");
  const [, lang, , cat, subcat] = url.pathname.split("/");
  const context = createTestContext({ db });
  return loader({ request: new Request(url, { headers }), params: { lang, cat, subcat }, context } as never);
}

/** The HTTP status a loader threw (404 page), or null when it returned. */
async function thrownStatus(path: string): Promise<number | null> {
  try {
    await load(path);
    return null;
  } catch (error) {
    const thrown = error as { init?: { status?: number }; status?: number };
    return thrown.init?.status ?? thrown.status ?? -1;
  }
}

const prices = (data: Data) => data.results.map((p) => p.price);

describe("subcategory loader (§2.8)", () => {
  it("lists the subcategory's products with the breadcrumb names, newest first by default", async () => {
    const data = await load("/es/shop/alimentos/granos-y-pastas");
    const count = await db
      .select({ id: products.id })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(categories.slug, "granos-y-pastas"));
    expect(data.count).toBe(count.length);
    expect(data.count).toBeGreaterThan(0);
    expect(data.results).toHaveLength(data.count);
    expect(data.category).toEqual({ slug: "alimentos", name: "Alimentos", name_en: expect.any(String) });
    expect(data.subcategory.slug).toBe("granos-y-pastas");
    expect(data.listing).toEqual({ priceRange: "all", sortBy: "date_created", order: "desc", page: 1 });
    expect(data.pageCount).toBe(1);
    // The card fields only, with the brand for list mode; colours and varieties only when there
    // are some, a combo's contents only on a combo (issue 13: no empty lists in every page's data).
    const optional = ["color_hex_mapping", "colors_list", "varieties_list", "combo_parts"];
    for (const item of data.results) {
      expect(
        Object.keys(item)
          .filter((key) => !optional.includes(key))
          .sort(),
      ).toEqual(
        [
          "brand",
          "display_name",
          "id",
          "image_url",
          "original_price",
          "price",
          "quantity",
          "rating",
          "reviews_count",
        ].sort(),
      );
      if ("colors_list" in item) expect(item.colors_list?.length).toBeGreaterThan(0);
      if ("varieties_list" in item) expect(item.varieties_list?.length).toBeGreaterThan(0);
    }
  });

  it("404s for a subcategory under the wrong category, a top-level slug, or an unknown slug", async () => {
    expect(await thrownStatus("/es/shop/bebidas/granos-y-pastas")).toBe(404);
    expect(await thrownStatus("/es/shop/alimentos/bebidas")).toBe(404);
    expect(await thrownStatus("/es/shop/alimentos/no-existe")).toBe(404);
    expect(await thrownStatus("/es/shop/no-existe/granos-y-pastas")).toBe(404);
  });

  it("filters by a §9 price range (docs/decisions/001) and the count follows", async () => {
    const all = await load("/es/shop/alimentos/granos-y-pastas");
    const cheap = await load("/es/shop/alimentos/granos-y-pastas?price_range=1+-+19");
    const inRange = all.results.filter((p) => p.price >= 1 && p.price < 20);
    expect(cheap.listing.priceRange).toBe("1 - 19");
    expect(cheap.count).toBe(inRange.length);
    expect(cheap.results.map((p) => p.id).sort()).toEqual(inRange.map((p) => p.id).sort());
    for (const price of prices(cheap)) expect(price >= 1 && price < 20).toBe(true);

    const sub = await db.select().from(categories).where(eq(categories.slug, "granos-y-pastas"));
    const expensive = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.categoryId, sub[0].id), gte(products.priceCents, 2000), lt(products.priceCents, 4000)));
    const mid = await load("/es/shop/alimentos/granos-y-pastas?price_range=20+-+39");
    expect(mid.count).toBe(expensive.length);
  });

  it("sorts by price both ways, by name and by units sold", async () => {
    const asc = prices(await load("/es/shop/alimentos/granos-y-pastas?sort_by=price&order=asc"));
    const desc = prices(await load("/es/shop/alimentos/granos-y-pastas?sort_by=price&order=desc"));
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...asc].sort((a, b) => b - a));
    expect(asc[0]).toBeLessThan(asc[asc.length - 1]);

    const byName = (await load("/es/shop/alimentos/granos-y-pastas?sort_by=name&order=asc")).results.map((p) =>
      p.display_name.toLowerCase(),
    );
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byNameDesc = (await load("/es/shop/alimentos/granos-y-pastas?sort_by=name&order=desc")).results.map((p) =>
      p.display_name.toLowerCase(),
    );
    expect(byNameDesc).toEqual([...byName].reverse());

    // A missing order takes the field's starting order (§9: price asc, sold desc).
    expect((await load("/es/shop/alimentos/granos-y-pastas?sort_by=price")).listing.order).toBe("asc");
    const sold = await load("/es/shop/alimentos/granos-y-pastas?sort_by=sold");
    expect(sold.listing.order).toBe("desc");
    const soldRows = await db
      .select({ id: products.id, sold: products.sold })
      .from(products)
      .where(
        eq(
          products.categoryId,
          (await db.select().from(categories).where(eq(categories.slug, "granos-y-pastas")))[0].id,
        ),
      );
    const soldById = new Map(soldRows.map((r) => [r.id, r.sold]));
    const soldOrder = sold.results.map((p) => soldById.get(p.id)!);
    expect(soldOrder).toEqual([...soldOrder].sort((a, b) => b - a));
  });

  it("pages by 42: page 2 holds the rest, different products, same order", async () => {
    const first = await load(`/es/shop/alimentos/${bigSlug}?sort_by=price&order=asc`);
    const second = await load(`/es/shop/alimentos/${bigSlug}?sort_by=price&order=asc&p=2`);
    expect(first.count).toBe(45);
    expect(first.pageCount).toBe(2);
    expect(first.results).toHaveLength(42);
    expect(second.results).toHaveLength(3);
    expect(second.listing.page).toBe(2);
    const ids = new Set(first.results.map((p) => p.id));
    expect(second.results.some((p) => ids.has(p.id))).toBe(false);
    expect(prices(second)[0]).toBeGreaterThanOrEqual(prices(first)[41]);
    expect([...prices(first), ...prices(second)]).toEqual(Array.from({ length: 45 }, (_, i) => (100 + i * 10) / 100));
  });

  it("a page past the end is a page without products, not an error", async () => {
    const past = await load(`/es/shop/alimentos/${bigSlug}?p=3`);
    expect(past.count).toBe(45);
    expect(past.results).toEqual([]);
    expect(past.listing.page).toBe(3);
    const huge = await load(`/es/shop/alimentos/${bigSlug}?p=99999999999999999999`);
    expect(huge.results).toEqual([]);
  });

  it("falls back to the defaults for unknown or malformed values", async () => {
    for (const query of [
      "?price_range=lots&sort_by=colour&order=sideways&p=abc",
      "?price_range=&sort_by=&order=&p=",
      "?p=0",
      "?p=-2",
      "?p=1.5",
      "?p=2e3",
      "?price_range=1-19",
      "?order=asc",
    ]) {
      const data = await load(`/es/shop/alimentos/granos-y-pastas${query}`);
      expect(data.listing, query).toEqual({
        priceRange: "all",
        sortBy: "date_created",
        order: query === "?order=asc" ? "asc" : "desc",
        page: 1,
      });
      expect(data.results.length, query).toBe(data.count);
    }
  });

  it("names in English under /en/ and folds the filters for phones", async () => {
    const en = await load("/en/shop/alimentos/granos-y-pastas", {
      "User-Agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36",
    });
    const es = await load("/es/shop/alimentos/granos-y-pastas", { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64)" });
    expect(en.filtersOpen).toBe(false);
    expect(es.filtersOpen).toBe(true);
    const [row] = await db.select().from(products).where(eq(products.id, en.results[0].id));
    expect(en.results[0].display_name).toBe(row.nameEn ?? row.name);
    expect(es.results.find((p) => p.id === row.id)?.display_name).toBe(row.name);
  });
});
