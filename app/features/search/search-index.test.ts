import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { seedDemoStore } from "~/db/seed/seed.server";
import { createTestDatabase } from "../../../tests/setup/db";

const MIGRATION = path.resolve(import.meta.dirname, "../../db/migrations/0009_search_ranking_vectors.sql");

type Vectors = { id: number; head: string; words: string };

async function vectors(database: Database): Promise<Vectors[]> {
  const result = await database.db.execute(sql`
    SELECT id, head_vector::text AS head, name_words_vector::text AS words FROM products ORDER BY id`);
  return (result as unknown as { rows: Vectors[] }).rows;
}

describe("the ranking's stored vectors (issue 23 targets)", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoStore(database.db, { media: null });
  });
  afterAll(() => database.close());

  it("are kept by the index refresh, and migration 0009 fills existing products with the same", async () => {
    const refreshed = await vectors(database);
    expect(refreshed.length).toBeGreaterThan(100);
    expect(refreshed.every((r) => r.head !== null && r.words !== null)).toBe(true);
    // 'Atún en aceite …': the kind is the tuna, not the oil.
    const tuna = await database.db.execute(sql`
      SELECT head_vector::text AS head FROM products WHERE name ILIKE 'At%n en aceite%' LIMIT 1`);
    const head = (tuna as unknown as { rows: { head: string }[] }).rows[0].head;
    expect(head).toContain("'atun'");
    expect(head).not.toContain("aceit");

    await database.db.execute(sql`UPDATE products SET head_vector = NULL, name_words_vector = NULL`);
    const backfill = fs.readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint").at(-1) ?? "";
    expect(backfill).toMatch(/^\s*UPDATE "products"/m);
    await database.db.execute(sql.raw(backfill));
    expect(await vectors(database)).toEqual(refreshed);
  });
});
