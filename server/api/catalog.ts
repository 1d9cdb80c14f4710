/**
 * Catalogue calls of spec §7.1: categories, home sections, product detail, related products and
 * the category listing (`by/search`). Thin adapters over the catalogue reads in `~/features/catalog/`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "~/db/client.server";
import {
  getBestsellers,
  getCombos,
  getLatestProducts,
  getProduct,
  getRelatedProducts,
  listProducts,
} from "~/features/catalog/catalog.server";
import { getCategories, getSubcategories } from "~/features/catalog/categories.server";
import { PRICE_RANGES, SORT_FIELDS, SORT_ORDERS } from "~/features/catalog/types";
import { parseLanguage } from "~/i18n/languages";
import {
  LangQuery,
  LanguageField,
  PageQuery,
  createRouter,
  errorResponse,
  jsonContent,
  requireJson,
  setPublicCache,
} from "./http";
import {
  CategorySchema,
  PagedProductsSchema,
  ProductCardSchema,
  ProductSchema,
  SubcategorySchema,
} from "./wire-schemas";
import { textInput } from "~/utils/text";
import { MAX_ROW_ID } from "~/utils/ids";

const Slug = textInput().trim().min(1).max(100);

/** Postgres `integer` ids: anything else is a 400, never a database error (500). */
const ProductIdParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_ROW_ID)
  .openapi({ param: { name: "id", in: "path" }, example: 1 });

/** §7.1: default 6 (home sections), listings ask for 30. */
const LimitQuery = z.coerce
  .number()
  .int()
  .min(1)
  .max(100)
  .default(6)
  .openapi({ param: { name: "limit", in: "query" }, description: "1 to 100; default 6.", example: 6 });

const tags = ["catalog"];

const categoriesRoute = createRoute({
  method: "get",
  path: "/api/category/categories",
  tags,
  summary: "Every category with its subcategories",
  request: { query: z.object({ lang: LangQuery }) },
  responses: { 200: jsonContent(z.object({ categories: z.array(CategorySchema) }), "Categories in display order") },
});

const subcategoriesRoute = createRoute({
  method: "get",
  path: "/api/category/subcategories",
  tags,
  summary: "Subcategories of one top-level category",
  request: { query: z.object({ slug: Slug.openapi({ example: "alimentos" }), lang: LangQuery }) },
  responses: {
    200: jsonContent(z.object({ sub_categories: z.array(SubcategorySchema) }), "Subcategories"),
    400: errorResponse("Missing or invalid slug"),
    404: errorResponse("No top-level category has this slug"),
  },
});

const sectionRoute = (path: string, summary: string) =>
  createRoute({
    method: "get",
    path,
    tags,
    summary,
    request: { query: z.object({ lang: LangQuery, limit: LimitQuery }) },
    responses: {
      200: jsonContent(z.object({ products: z.array(ProductCardSchema) }), "Product cards"),
      400: errorResponse("Invalid limit"),
    },
  });

const latestRoute = sectionRoute("/api/product/latest", "Newest products first (new arrivals)");
const bestsellersRoute = sectionRoute("/api/product/bestsellers", "Most sold products first (best sellers)");
const combosRoute = sectionRoute(
  "/api/product/combos",
  "Combos (several products sold as one, with their contents): those in stock first, then most sold",
);

const productRoute = createRoute({
  method: "get",
  path: "/api/product/product/{id}",
  tags,
  summary: "One product with every field of §3",
  request: { params: z.object({ id: ProductIdParam }), query: z.object({ lang: LangQuery }) },
  responses: {
    200: jsonContent(z.object({ product: ProductSchema }), "The product"),
    400: errorResponse("The id is not a positive integer"),
    404: errorResponse("Product not found"),
  },
});

const relatedRoute = createRoute({
  method: "get",
  path: "/api/product/related/{id}",
  tags,
  summary: "Products related to one product (same subcategory first)",
  request: { params: z.object({ id: ProductIdParam }), query: z.object({ lang: LangQuery }) },
  responses: {
    200: jsonContent(z.object({ related_products: z.array(ProductCardSchema) }), "Related product cards"),
    400: errorResponse("The id is not a positive integer"),
    404: errorResponse("Product not found"),
  },
});

/** decision “Listing filters”: labels of §9 verbatim; an unknown value is a 400, absent fields take the defaults. */
const ListingBody = z
  .object({
    category_slug: Slug.openapi({ description: "A category (includes its subcategories) or subcategory slug." }),
    price_range: z.enum(PRICE_RANGES).default("all").openapi({ description: "USD, bounds inclusive (D12b)." }),
    sort_by: z.enum(SORT_FIELDS).default("date_created"),
    order: z.enum(SORT_ORDERS).default("desc"),
    language: LanguageField,
  })
  .openapi("ListingRequest");

const listingRoute = createRoute({
  method: "post",
  path: "/api/product/by/search",
  tags,
  summary: "One page (42) of a category listing, filtered by price and sorted",
  middleware: [requireJson] as const,
  request: {
    query: z.object({ p: PageQuery }),
    body: { content: { "application/json": { schema: ListingBody } }, required: true },
  },
  responses: {
    200: jsonContent(PagedProductsSchema, "The page and the total count"),
    400: errorResponse("Invalid body or page (unknown price_range, sort_by or order)"),
    404: errorResponse("Unknown category_slug"),
    413: errorResponse("Body over 64 KB"),
    415: errorResponse("Not a JSON body"),
  },
});

/** Routes of the catalogue group. */
export function createCatalogRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(categoriesRoute, async (c) => {
    const categories = await getCategories(db, parseLanguage(c.req.valid("query").lang));
    setPublicCache(c);
    return c.json({ categories }, 200);
  });

  app.openapi(subcategoriesRoute, async (c) => {
    const { slug, lang } = c.req.valid("query");
    const subCategories = await getSubcategories(db, slug, parseLanguage(lang));
    if (!subCategories) return c.json({ error: "Category not found" }, 404);
    setPublicCache(c);
    return c.json({ sub_categories: subCategories }, 200);
  });

  app.openapi(latestRoute, async (c) => {
    const { lang, limit } = c.req.valid("query");
    const products = await getLatestProducts(db, { lang: parseLanguage(lang), limit });
    setPublicCache(c);
    return c.json({ products }, 200);
  });

  app.openapi(bestsellersRoute, async (c) => {
    const { lang, limit } = c.req.valid("query");
    const products = await getBestsellers(db, { lang: parseLanguage(lang), limit });
    setPublicCache(c);
    return c.json({ products }, 200);
  });

  app.openapi(combosRoute, async (c) => {
    const { lang, limit } = c.req.valid("query");
    const products = await getCombos(db, { lang: parseLanguage(lang), limit });
    setPublicCache(c);
    return c.json({ products }, 200);
  });

  app.openapi(productRoute, async (c) => {
    const product = await getProduct(db, c.req.valid("param").id, parseLanguage(c.req.valid("query").lang));
    if (!product) return c.json({ error: "Product not found" }, 404);
    setPublicCache(c);
    return c.json({ product }, 200);
  });

  app.openapi(relatedRoute, async (c) => {
    const related = await getRelatedProducts(db, c.req.valid("param").id, parseLanguage(c.req.valid("query").lang));
    // §7.1: the client treats a body with an `error` field as a failure.
    if (!related) return c.json({ error: "Product not found" }, 404);
    setPublicCache(c);
    return c.json({ related_products: related }, 200);
  });

  app.openapi(listingRoute, async (c) => {
    const body = c.req.valid("json");
    const page = await listProducts(db, {
      categorySlug: body.category_slug,
      priceRange: body.price_range,
      sortBy: body.sort_by,
      order: body.order,
      page: c.req.valid("query").p,
      lang: parseLanguage(body.language),
    });
    if (!page) return c.json({ error: "Category not found" }, 404);
    return c.json(page, 200);
  });

  return app;
}
