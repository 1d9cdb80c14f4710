/**
 * Shareable cart (docs/features.md): share the caller's cart as a link valid for 7 days, read a
 * shared cart with today's prices and stock, and add one to the caller's cart. Thin adapters over
 * `~/features/cart/shared-cart.server`, which owns every rule; money as USD numbers (decision
 * “Prices are kept in US cents”). A malformed or unknown token is a 404, an expired one a 410.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { AccountsDeps } from "~/features/accounts/accounts.server";
import { SHARE_DAYS } from "~/features/cart/components/shared-cart-view";
import {
  type AddedSharedLine,
  type SharedLine,
  addSharedCart,
  readSharedCart,
  shareCart,
  sharedCartPath,
} from "~/features/cart/shared-cart.server";
import { centsToUsd } from "~/features/catalog/product-cards.server";
import type { Language } from "~/i18n/languages";
import { messageFor, requestLanguage, requireApiUser } from "./auth-user";
import { LangQuery, createRouter, errorResponse, jsonContent } from "./http";

const tags = ["cart"];
const security = [{ jwt: [] }];
const unauthorized = errorResponse("No valid access token (`Authorization: JWT <access>`)");

const STATES = ["inStock", "notEnoughStock", "outOfStock", "unavailable"] as const;

const TokenParam = z.object({
  token: z
    .string()
    .max(200)
    .openapi({
      param: { name: "token", in: "path" },
      description: "The link's token: 22 base64url characters (128 random bits).",
      example: "q3Jx0vH8dL2mYtN5sWcA9g",
    }),
});

const ShareSchema = z
  .object({
    token: z.string().openapi({ example: "q3Jx0vH8dL2mYtN5sWcA9g" }),
    url: z.string().openapi({
      description: "The shared cart page, absolute, in the request's language.",
      example: "https://tienda.example/es/cart/shared/q3Jx0vH8dL2mYtN5sWcA9g",
    }),
    expires_at: z.string().openapi({ description: `ISO 8601: ${SHARE_DAYS} days after sharing.` }),
  })
  .openapi("SharedCartLink");

const SharedLineSchema = z
  .object({
    product_id: z.number().int(),
    name: z.string().nullable().openapi({ description: "In the request's language; null when no longer for sale." }),
    image_url: z.string().nullable(),
    count: z.number().int().openapi({ description: "The count shared." }),
    available: z.number().int().openapi({ description: "What can be added now: the count capped at the stock." }),
    stock: z.number().int().openapi({ description: "The product's stock now (0 when no longer for sale)." }),
    state: z.enum(STATES),
    color: z.string(),
    variety: z.string(),
    price: z
      .number()
      .openapi({ description: "Today's unit price in USD for the shared count (wholesale when it applies)." }),
    line_total: z.number(),
  })
  .openapi("SharedCartLine");

const SharedCartSchema = z
  .object({ expires_at: z.string(), lines: z.array(SharedLineSchema), total: z.number() })
  .openapi("SharedCart");

const AddedSchema = z
  .object({
    added: z.array(z.object({ product_id: z.number().int(), name: z.string(), count: z.number().int() })),
    skipped: z.array(
      z.object({
        product_id: z.number().int(),
        name: z.string().nullable(),
        count: z.number().int().openapi({ description: "Units that could not be added." }),
        reason: z.enum(["notEnoughStock", "outOfStock", "unavailable"]),
      }),
    ),
  })
  .openapi("SharedCartAdded");

const readRoute = createRoute({
  method: "get",
  path: "/api/cart/shared/{token}",
  tags,
  summary: "A shared cart's lines with today's prices and stock (no sign-in needed)",
  request: { params: TokenParam, query: z.object({ lang: LangQuery }) },
  responses: {
    200: jsonContent(SharedCartSchema, "The lines"),
    400: errorResponse("A token over 200 characters"),
    404: errorResponse("No such shared cart"),
    410: errorResponse("The link has expired"),
  },
});

function serializeLine(line: SharedLine) {
  return {
    product_id: line.productId,
    name: line.product ? line.product.display_name || line.product.name : null,
    image_url: line.product?.image_url ?? null,
    count: line.count,
    available: line.available,
    stock: line.product?.quantity ?? 0,
    state: line.state,
    color: line.color,
    variety: line.variety,
    price: centsToUsd(line.unitPriceCents),
    line_total: centsToUsd(line.lineTotalCents),
  };
}

function serializeAdded(lines: AddedSharedLine[]) {
  return {
    added: lines
      .filter((line) => line.added > 0)
      .map((line) => ({ product_id: line.productId, name: line.name, count: line.added })),
    skipped: lines
      .filter((line) => line.added < line.count)
      .map((line) => ({
        product_id: line.productId,
        name: line.name || null,
        count: line.count - line.added,
        reason: line.state === "inStock" ? ("notEnoughStock" as const) : line.state,
      })),
  };
}

const gone = (lang: Language, state: "unknown" | "expired") =>
  state === "unknown"
    ? ({ body: { error: messageFor(lang, "sharedCart.errors.unknown") }, status: 404 } as const)
    : ({ body: { error: messageFor(lang, "sharedCart.errors.expired") }, status: 410 } as const);

/** The shared cart routes. */
export function createSharedCartRoutes(deps: AccountsDeps) {
  const { db, env } = deps;
  const app = createRouter();
  const auth = requireApiUser(deps, { style: "api" });

  const shareRoute = createRoute({
    method: "post",
    path: "/api/cart/share",
    tags,
    summary: `Shares the caller's cart as a link valid for ${SHARE_DAYS} days (products and counts only)`,
    security,
    middleware: [auth] as const,
    request: { query: z.object({ lang: LangQuery }) },
    responses: {
      201: jsonContent(ShareSchema, "The new link"),
      400: errorResponse("The cart is empty"),
      401: unauthorized,
    },
  });

  const addRoute = createRoute({
    method: "post",
    path: "/api/cart/shared/{token}/add",
    tags,
    summary: "Adds a shared cart's lines to the caller's cart, each capped at the stock",
    description: "Lines out of stock or no longer for sale are skipped; a line with less stock is added in part.",
    security,
    middleware: [auth] as const,
    request: { params: TokenParam, query: z.object({ lang: LangQuery }) },
    responses: {
      200: jsonContent(AddedSchema, "What was added and what was not"),
      400: errorResponse("A token over 200 characters"),
      401: unauthorized,
      404: errorResponse("No such shared cart"),
      410: errorResponse("The link has expired"),
    },
  });

  app.openapi(shareRoute, async (c) => {
    const lang = requestLanguage(c);
    const shared = await shareCart(db, c.var.apiUser.id);
    if (!shared.ok) return c.json({ error: messageFor(lang, shared.error) }, 400);
    const url = `${env.PUBLIC_URL}${sharedCartPath(lang, shared.token)}`;
    return c.json({ token: shared.token, url, expires_at: shared.expiresAt.toISOString() }, 201);
  });

  app.openapi(readRoute, async (c) => {
    const lang = requestLanguage(c);
    const read = await readSharedCart(db, c.req.valid("param").token, lang);
    if (read.state !== "ok") {
      const { body, status } = gone(lang, read.state);
      return c.json(body, status);
    }
    const lines = read.lines.map(serializeLine);
    const total = centsToUsd(read.lines.reduce((sum, line) => sum + line.lineTotalCents, 0));
    return c.json({ expires_at: read.expiresAt.toISOString(), lines, total }, 200);
  });

  app.openapi(addRoute, async (c) => {
    const lang = requestLanguage(c);
    const result = await addSharedCart(db, c.var.apiUser.id, c.req.valid("param").token, lang);
    if (result.state !== "ok") {
      const { body, status } = gone(lang, result.state);
      return c.json(body, status);
    }
    return c.json(serializeAdded(result.lines), 200);
  });

  return app;
}
