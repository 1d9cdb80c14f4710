/**
 * Search calls of spec §7.1 (`GET /api/product/search`, `POST /api/product/search-advanced`):
 * thin adapters over `~/features/search/search.server` (decision “Search forgives the way people type”).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "~/db/client.server";
import { UnknownCategoryError, searchAdvanced, searchProducts } from "~/features/search/search.server";
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
import { PagedProductsSchema } from "./wire-schemas";
import { textInput } from "~/utils/text";

/** Longer text is refused; the search itself only reads the first 200 characters (decision “Search forgives the way people type”). */
const MAX_SEARCH_TEXT = 500;

const CategoryFilter = textInput()
  .trim()
  .max(100)
  .optional()
  .openapi({ description: "`all` (default) or a category or subcategory slug.", example: "all" });

const tags = ["search"];

const searchRoute = createRoute({
  method: "get",
  path: "/api/product/search",
  tags,
  summary: "Full-text product search (D12), 42 per page",
  request: {
    query: z.object({
      s: textInput()
        .max(MAX_SEARCH_TEXT)
        .optional()
        .openapi({ description: "Search text; blank gives no results.", example: "cafe" }),
      category: CategoryFilter,
      p: PageQuery,
      lang: LangQuery,
    }),
  },
  responses: {
    200: jsonContent(PagedProductsSchema, "The page and the total count"),
    400: errorResponse("Invalid page or text too long"),
    404: errorResponse("Unknown category"),
  },
});

const advancedRoute = createRoute({
  method: "post",
  path: "/api/product/search-advanced",
  tags,
  summary: "Full-text product search within a category (first page)",
  middleware: [requireJson] as const,
  request: {
    body: {
      content: {
        "application/json": {
          schema: z
            .object({
              search: textInput().max(MAX_SEARCH_TEXT).default(""),
              category_slug: CategoryFilter,
              language: LanguageField,
            })
            .openapi("SearchAdvancedRequest"),
        },
      },
      required: true,
    },
  },
  responses: {
    200: jsonContent(PagedProductsSchema, "The first page and the total count"),
    400: errorResponse("Invalid body"),
    404: errorResponse("Unknown category_slug"),
    413: errorResponse("Body over 64 KB"),
    415: errorResponse("Not a JSON body"),
  },
});

/** Routes of the search group. */
export function createSearchRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = createRouter();

  app.openapi(searchRoute, async (c) => {
    const { s, category, p, lang } = c.req.valid("query");
    try {
      const page = await searchProducts(db, { q: s ?? "", category, page: p, lang: parseLanguage(lang) });
      setPublicCache(c);
      return c.json(page, 200);
    } catch (error) {
      if (error instanceof UnknownCategoryError) return c.json({ error: "Category not found" }, 404);
      throw error;
    }
  });

  app.openapi(advancedRoute, async (c) => {
    const body = c.req.valid("json");
    try {
      const page = await searchAdvanced(db, {
        search: body.search,
        categorySlug: body.category_slug,
        lang: parseLanguage(body.language),
      });
      return c.json(page, 200);
    } catch (error) {
      if (error instanceof UnknownCategoryError) return c.json({ error: "Category not found" }, 404);
      throw error;
    }
  });

  return app;
}
