/**
 * The REST API of spec §7 (ARCHITECTURE.md: a thin adapter over the feature modules, validated
 * with zod, documented at `/api/openapi.json`). `server/app.ts` mounts it at the root.
 */
import type { Hono } from "hono";
import type { Db } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import { createAuthRoutes } from "./auth";
import { createCartRoutes } from "./cart";
import { createCatalogRoutes } from "./catalog";
import { createChatRoutes } from "./chat";
import { createClaimRoutes } from "./claims";
import { createContentRoutes } from "./content";
import { createCurrencyRoutes } from "./currency";
import { createDeliveryRoutes } from "./delivery";
import { apiCaching, createRouter, handleError, notFound } from "./http";
import { createOrderRoutes } from "./orders";
import { createProfileRoutes } from "./profile";
import { createRecipientRoutes } from "./recipients";
import { createProviderRoutes } from "./providers";
import { createReviewRoutes } from "./reviews";
import { createSearchRoutes } from "./search";
import { createSharedCartRoutes } from "./shared-cart";
import { createStockAlertRoutes } from "./stock-alerts";
import { createWishlistRoutes } from "./wishlist";

/** Builds the API: every §7 route group, the OpenAPI document and JSON 404/500 answers. */
export function createApi(deps: { db: Db; env: Env }): Hono {
  const api = createRouter();
  api.onError(handleError);
  // Request bodies are capped for every route, pages too, by applyHttpMiddleware (server/app.ts).
  for (const prefix of ["/api/*", "/auth/jwt/*", "/auth/users/*", "/auth/o/*"]) api.use(prefix, apiCaching);

  api.route("/", createCatalogRoutes(deps));
  api.route("/", createSearchRoutes(deps));
  api.route("/", createContentRoutes(deps));
  api.route("/", createCurrencyRoutes(deps));
  api.route("/", createDeliveryRoutes(deps));
  api.route("/", createAuthRoutes(deps));
  api.route("/", createProfileRoutes(deps));
  api.route("/", createRecipientRoutes(deps));
  api.route("/", createReviewRoutes(deps));
  api.route("/", createCartRoutes(deps));
  api.route("/", createSharedCartRoutes(deps));
  api.route("/", createWishlistRoutes(deps));
  api.route("/", createStockAlertRoutes(deps));
  api.route("/", createOrderRoutes(deps));
  api.route("/", createClaimRoutes(deps));
  api.route("/", createProviderRoutes(deps));
  api.route("/", createChatRoutes(deps));
  // New route groups (e.g. /auth, /api/cart) are mounted here, above the catch-all 404 below.

  let document: unknown;
  api.get("/api/openapi.json", (c) => {
    document ??= api.getOpenAPIDocument({
      openapi: "3.0.3",
      info: {
        title: "Tienda API",
        version: "1.0.0",
        description:
          'REST API of the storefront (spec §7). `lang=en` (or `language: "en"` in bodies) localises; ' +
          'any other value means Spanish. Errors are `{ "error": string, "details"?: [...] }`.',
      },
    });
    return c.json(document as object);
  });

  // Unknown API paths answer JSON, not the web app's HTML 404 page.
  // Only the API's own /auth groups (§7.5): /auth/social-callback is a page (§2.1) and must reach
  // the web app, which redirects it to /es/auth/social-callback.
  api.all("/api/*", notFound);
  for (const group of ["jwt", "users", "o"]) api.all(`/auth/${group}/*`, notFound);
  return api;
}
