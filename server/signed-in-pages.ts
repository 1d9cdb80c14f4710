/**
 * Signed-in page templates (a signed-in home page at 150 requests/s or more).
 *
 * A signed-in shopper's home, listings, search and information pages differ from everyone else's
 * only in the header: the name it greets them by, whether it links the back office, and the cart
 * badge. So such a page is rendered once as a template for its path, language, currency, device
 * class, role and cart count, with a random placeholder for the name and no user for any loader
 * but the root's (`pageTemplate` in the app context), kept in the page cache beside the anonymous
 * pages (dropped with them on every data change), and each request gets it with its own name and
 * nonce spliced in (server/page-cache/entry.ts holes). A request then costs the session and cart-count
 * reads and no render. The template holds nothing of any shopper: the name is a placeholder, and
 * the role and count are in its key. The answer stays `private, no-store`, with no ETag.
 *
 * Product pages are not templated (their loader reads the shopper: wishlist, reviews), nor the
 * account, cart, checkout, orders, chat and back-office pages, nor a request with a cookie that
 * could change the page (an alert to show, say).
 */
import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Db } from "~/db/client.server";
import type { PageTemplate } from "~/context";
import { type User, greetingName } from "~/features/accounts/accounts.server";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "~/features/accounts/session.server";
import { isStaff } from "~/features/admin/guard.server";
import { getCartItemCount } from "~/features/cart/cart-lines.server";
import { DRAFT_COOKIE } from "~/features/checkout/draft.server";
import { logger } from "~/utils/logger.server";
import { PRIVATE_NO_STORE } from "./api/http";
import { renderedEntry } from "./page-cache/entry";
import { pageCacheKey } from "./page-cache/key";
import type { RenderState } from "./page-cache/middleware";
import { pageResponse } from "./page-cache/response";
import type { PageCache, PageEntry } from "./page-cache/store";

/** The one shared page whose loader reads the shopper (wishlist heart, review eligibility). */
const PRODUCT_PAGE = /^\/(es|en)\/product\//;

/**
 * The shared storefront pages (`sharedPages`, server/page-cache/shared-pages.ts) whose loaders
 * never read the shopper (the root's aside).
 */
export function isTemplatedPath(path: string, sharedPages: RegExp): boolean {
  return sharedPages.test(path) && !PRODUCT_PAGE.test(path);
}

/** Cookies that do not change these pages: the session's and the checkout's draft. */
const IGNORED_COOKIES: ReadonlySet<string> = new Set([ACCESS_COOKIE, REFRESH_COOKIE, DRAFT_COOKIE]);

/**
 * The name a template is rendered with: letters and digits only (no escaping changes it), random
 * per process, so that no catalogue text can hold it by chance.
 */
export const PLACEHOLDER_NAME = `shopper${randomBytes(12).toString("hex")}`;

const MAX_NAME = 1_000;

type Variables = {
  user: User | null;
  secureHeadersNonce?: string;
  pageRender?: RenderState;
  pageTemplate?: PageTemplate;
};

/** Runs after the session middleware (it needs the shopper), before React Router. */
export function signedInPagesMiddleware(
  cache: PageCache,
  deps: { db: Db; sharedPages: RegExp },
): MiddlewareHandler<{ Variables: Variables }> {
  return async (c, next) => {
    const user = c.get("user");
    if (
      !user ||
      c.req.method !== "GET" ||
      cache.options.maxEntries <= 0 ||
      !isTemplatedPath(c.req.path, deps.sharedPages)
    ) {
      return next();
    }
    const page = pageCacheKey(c.req.raw, deps.sharedPages, IGNORED_COOKIES);
    const name = greetingName(user);
    // A filling is one stored deflate block (64 KB at most); the forms allow 150 characters.
    if (page === null || name.length > MAX_NAME) return next();
    let cartCount: number;
    try {
      cartCount = await getCartItemCount(deps.db, user.id);
    } catch (error) {
      // The page renders for itself, and its root loader logs the same failure with a fallback.
      logger.warn({ err: error }, "Signed-in page: could not read the cart count");
      return next();
    }
    const operator = isStaff(user);
    const key = `signed-in|${operator ? "operator" : "shopper"}|${cartCount}|${page}`;
    const nonce = c.get("secureHeadersNonce") ?? "";
    const hit = cache.get(key);
    if (hit) {
      cache.stats.hits++;
      c.res = respond(hit, c.req.raw, nonce, name, "private-hit");
      return;
    }
    cache.stats.misses++;
    const generation = cache.generation;
    const render: RenderState = { failed: false };
    c.set("pageRender", render);
    c.set("pageTemplate", { name: PLACEHOLDER_NAME, isOperator: operator, cartCount });
    await next();
    const entry = await renderedEntry(c, nonce, PLACEHOLDER_NAME);
    if (!entry) return;
    if (!render.failed) cache.set(key, entry, generation);
    c.res = respond(entry, c.req.raw, nonce, name, "private-miss");
  };
}

function respond(
  entry: PageEntry,
  request: Request,
  nonce: string,
  name: string,
  state: "private-hit" | "private-miss",
): Response {
  const headers = new Headers(entry.headers);
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  headers.set("X-Page-Cache", state);
  return pageResponse(entry, request, headers, nonce, name);
}
