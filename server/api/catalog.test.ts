import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductCardDto, ProductDto } from "~/features/catalog/types";
import { databaseKinds } from "../../tests/setup/db";
import { type Fixture, LISTING_COUNT, createApiFixture, get, post } from "./test-fixtures";

type Paged = { results: ProductCardDto[]; count: number };

const CARD_FIELDS = [
  "id",
  "name",
  "name_en",
  "display_name",
  "price",
  "original_price",
  "compare_price",
  "wholesale_price",
  "quantity",
  "sold",
  "brand",
  "shop_city",
  "image_url",
  "colors_list",
  "color_hex_mapping",
  "has_multiple_colors",
  "varieties_list",
  "rating",
  "reviews_count",
  "category",
  "date_created",
  "is_combo",
  "combo_parts",
];

/** §9 price labels with the USD cents each admits (D12b; a range runs up to the next start). */
const RANGES: Array<[string, number, number]> = [
  ["1 - 19", 100, 2000],
  ["20 - 39", 2000, 4000],
  ["40 - 59", 4000, 6000],
  ["60 - 79", 6000, 8000],
  ["More than 80", 8000, Number.POSITIVE_INFINITY],
];

describe.each(databaseKinds())("catalogue API on %s", (kind) => {
  let fx: Fixture;
  /** Every granos product (the listing category), fetched once for computing expectations. */
  let granos: ProductCardDto[];

  const listing = async (body: Record<string, unknown>, page?: number | string) => {
    const res = await post(fx.app, `/api/product/by/search${page === undefined ? "" : `?p=${page}`}`, body);
    return { res, json: (await res.json()) as Paged & { error?: string } };
  };

  beforeAll(async () => {
    fx = await createApiFixture(kind);
    const [p1, p2] = await Promise.all([
      listing({ category_slug: "granos", sort_by: "price", order: "asc" }, 1),
      listing({ category_slug: "granos", sort_by: "price", order: "asc" }, 2),
    ]);
    granos = [...p1.json.results, ...p2.json.results];
  });
  afterAll(async () => {
    await fx?.close();
  });

  describe("issue 9.5: public reads are briefly cacheable and revalidate", () => {
    it("a 200 carries a strong ETag; If-None-Match with it answers 304 with no body", async () => {
      const first = await get(fx.app, "/api/category/categories?lang=en");
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const again = await fx.app.request("/api/category/categories?lang=en", { headers: { "If-None-Match": etag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("cache-control")).toBe("public, max-age=60, must-revalidate");
      // Another body, another tag: a tag never answers for a different resource.
      const latest = await get(fx.app, "/api/product/latest");
      expect(latest.headers.get("etag")).not.toBe(etag);
      const other = await fx.app.request("/api/product/latest", { headers: { "If-None-Match": etag! } });
      expect(other.status).toBe(200);
    });

    it("errors are not kept by any cache", async () => {
      const missing = await get(fx.app, "/api/product/product/999999");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("cache-control")).toBe("private, no-store");
    });
  });

  describe("GET /api/category/categories", () => {
    it("lists top-level categories with sub_categories and both names", async () => {
      const res = await get(fx.app, "/api/category/categories?lang=en");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60, must-revalidate");
      const { categories } = await res.json();
      expect(categories.map((c: { slug: string }) => c.slug)).toEqual(["alimentos", "hogar", "ropa", "vacia"]);
      expect(categories[0]).toEqual({
        id: expect.any(Number),
        slug: "alimentos",
        name: "Alimentos",
        name_en: "Food",
        image_url: "/media/alimentos.webp",
        sub_categories: [
          { id: expect.any(Number), slug: "cafe-y-te", name: "Café y té", name_en: "Coffee and tea", image_url: null },
          { id: expect.any(Number), slug: "granos", name: "Granos", name_en: "Grains", image_url: null },
        ],
      });
      expect(categories[3]).toMatchObject({ name_en: null, sub_categories: [] });
    });
  });

  describe("GET /api/category/subcategories", () => {
    it("lists the subcategories of a category", async () => {
      const res = await get(fx.app, "/api/category/subcategories?slug=hogar&lang=en");
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(Object.keys(body)).toEqual(["sub_categories"]);
      expect(body.sub_categories.map((s: { slug: string }) => s.slug)).toEqual(["limpieza", "cocina"]);
      expect(body.sub_categories[0]).toEqual({
        id: expect.any(Number),
        slug: "limpieza",
        name: "Limpieza",
        name_en: "Cleaning",
        image_url: null,
      });
    });

    it("answers 404 for an unknown slug and 400 without one", async () => {
      for (const slug of ["nope", "granos", "' OR 1=1 --"]) {
        const res = await get(fx.app, `/api/category/subcategories?slug=${encodeURIComponent(slug)}`);
        expect(res.status).toBe(404);
        expect((await res.json()).error).toEqual(expect.any(String));
      }
      for (const query of ["", "?slug=", "?lang=en", `?slug=${"a".repeat(500)}`]) {
        const res = await get(fx.app, `/api/category/subcategories${query}`);
        expect(res.status).toBe(400);
        const body = await res.json();
        expect(body.error).toMatch(/slug/);
        expect(body.details[0].path).toBe("slug");
      }
    });
  });

  describe.each([
    ["latest", "date_created"],
    ["bestsellers", "sold"],
  ] as const)("GET /api/product/%s", (path, key) => {
    it("returns 6 product cards by default, in order", async () => {
      const res = await get(fx.app, `/api/product/${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60, must-revalidate");
      const { products } = (await res.json()) as { products: ProductCardDto[] };
      expect(products).toHaveLength(6);
      expect(Object.keys(products[0]).sort()).toEqual([...CARD_FIELDS].sort());
      const values = products.map((p) => (key === "sold" ? p.sold : Date.parse(p.date_created)));
      expect(values).toEqual([...values].sort((a, b) => b - a));
      expect(products[0].name).toBe("Café Cubita molido 250 g");
    });

    it("honours limit and lang", async () => {
      const res = await get(fx.app, `/api/product/${path}?limit=30&lang=en`);
      const { products } = (await res.json()) as { products: ProductCardDto[] };
      expect(products).toHaveLength(30);
      expect(products[0].display_name).toBe("Cubita ground coffee 250 g");
      expect(products[0].name).toBe("Café Cubita molido 250 g");
      const one = (await (await get(fx.app, `/api/product/${path}?limit=1`)).json()).products;
      expect(one).toHaveLength(1);
      expect(one[0].display_name).toBe("Café Cubita molido 250 g");
      const all = (await (await get(fx.app, `/api/product/${path}?limit=100`)).json()).products;
      expect(all).toHaveLength(LISTING_COUNT + 6);
    });

    it("refuses a limit outside 1..100", async () => {
      for (const limit of ["0", "101", "-1", "abc", "1.5", "NaN", "1e309", "99999999999999999999", ""]) {
        const res = await get(fx.app, `/api/product/${path}?limit=${limit}`);
        expect(res.status, `limit=${limit}`).toBe(400);
        expect((await res.json()).error).toMatch(/limit/);
      }
      expect((await get(fx.app, `/api/product/${path}?limit=1&limit=2`)).status).toBe(400);
    });
  });

  describe("GET /api/product/product/{id}", () => {
    it("returns every field of §3, in Spanish by default", async () => {
      const id = fx.ids["Café Cubita molido 250 g"];
      const res = await get(fx.app, `/api/product/product/${id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60, must-revalidate");
      const { product } = (await res.json()) as { product: ProductDto };
      expect(product).toMatchObject({
        id,
        name: "Café Cubita molido 250 g",
        name_en: "Cubita ground coffee 250 g",
        display_name: "Café Cubita molido 250 g",
        description: "Café cubano de altura, tostado oscuro.",
        description_en: "Cuban highland coffee, dark roast.",
        price: 6.5,
        original_price: 8,
        compare_price: 8,
        wholesale_price: 6,
        quantity: 10,
        brand: "Cubita",
        colors_list: ["Rojo", "Azul"],
        color_hex_mapping: { Rojo: "#ff0000", Azul: "#0000ff" },
        has_multiple_colors: true,
        varieties_list: ["250 g", "500 g"],
        features_list: ["Tostado oscuro", "Molido fino"],
        warranty: false,
        rating: null,
        reviews_count: 0,
        category: { slug: "cafe-y-te", name: "Café y té", name_en: "Coffee and tea" },
        parent_category: { slug: "alimentos", name: "Alimentos", name_en: "Food" },
      });
      for (const field of [
        "model",
        "weight",
        "dimensions",
        "color",
        "shop_city",
        "image2_url",
        "image3_url",
        "image4_url",
      ]) {
        expect(product).toHaveProperty(field);
      }
    });

    it("localises with lang=en (D3)", async () => {
      const id = fx.ids["Café Cubita molido 250 g"];
      const { product } = await (await get(fx.app, `/api/product/product/${id}?lang=en`)).json();
      expect(product).toMatchObject({
        name: "Café Cubita molido 250 g",
        display_name: "Cubita ground coffee 250 g",
        description: "Cuban highland coffee, dark roast.",
        features_list: ["Dark roast", "Fine grind"],
        colors_list: ["Red", "Blue"],
      });
      // Any other language value means Spanish.
      const fr = await (await get(fx.app, `/api/product/product/${id}?lang=fr`)).json();
      expect(fr.product.display_name).toBe("Café Cubita molido 250 g");
    });

    it("answers 404 for an unknown id and 400 for a malformed one", async () => {
      const missing = await get(fx.app, "/api/product/product/999999");
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: "Product not found" });
      for (const id of ["abc", "0", "-1", "1.5", "2147483648", "99999999999999999999", "1%3BDROP%20TABLE%20products"]) {
        const res = await get(fx.app, `/api/product/product/${id}`);
        expect([400, 404], `id=${id}`).toContain(res.status);
        expect((await res.json()).error).toEqual(expect.any(String));
      }
    });
  });

  describe("GET /api/product/related/{id}", () => {
    it("returns related product cards, localised", async () => {
      const id = fx.ids["Arroz blanco 1 kg"];
      const res = await get(fx.app, `/api/product/related/${id}?lang=en`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { related_products: ProductCardDto[] };
      expect(Object.keys(body)).toEqual(["related_products"]);
      expect(body.related_products.length).toBeGreaterThan(0);
      expect(body.related_products.map((p) => p.id)).not.toContain(id);
      expect(body.related_products[0].display_name).toMatch(/^(Beans|Cubita|Green)/);
    });

    it("answers 404 with an error field for an unknown product", async () => {
      const res = await get(fx.app, "/api/product/related/999999");
      expect(res.status).toBe(404);
      expect((await res.json()).error).toEqual(expect.any(String));
      expect((await get(fx.app, "/api/product/related/abc")).status).toBe(400);
    });
  });

  describe("POST /api/product/by/search", () => {
    it("pages a category by 42 with the total count; ?p= is 1-based", async () => {
      const first = await listing({ category_slug: "granos" });
      expect(first.res.status).toBe(200);
      expect(Object.keys(first.json).sort()).toEqual(["count", "results"]);
      expect(first.json.count).toBe(fx.granosCount);
      expect(first.json.results).toHaveLength(42);
      const second = await listing({ category_slug: "granos" }, 2);
      expect(second.json.results).toHaveLength(fx.granosCount - 42);
      expect(new Set([...first.json.results, ...second.json.results].map((p) => p.id)).size).toBe(fx.granosCount);
      const beyond = await listing({ category_slug: "granos" }, 3);
      expect(beyond.res.status).toBe(200);
      expect(beyond.json).toEqual({ results: [], count: fx.granosCount });
    });

    it("defaults to all prices, newest first", async () => {
      const { json } = await listing({ category_slug: "granos" });
      const dates = json.results.map((p) => Date.parse(p.date_created));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(json.results[0].name).toBe("Arroz blanco 1 kg");
    });

    it("includes the subcategories of a category", async () => {
      const { json } = await listing({ category_slug: "alimentos" });
      expect(json.count).toBe(fx.granosCount + 2);
      const { json: empty } = await listing({ category_slug: "vacia" });
      expect(empty).toEqual({ results: [], count: 0 });
    });

    it.each(RANGES)("filters price range %s with its bounds (D12b)", async (label, min, max) => {
      const expected = granos.filter((p) => p.price * 100 >= min && p.price * 100 < max);
      expect(expected.length).toBeGreaterThan(0);
      const { res, json } = await listing({
        category_slug: "granos",
        price_range: label,
        sort_by: "price",
        order: "asc",
      });
      expect(res.status).toBe(200);
      expect(json.count).toBe(expected.length);
      expect(json.results.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
      for (const p of json.results) {
        expect(p.price * 100).toBeGreaterThanOrEqual(min);
        expect(p.price * 100).toBeLessThan(max);
      }
    });

    it("puts each labelled bound inside its range and 0.50 in none", async () => {
      const prices = async (label: string) =>
        new Set(
          (
            await listing({ category_slug: "granos", price_range: label, sort_by: "price", order: "asc" })
          ).json.results.map((p) => p.price),
        );
      // 2.50 is the rice.
      expect(await prices("1 - 19")).toEqual(new Set([1, 2.5, 19, 19.5]));
      expect(await prices("20 - 39")).toEqual(new Set([20, 39.99]));
      expect(await prices("40 - 59")).toEqual(new Set([40, 59.99]));
      expect(await prices("60 - 79")).toEqual(new Set([60, 79.99]));
      expect(await prices("More than 80")).toEqual(new Set([80, 150]));
      const all = await listing({ category_slug: "granos", price_range: "all" });
      expect(all.json.count).toBe(fx.granosCount);
    });

    it.each([
      ["price", "asc"],
      ["price", "desc"],
      ["name", "asc"],
      ["name", "desc"],
      ["sold", "desc"],
      ["sold", "asc"],
      ["date_created", "asc"],
      ["date_created", "desc"],
    ] as const)("sorts by %s %s", async (sortBy, order) => {
      for (const language of ["es", "en"]) {
        const { json } = await listing({ category_slug: "granos", sort_by: sortBy, order, language });
        const key = (p: ProductCardDto) =>
          sortBy === "price"
            ? p.price
            : sortBy === "sold"
              ? p.sold
              : sortBy === "name"
                ? p.display_name.toLowerCase()
                : Date.parse(p.date_created);
        const values = json.results.map(key);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values).toEqual(order === "asc" ? sorted : sorted.reverse());
      }
    });

    it("sorts names in the visitor's language", async () => {
      const es = await listing({ category_slug: "granos", sort_by: "name", order: "asc", language: "es" });
      expect(es.json.results[0].display_name).toBe("Arroz blanco 1 kg");
      expect(es.json.results[1].display_name).toBe("Frijoles 01");
      const en = await listing({ category_slug: "granos", sort_by: "name", order: "asc", language: "en" });
      expect(en.json.results[0].display_name).toBe("Beans 01");
      expect(en.json.results[0].name).toBe("Frijoles 60");
    });

    it("answers 404 for an unknown category_slug", async () => {
      for (const slug of ["nope", "'; DROP TABLE products; --", "ñ".repeat(100)]) {
        const { res, json } = await listing({ category_slug: slug });
        expect(res.status).toBe(404);
        expect(json.error).toEqual(expect.any(String));
      }
    });

    it("answers 400 with a clear error for unknown or malformed values (D12b)", async () => {
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [{ category_slug: "granos", price_range: "1-19" }, /price_range/],
        [{ category_slug: "granos", price_range: "More than 80 " }, /price_range/],
        [{ category_slug: "granos", price_range: 20 }, /price_range/],
        [{ category_slug: "granos", sort_by: "rating" }, /sort_by/],
        [{ category_slug: "granos", sort_by: "price; DROP TABLE products" }, /sort_by/],
        [{ category_slug: "granos", order: "up" }, /order/],
        [{ category_slug: "granos", order: null }, /order/],
        [{ category_slug: 42 }, /category_slug/],
        [{ category_slug: "" }, /category_slug/],
        [{ price_range: "all" }, /category_slug/],
        [{ category_slug: "granos", language: { en: true } }, /language/],
      ];
      for (const [body, pattern] of cases) {
        const { res, json } = await listing(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(json.error).toMatch(pattern);
        expect(json).toHaveProperty("details");
      }
      for (const page of ["0", "-1", "abc", "1.5", "1e12", "NaN"]) {
        const { res, json } = await listing({ category_slug: "granos" }, page);
        expect(res.status, `p=${page}`).toBe(400);
        expect(json.error).toMatch(/^p: /);
      }
    });

    it("refuses bodies that are not a JSON object", async () => {
      for (const raw of ["", "{", "null", "[]", '"granos"', "42", "{'category_slug': 'granos'}"]) {
        const res = await post(fx.app, "/api/product/by/search", raw);
        expect(res.status, raw).toBe(400);
        expect((await res.json()).error).toEqual(expect.any(String));
      }
      const form = await post(fx.app, "/api/product/by/search", "category_slug=granos", {
        "content-type": "application/x-www-form-urlencoded",
      });
      expect(form.status).toBe(415);
      expect((await form.json()).error).toMatch(/application\/json/);
      const none = await fx.app.request(
        new Request("http://localhost/api/product/by/search", { method: "POST", body: '{"category_slug":"granos"}' }),
      );
      expect(none.status).toBe(415);
    });

    it("refuses bodies over 64 KB with 413", async () => {
      const big = { category_slug: "granos", padding: "x".repeat(70 * 1024) };
      const res = await post(fx.app, "/api/product/by/search", big);
      expect(res.status).toBe(413);
      expect((await res.json()).error).toMatch(/too large/i);
      const declared = await post(fx.app, "/api/product/by/search", big, { "content-length": String(70 * 1024 + 40) });
      expect(declared.status).toBe(413);
      // Just under the limit is fine.
      const fits = await post(fx.app, "/api/product/by/search", {
        category_slug: "granos",
        padding: "x".repeat(60_000),
      });
      expect(fits.status).toBe(200);
    });
  });
});
