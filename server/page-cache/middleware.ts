/**
 * The page cache's Hono middleware: serves anonymous pages from the store (store.ts) under their
 * key (key.ts), and keeps the ones it renders (entry.ts). Only pages rendered without a streaming
 * error, for no user, and whose data did not change while they rendered, are kept.
 */
import type { MiddlewareHandler } from "hono";
import type { PageTemplate } from "~/context";
import { renderedEntry } from "./entry";
import { pageCacheKey } from "./key";
import { respond } from "./response";
import type { PageCache } from "./store";

/** Set by the page render when React reported an error after the shell (a streamed error). */
export type RenderState = { failed: boolean };

export type PageCacheVariables = {
  secureHeadersNonce?: string;
  pageRender?: RenderState;
  pageTemplate?: PageTemplate;
  user?: unknown;
};

/**
 * Serves anonymous pages from `cache`, and stores the ones it renders: the pages `sharedPages`
 * matches (shared-pages.ts). Runs after the security
 * headers (which pick the request's nonce) and compression (skipped: the answer is encoded here),
 * before the session middleware and React Router.
 */
export function pageCacheMiddleware(
  cache: PageCache,
  sharedPages: RegExp,
): MiddlewareHandler<{ Variables: PageCacheVariables }> {
  return async (c, next) => {
    const key = cache.options.maxEntries > 0 ? pageCacheKey(c.req.raw, sharedPages) : null;
    if (key === null) return next();
    const nonce = c.get("secureHeadersNonce") ?? "";
    const hit = cache.get(key);
    if (hit) {
      cache.stats.hits++;
      c.res = respond(hit, c.req.raw, nonce, "hit", cache.options.sharedMaxAgeSeconds);
      return;
    }
    cache.stats.misses++;
    const generation = cache.generation;
    const render: RenderState = { failed: false };
    c.set("pageRender", render);
    await next();
    if ((c.get("user") ?? null) !== null) return;
    const entry = await renderedEntry(c, nonce);
    if (!entry) return;
    if (!render.failed) cache.set(key, entry, generation);
    c.res = respond(entry, c.req.raw, nonce, "miss", cache.options.sharedMaxAgeSeconds);
  };
}

/**
 * A 304 carries no Content-Security-Policy: the browser merges a 304's headers into the copy it
 * kept, so a fresh nonce there would block every inline script of that copy, which has its own
 * (found end to end). Without one, the kept policy and the kept page still agree. Registered
 * before the security headers, so that it runs after them.
 */
export const keepCspOfRevalidatedPages: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status !== 304) return;
  c.res.headers.delete("Content-Security-Policy");
  c.res.headers.delete("Content-Security-Policy-Report-Only");
};
