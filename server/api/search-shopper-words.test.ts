import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { seedDemoStore } from "~/db/seed/seed.server";
import type { ProductCardDto } from "~/features/catalog/types";
import { getEnv } from "~/utils/env.server";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { get, post } from "./test-fixtures";

// Issue 23 point 8: the §7.1 search calls on the demo store with the shoppers' words (synonyms,
// fillers, slips, ranking), on both databases; the contract unchanged ({ results, count }, 42).

type Paged = { results: ProductCardDto[]; count: number };

describe.each(databaseKinds())("§7.1 search with shoppers' words on the demo store (%s)", (kind) => {
  let database: Database;
  let app: Hono;
  let dataDir: string;
  const search = async (s: string, lang = "es") => {
    const res = await get(app, `/api/product/search?s=${encodeURIComponent(s)}&lang=${lang}`);
    expect(res.status).toBe(200);
    const json = (await res.json()) as Paged;
    expect(Object.keys(json).sort()).toEqual(["count", "results"]);
    expect(json.results.length).toBeLessThanOrEqual(42);
    return json;
  };
  const names = async (s: string, lang = "es") => (await search(s, lang)).results.map((p) => p.name);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoStore(database.db, { media: null });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-api-"));
    app = createServerApp({
      db: database.db,
      env: getEnv({ DATA_DIR: dataDir, SECRET_KEY: "x".repeat(32) } as NodeJS.ProcessEnv),
    });
  });
  afterAll(async () => {
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("celular finds the phones first", async () => {
    const found = await names("celular");
    expect(found.slice(0, 7).every((n) => n.startsWith("Teléfono"))).toBe(true);
  });

  it("pampers finds the diapers first", async () => {
    expect((await names("pampers"))[0]).toMatch(/^Pañales desechables/);
  });

  it("trmo finds the flask (one slip in a 4-letter word)", async () => {
    expect((await names("trmo"))[0]).toMatch(/^Termo/);
  });

  it("'pasta de dientes' finds both toothpastes", async () => {
    const found = await names("pasta de dientes");
    expect(found.filter((n) => n.startsWith("Pasta dental"))).toHaveLength(2);
    expect(found.slice(0, 2).every((n) => n.startsWith("Pasta dental"))).toBe(true);
  });

  it("'Tablet' in English puts the tablet first", async () => {
    expect((await search("Tablet", "en")).results[0].display_name).toMatch(/Tablet 8\.7/);
  });

  it("aceite puts the oils before the tuna in oil", async () => {
    const found = await names("aceite");
    expect(found.slice(0, 2).every((n) => n.startsWith("Aceite vegetal"))).toBe(true);
    expect(found.indexOf("Atún en aceite Calvo 160 g")).toBe(2);
  });

  it("partial matches when no product has every word, fillers dropped", async () => {
    const found = await names("oye tienen arroz marciano");
    expect(found.slice(0, 2).every((n) => n.startsWith("Arroz blanco"))).toBe(true);
  });

  it("search-advanced answers the same with a category", async () => {
    const res = await post(app, "/api/product/search-advanced", {
      search: "celular",
      category_slug: "electronica",
      language: "es",
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as Paged;
    expect(Object.keys(json).sort()).toEqual(["count", "results"]);
    expect(json.results[0].name).toMatch(/^Teléfono/);
  });
});
