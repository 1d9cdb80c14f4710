import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import { seedDemoStore } from "~/db/seed/seed.server";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import { insertCategory } from "../../tests/factories";
import { createTestDatabase } from "../../tests/setup/db";
import { loader } from "./category";
import { createTestContext } from "../../tests/setup/context";

/** §2.7 category page loader on the demo store. */

let database: Database;
let db: Db;
let emptySlug: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoStore(db, { media: null });
  emptySlug = (await insertCategory(db, { name: "Vacía", nameEn: "Empty" })).slug;
  invalidateCatalog(db);
});
afterAll(() => database?.close());

type Data = Awaited<ReturnType<typeof loader>>;

async function load(path: string): Promise<Data> {
  const url = new URL(path, "http://localhost");
  const [, lang, , cat] = url.pathname.split("/");
  const context = createTestContext({ db });
  return loader({ request: new Request(url), params: { lang, cat }, context } as never);
}

async function thrownStatus(path: string): Promise<number | null> {
  try {
    await load(path);
    return null;
  } catch (error) {
    const thrown = error as { init?: { status?: number }; status?: number };
    return thrown.init?.status ?? thrown.status ?? -1;
  }
}

/** Product count per subcategory slug of `alimentos`, straight from the tables. */
async function countsBySlug(): Promise<Record<string, number>> {
  const [parent] = await db.select().from(categories).where(eq(categories.slug, "alimentos"));
  const subs = await db.select().from(categories).where(eq(categories.parentId, parent.id));
  const rows = await db
    .select({ categoryId: products.categoryId, n: sql<number>`count(*)::int` })
    .from(products)
    .where(
      inArray(
        products.categoryId,
        subs.map((s) => s.id),
      ),
    )
    .groupBy(products.categoryId);
  return Object.fromEntries(subs.map((s) => [s.slug, rows.find((r) => r.categoryId === s.id)?.n ?? 0]));
}

describe("category loader (§2.7)", () => {
  it("gives the category, its subcategories with their product counts, and its products", async () => {
    const data = await load("/es/shop/alimentos");
    const expected = await countsBySlug();
    expect(data.category.slug).toBe("alimentos");
    expect(data.category.name).toBe("Alimentos");
    expect(data.category.sub_categories.map((s) => s.slug)).toEqual(Object.keys(expected));
    for (const sub of data.category.sub_categories) expect(sub.count, sub.slug).toBe(expected[sub.slug]);
    const total = Object.values(expected).reduce((a, b) => a + b, 0);
    expect(data.count).toBe(total);
    expect(data.results).toHaveLength(Math.min(total, 42));
    expect(data.pageCount).toBe(Math.ceil(total / 42));
  });

  it("pages, sorts and filters its products like a listing", async () => {
    const first = await load("/es/shop/alimentos?sort_by=price&order=desc");
    const second = await load("/es/shop/alimentos?sort_by=price&order=desc&p=2");
    expect(first.count).toBeGreaterThan(42);
    expect(second.results).toHaveLength(first.count - 42);
    const all = [...first.results, ...second.results].map((p) => p.price);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(new Set([...first.results, ...second.results].map((p) => p.id)).size).toBe(first.count);

    const over80 = await load("/es/shop/alimentos?price_range=More+than+80");
    for (const p of over80.results) expect(p.price).toBeGreaterThanOrEqual(80);
    expect(over80.count).toBe(all.filter((price) => price >= 80).length);
  });

  it("404s for a subcategory slug and an unknown slug", async () => {
    expect(await thrownStatus("/es/shop/granos-y-pastas")).toBe(404);
    expect(await thrownStatus("/es/shop/no-existe")).toBe(404);
    expect(await thrownStatus("/en/shop/no-existe")).toBe(404);
    expect(await thrownStatus("/xx/shop/alimentos")).toBe(404);
  });

  it("a category without subcategories or products loads empty (the page shows its empty state)", async () => {
    const data = await load(`/es/shop/${emptySlug}`);
    expect(data.category.sub_categories).toEqual([]);
    expect(data.count).toBe(0);
    expect(data.results).toEqual([]);
  });

  it("keeps bad query values from failing", async () => {
    const data = await load("/es/shop/alimentos?p=zz&sort_by=rank&price_range=cheap");
    expect(data.listing).toEqual({ priceRange: "all", sortBy: "date_created", order: "desc", page: 1 });
    expect(data.results).toHaveLength(42);
  });
});
