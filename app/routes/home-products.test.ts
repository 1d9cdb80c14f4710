import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { seedDemoStore } from "~/db/seed/seed.server";
import { createTestDatabase } from "../../tests/setup/db";
import { loader } from "./home-products";
import { createTestContext } from "../../tests/setup/context";

/** §2.9 home-products loader: new-arrivals and best-sellers, 30 products; other keys are 404. */

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedDemoStore(db, { media: null });
});
afterAll(() => database?.close());

async function load(lang: string, key: string) {
  const context = createTestContext({ db });
  const request = new Request(`http://localhost/${lang}/home-products/${encodeURIComponent(key)}`);
  return loader({ request, params: { lang, key }, context } as never);
}

describe("home-products loader (§2.9)", () => {
  it("new-arrivals: the 30 newest products, newest first", async () => {
    const data = await load("es", "new-arrivals");
    const newest = await db
      .select({ id: products.id })
      .from(products)
      .orderBy(desc(products.dateCreated), desc(products.id))
      .limit(30);
    expect(data.key).toBe("new-arrivals");
    expect(data.results.map((p) => p.id)).toEqual(newest.map((p) => p.id));
    expect(data.results[0].brand).toEqual(expect.any(String));
  });

  it("best-sellers: the 30 most sold, most sold first, names in English under /en/", async () => {
    const data = await load("en", "best-sellers");
    const best = await db
      .select({ id: products.id, nameEn: products.nameEn, name: products.name })
      .from(products)
      .orderBy(desc(products.sold), desc(products.id))
      .limit(30);
    expect(data.results.map((p) => p.id)).toEqual(best.map((p) => p.id));
    expect(data.results.map((p) => p.display_name)).toEqual(best.map((p) => p.nameEn ?? p.name));
  });

  it("any other key is a 404", async () => {
    for (const key of ["deals", "New-Arrivals", "", "best-sellers ", "__proto__", "constructor"]) {
      let status: number | undefined;
      try {
        await load("es", key);
      } catch (error) {
        status = (error as { init?: { status?: number } }).init?.status;
      }
      expect(status, key).toBe(404);
    }
  });
});
