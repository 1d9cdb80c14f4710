import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductCardDto } from "~/features/catalog/types";
import { databaseKinds } from "../../tests/setup/db";
import { type Fixture, LISTING_COUNT, createApiFixture, get, post } from "./test-fixtures";

type Paged = { results: ProductCardDto[]; count: number; error?: string };

describe.each(databaseKinds())("search API on %s", (kind) => {
  let fx: Fixture;
  const search = async (query: string) => {
    const res = await get(fx.app, `/api/product/search?${query}`);
    return { res, json: (await res.json()) as Paged };
  };
  const names = async (s: string, extra = "") =>
    (await search(`s=${encodeURIComponent(s)}${extra}`)).json.results.map((p) => p.name);

  beforeAll(async () => {
    fx = await createApiFixture(kind);
  });
  afterAll(async () => {
    await fx?.close();
  });

  describe("GET /api/product/search", () => {
    it("answers { results, count } with product cards", async () => {
      const { res, json } = await search("s=cafe");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60, must-revalidate");
      expect(Object.keys(json).sort()).toEqual(["count", "results"]);
      expect(json.count).toBe(json.results.length);
      expect(json.results[0]).toMatchObject({ id: expect.any(Number), display_name: expect.any(String) });
    });

    it("is case- and accent-insensitive (D12)", async () => {
      for (const s of ["cafe", "café", "CAFÉ"]) {
        expect(await names(s)).toContain("Café Cubita molido 250 g");
      }
    });

    it("finds Spanish and English word forms (D12)", async () => {
      expect(await names("zapatos")).toEqual(["Zapato deportivo"]);
      expect(await names("shoes")).toEqual(["Zapato deportivo"]);
    });

    it("tolerates one typo in words of 4+ letters when unambiguous (D12, issue 23 point 2)", async () => {
      expect(await names("detergnte")).toEqual(["Detergente líquido 1 L"]);
      expect(await names("cafetrea")).toEqual(["Cafetera italiana de aluminio"]);
      expect((await names("cafr"))[0]).toBe("Café Cubita molido 250 g");
      expect(await names("cfe")).toEqual([]);
    });

    it("searches brand, description and category", async () => {
      expect(await names("bialetti")).toEqual(["Cafetera italiana de aluminio"]);
      expect(await names("antideslizante")).toEqual(["Zapato deportivo"]);
      expect(await names("footwear")).toEqual(["Zapato deportivo"]);
    });

    it("ranks name matches first", async () => {
      const hits = await names("cafe");
      expect(hits.at(-1)).toBe("Arroz blanco 1 kg");
    });

    it("filters by category (a category includes its subcategories)", async () => {
      expect(await names("cafe", "&category=cocina")).toEqual(["Cafetera italiana de aluminio"]);
      const food = await names("cafe", "&category=alimentos");
      expect(food).toContain("Arroz blanco 1 kg");
      expect(food).not.toContain("Cafetera italiana de aluminio");
      expect((await names("cafe", "&category=all")).length).toBe((await names("cafe")).length);
      const unknown = await search("s=cafe&category=nope");
      expect(unknown.res.status).toBe(404);
      expect(unknown.json.error).toEqual(expect.any(String));
    });

    it("pages by 42 with ?p=", async () => {
      const first = await search("s=frijoles");
      expect(first.json.count).toBe(LISTING_COUNT);
      expect(first.json.results).toHaveLength(42);
      const second = await search("s=frijoles&p=2");
      expect(second.json.results).toHaveLength(LISTING_COUNT - 42);
      expect(new Set([...first.json.results, ...second.json.results].map((p) => p.id)).size).toBe(LISTING_COUNT);
      expect((await search("s=frijoles&p=3")).json).toEqual({ results: [], count: LISTING_COUNT });
    });

    it("localises with lang=en", async () => {
      const { json } = await search("s=zapato&lang=en");
      expect(json.results[0]).toMatchObject({ name: "Zapato deportivo", display_name: "Running shoe" });
      // English text finds the product in Spanish too.
      const { json: es } = await search("s=running");
      expect(es.results[0].display_name).toBe("Zapato deportivo");
    });

    it("gives no results for blank text", async () => {
      for (const query of ["", "s=", "s=%20%20", "s=!!!"]) {
        expect((await search(query)).json).toEqual({ results: [], count: 0 });
      }
    });

    it("survives hostile input", async () => {
      for (const s of ["'; DROP TABLE products; --", "cafe:* | !arroz", "%_\\", "\u0000", "¼ ﬁ"]) {
        const { res } = await search(`s=${encodeURIComponent(s)}`);
        expect(res.status, s).toBe(200);
      }
      expect((await search(`s=${"a".repeat(501)}`)).res.status).toBe(400);
      for (const p of ["0", "-3", "x", "1e9"]) {
        expect((await search(`s=cafe&p=${p}`)).res.status, `p=${p}`).toBe(400);
      }
      expect((await get(fx.app, "/api/product/product/1")).status).toBe(200);
    });
  });

  describe("POST /api/product/search-advanced", () => {
    const advanced = async (body: unknown) => {
      const res = await post(fx.app, "/api/product/search-advanced", body);
      return { res, json: (await res.json()) as Paged };
    };

    it("searches within a category, first page, localised", async () => {
      const { res, json } = await advanced({ search: "zapatos", category_slug: "ropa", language: "en" });
      expect(res.status).toBe(200);
      expect(Object.keys(json).sort()).toEqual(["count", "results"]);
      expect(json.count).toBe(1);
      expect(json.results[0].display_name).toBe("Running shoe");
      const all = await advanced({ search: "frijoles", category_slug: "all", language: "es" });
      expect(all.json.count).toBe(LISTING_COUNT);
      expect(all.json.results).toHaveLength(42);
      expect((await advanced({ search: "detergnte" })).json.results.map((p) => p.name)).toEqual([
        "Detergente líquido 1 L",
      ]);
      expect((await advanced({ search: "cafe", category_slug: "" })).json.count).toBeGreaterThan(0);
    });

    it("rejects malformed bodies and unknown categories", async () => {
      expect((await advanced({ search: "cafe", category_slug: "nope" })).res.status).toBe(404);
      for (const body of [{ search: 42 }, { search: ["cafe"] }, { search: "x".repeat(501) }, "{", "[]"]) {
        const { res, json } = await advanced(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(json.error).toEqual(expect.any(String));
      }
      const form = await post(fx.app, "/api/product/search-advanced", "search=cafe", {
        "content-type": "text/plain",
      });
      expect(form.status).toBe(415);
    });
  });
});
