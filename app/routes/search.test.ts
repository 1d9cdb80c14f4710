import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { seedDemoStore } from "~/db/seed/seed.server";
import { getCategories } from "~/features/catalog/categories.server";
import { searchProducts } from "~/features/search/search.server";
import { createTestDatabase } from "../../tests/setup/db";
import { loader } from "./search";
import { createTestContext } from "../../tests/setup/context";

/** §2.12 / D12 search results loader on the demo store. */

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoStore(db, { media: null });
});
afterAll(() => database?.close());

async function load(path: string) {
  const url = new URL(path, "http://localhost");
  const lang = url.pathname.split("/")[1];
  const context = createTestContext({ db });
  return loader({ request: new Request(url), params: { lang }, context } as never);
}

/** A query with more than one page of results in the demo store. */
async function broadQuery(): Promise<string> {
  for (const q of ["de", "con", "kg", "negro"]) {
    const { count } = await searchProducts(db, { q, category: "all", page: 1, lang: "es" });
    if (count > 42) return q;
  }
  throw new Error("no query with more than 42 results in the demo store");
}

describe("search loader (§2.12)", () => {
  it("finds products for a query, accents and one typo forgiven (D12)", async () => {
    const arroz = await load("/es/search?q=arroz");
    expect(arroz.q).toBe("arroz");
    expect(arroz.category).toBe("all");
    expect(arroz.count).toBeGreaterThan(0);
    expect(arroz.results.length).toBe(Math.min(arroz.count, 42));
    expect(arroz.results[0].display_name.toLowerCase()).toContain("arroz");

    const cafe = await load("/es/search?q=cafe");
    expect(cafe.results.some((p) => p.display_name.toLowerCase().includes("café"))).toBe(true);
    const typo = await load("/es/search?q=detergnte");
    expect(typo.results.some((p) => p.display_name.toLowerCase().includes("detergente"))).toBe(true);
  });

  it("narrows to a category, and an unknown category searches everything", async () => {
    const all = await load("/es/search?q=arroz&category=all");
    const food = await load("/es/search?q=arroz&category=alimentos");
    expect(food.category).toBe("alimentos");
    expect(food.count).toBeGreaterThan(0);
    expect(food.count).toBeLessThan(all.count);
    const unknown = await load("/es/search?q=arroz&category=no-existe");
    expect(unknown.category).toBe("all");
    expect(unknown.count).toBe(all.count);
    expect(unknown.results.map((p) => p.id)).toEqual(all.results.map((p) => p.id));
  });

  it("pages by 42, and a page past the end has no results but the same count", async () => {
    const q = await broadQuery();
    const first = await load(`/es/search?q=${q}`);
    const second = await load(`/es/search?q=${q}&p=2`);
    expect(first.pageCount).toBe(Math.ceil(first.count / 42));
    expect(first.results).toHaveLength(42);
    expect(second.page).toBe(2);
    expect(second.results).toHaveLength(Math.min(42, first.count - 42));
    const ids = new Set(first.results.map((p) => p.id));
    expect(second.results.some((p) => ids.has(p.id))).toBe(false);

    const past = await load(`/es/search?q=${q}&p=${first.pageCount + 1}`);
    expect(past.results).toEqual([]);
    expect(past.count).toBe(first.count);
    expect((await load(`/es/search?q=${q}&p=nope`)).page).toBe(1);
  });

  it("a blank or whitespace-only query is the start state, without searching", async () => {
    for (const path of ["/es/search", "/es/search?q=", "/es/search?q=+++&category=alimentos", "/en/search?q=%09"]) {
      const data = await load(path);
      expect(data.q, path).toBe("");
      expect(data.count, path).toBe(0);
      expect(data.results, path).toEqual([]);
    }
  });

  it("English names under /en/", async () => {
    const data = await load("/en/search?q=rice");
    expect(data.count).toBeGreaterThan(0);
    expect(data.results[0].display_name).toMatch(/rice/i);
    // The categories it can narrow to are the top-level ones of the store.
    expect((await getCategories(db)).length).toBeGreaterThan(1);
  });
});
