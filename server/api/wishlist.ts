/**
 * Wishlist calls of spec §7.2 (§2.17, §4.4, §8 wishlist messages; decision “Real ratings” real ratings): the
 * signed-in shopper's wishlist. Thin adapters over `~/features/wishlist/wishlist.server`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { AccountsDeps } from "~/features/accounts/accounts.server";
import {
  type WishlistEntry,
  addToWishlist,
  getWishlist,
  getWishlistCount,
  removeFromWishlist,
} from "~/features/wishlist/wishlist.server";
import type { Language } from "~/i18n/languages";
import { messageFor, requestLanguage, requireApiUser } from "./auth-user";
import { RowIdField, RowIdQuery, optionalJson } from "./cart";
import { LangQuery, createRouter, errorResponse, jsonContent, requireJson } from "./http";
import { ProductCardSchema } from "./wire-schemas";
import { textInput } from "~/utils/text";

const tags = ["wishlist"];

const WishlistItemSchema = z
  .object({
    id: z.number().int(),
    product: ProductCardSchema.openapi({ description: "With its real rating and reviews_count (D10) and live stock." }),
    date_added: textInput().openapi({ format: "date-time" }),
  })
  .openapi("WishlistItem");

const WishlistSchema = z.object({ wishlist: z.array(WishlistItemSchema) });

const AddItemBody = z.object({ product_id: RowIdField.openapi({ example: 1 }) }).openapi("WishlistAddItemRequest");
const RemoveItemBody = z
  .object({ product_id: RowIdField.optional().openapi({ example: 1 }) })
  .openapi("WishlistRemoveItemRequest");

const unauthorized = errorResponse("No valid access token (`Authorization: JWT <access>`)");
const security = [{ jwt: [] }];
const LangOnly = z.object({ lang: LangQuery });

function serializeEntry(entry: WishlistEntry) {
  return { id: entry.id, product: entry.product, date_added: entry.dateAdded };
}

/** The wishlist routes, built around the group's token guard. */
export function createWishlistRoutes(deps: AccountsDeps) {
  const { db } = deps;
  const app = createRouter();
  const auth = requireApiUser(deps, { style: "api" });

  const itemsRoute = createRoute({
    method: "get",
    path: "/api/wishlist/wishlist-items",
    tags,
    summary: "The wishlist, newest first",
    security,
    middleware: [auth] as const,
    request: { query: LangOnly },
    responses: { 200: jsonContent(WishlistSchema, "The wishlist"), 401: unauthorized },
  });

  const addRoute = createRoute({
    method: "post",
    path: "/api/wishlist/add-item",
    tags,
    summary: "Adds a product to the wishlist",
    security,
    middleware: [auth, requireJson] as const,
    request: {
      query: LangOnly,
      body: { content: { "application/json": { schema: AddItemBody } }, required: true },
    },
    responses: {
      201: jsonContent(
        z.object({ wishlist_item: WishlistItemSchema, wishlist: z.array(WishlistItemSchema) }),
        "The new entry and the whole wishlist",
      ),
      400: errorResponse("product_id missing or not a positive integer"),
      401: unauthorized,
      404: errorResponse("Product not found"),
      409: errorResponse("This item is already in your wishlist"),
      413: errorResponse("Body over 64 KB"),
      415: errorResponse("Not a JSON body"),
    },
  });

  const removeRoute = createRoute({
    method: "delete",
    path: "/api/wishlist/remove-item",
    tags,
    summary: "Removes a product (`product_id` in a JSON body or the query string)",
    security,
    middleware: [auth, optionalJson] as const,
    request: {
      query: z.object({
        lang: LangQuery,
        product_id: RowIdQuery.optional().openapi({ param: { name: "product_id", in: "query" }, example: 1 }),
      }),
      body: { content: { "application/json": { schema: RemoveItemBody } }, required: false },
    },
    responses: {
      200: jsonContent(WishlistSchema, "The wishlist after the removal"),
      400: errorResponse("product_id missing or not a positive integer"),
      401: unauthorized,
      404: errorResponse("This product is not in your wishlist"),
      413: errorResponse("Body over 64 KB"),
      415: errorResponse("A body that is not JSON"),
    },
  });

  const itemTotalRoute = createRoute({
    method: "get",
    path: "/api/wishlist/get-item-total",
    tags,
    summary: "The number of products in the wishlist",
    security,
    middleware: [auth] as const,
    request: { query: LangOnly },
    responses: {
      200: jsonContent(z.object({ total_items: z.number().int() }), "The number of products"),
      401: unauthorized,
    },
  });

  const entriesOf = async (userId: number, lang: Language) => (await getWishlist(db, userId, lang)).map(serializeEntry);

  app.openapi(itemsRoute, async (c) =>
    c.json({ wishlist: await entriesOf(c.var.apiUser.id, requestLanguage(c)) }, 200),
  );

  app.openapi(addRoute, async (c) => {
    const lang = requestLanguage(c);
    const userId = c.var.apiUser.id;
    const productId = c.req.valid("json").product_id;
    const result = await addToWishlist(db, userId, productId);
    if (!result.ok) return c.json({ error: messageFor(lang, result.error) }, result.status);
    const wishlist = await entriesOf(userId, lang);
    const entry = wishlist.find((e) => e.product.id === productId);
    // Removed between the insert and the read (another tab): report it as gone.
    if (!entry) return c.json({ error: messageFor(lang, "wishlist.errors.notInWishlist") }, 404);
    return c.json({ wishlist_item: entry, wishlist }, 201);
  });

  app.openapi(removeRoute, async (c) => {
    const lang = requestLanguage(c);
    const userId = c.var.apiUser.id;
    const productId = c.req.valid("json").product_id ?? c.req.valid("query").product_id;
    if (productId === undefined) {
      return c.json({ error: "product_id: Required", details: [{ path: "product_id", message: "Required" }] }, 400);
    }
    const result = await removeFromWishlist(db, userId, productId);
    if (!result.ok) return c.json({ error: messageFor(lang, result.error) }, 404);
    return c.json({ wishlist: await entriesOf(userId, lang) }, 200);
  });

  app.openapi(itemTotalRoute, async (c) => c.json({ total_items: await getWishlistCount(db, c.var.apiUser.id) }, 200));

  return app;
}
