import fs from "node:fs";
import path from "node:path";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import type { Db } from "~/db/client.server";
import { createMediaRoutes } from "~/features/media/media.server";
import { mediaStore } from "~/features/media/store.server";
import type { Env } from "~/utils/env.server";
import { createApi } from "./api";
import { handleError, limitBody } from "./api/http";
import { cspNonce } from "./csp-nonce";
import { httpMetrics } from "./metrics";
import { keepCspOfRevalidatedPages, pageCacheMiddleware } from "./page-cache/middleware";
import { type SharedPageRoutes, sharedPagePaths, sharedPagePattern } from "./page-cache/shared-pages";
import type { PageCache } from "./page-cache/store";
import { sessionMiddleware } from "./session";
import { signedInPagesMiddleware } from "./signed-in-pages";
import { trustProxy } from "./proxy";
import { requestId } from "./request-id";
import { SHOPPER_UPLOAD_BODY_BYTES, UPLOAD_BODY_BYTES, takesShopperUploads, takesUploads } from "./uploads";

/** The REST API of spec §7 and product images: everything served besides the pages. */
export function configureServer(app: Hono, deps: { db: Db; env: Env }) {
  app.route("/media", createMediaRoutes(mediaStore(deps.env)));
  app.route("/", createApi(deps));
}

/**
 * What every request for a page or the API goes through after the built files (server/main.ts
 * `configure`): the anonymous page cache, the session, the signed-in page templates, then the API
 * and media; React Router answers the rest. The pages kept are those whose route module declares
 * it (server/page-cache/shared-pages.ts): `routes` is the server build's.
 */
export function applyPageMiddleware(
  app: Hono,
  deps: { db: Db; env: Env },
  pageCache: PageCache,
  routes: SharedPageRoutes,
) {
  const sharedPages = sharedPagePattern(sharedPagePaths(routes));
  // Before the session: an anonymous hit needs neither the session nor React Router.
  app.use("*", pageCacheMiddleware(pageCache, sharedPages));
  app.use("*", sessionMiddleware(deps));
  // After the session: a signed-in page is its template with the shopper's name spliced in.
  app.use("*", signedInPagesMiddleware(pageCache, { db: deps.db, sharedPages }));
  configureServer(app, deps);
}

/**
 * What every request goes through first, the built assets included (the server entry applies this
 * in `beforeAll`, ahead of static file serving): its id and access line the client's address and scheme (TRUST_PROXY),
 * security headers, compression, and the request-body limit (pages as well as the API).
 * `mayUpload` tells, from the request's headers alone (its session cookie), whether it comes from
 * someone allowed the upload forms' larger bodies (a signed-in operator).
 */
export function applyHttpMiddleware(
  app: Hono,
  env: Pick<Env, "TRUST_PROXY"> & Partial<Pick<Env, "MAP_TILE_URL" | "MEDIA_PUBLIC_URL">>,
  opts: { tracing?: MiddlewareHandler; mayUpload?: UploadGate; mayUploadAsShopper?: UploadGate } = {},
) {
  const { tracing, mayUpload = () => Promise.resolve(false), mayUploadAsShopper = () => Promise.resolve(false) } = opts;
  // First: its id is on every log line of the request, and its access line sees the final answer.
  app.use("*", requestId(env.TRUST_PROXY));
  // Then its duration, by route pattern and status class (GET /metrics).
  app.use("*", httpMetrics);
  // And its trace span, when OTEL_EXPORTER_OTLP_ENDPOINT is set (server/tracing.ts).
  if (tracing) app.use("*", tracing);
  // An error thrown outside the API (which has the same handler) is logged once and answered 500.
  app.onError(handleError);
  app.use("*", trustProxy(env.TRUST_PROXY));
  // Before the security headers: a 304 must keep the policy (nonce) of the page the browser kept.
  app.use("*", keepCspOfRevalidatedPages);
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        // No 'unsafe-inline'. Each request gets a random nonce (read back as
        // `secureHeadersNonce` by the page render and the page cache) for React Router's inline scripts.
        scriptSrc: ["'self'", cspNonce],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          "data:",
          "https://*.tile.openstreetmap.org",
          "https://tile.openstreetmap.org",
          ...tileOrigin(env.MAP_TILE_URL),
          // Images from a CDN in front of /media (docs/operations.md "Media storage").
          ...(env.MEDIA_PUBLIC_URL ? [new URL(env.MEDIA_PUBLIC_URL).origin] : []),
        ],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: "strict-origin-when-cross-origin",
    }),
  );
  app.use("*", compress());
  // The service worker: revalidated on every check, so a new deployment is picked up.
  app.use("/sw.js", async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set("Cache-Control", "no-cache");
  });
  // The back office's image forms carry up to 4 photos of 10 MB each; everything else
  // keeps the small cap. The larger bodies are for operators only: who posts is
  // known from the session cookie before a byte of the body is read. Anyone else's oversized body to
  // those pages is dropped unread and the page answers as it does to any visitor without a body
  // (the back office's ordinary 404), so memory stays flat whoever sends what.
  const uploads = limitBody(UPLOAD_BODY_BYTES);
  const others = limitBody();
  const visitors = limitBody(undefined, withoutBody);
  // A defect claim's photos (docs/features.md, "Defect claims"): a signed-in shopper's; anyone else keeps the small cap.
  const claimPhotos = limitBody(SHOPPER_UPLOAD_BODY_BYTES);
  app.use("*", async (c, next) => {
    if (c.req.raw.body && takesShopperUploads(c.req.path)) {
      return (await mayUploadAsShopper(c)) ? claimPhotos(c, next) : others(c, next);
    }
    if (!c.req.raw.body || !takesUploads(c.req.path)) return others(c, next);
    return (await mayUpload(c)) ? uploads(c, next) : visitors(c, next);
  });
}

/** Whether this request may post an upload form's larger body (from its headers, never its body). */
export type UploadGate = (c: Context) => Promise<boolean>;

/**
 * Hands the request on without its (oversized, dropped) body, and closes the connection after the
 * answer: kept alive, the server would read and throw away what the sender still has in flight
 * (megabytes per connection on a fast link) before the next request could follow.
 */
const withoutBody: MiddlewareHandler = async (c, next) => {
  const raw = c.req.raw;
  const headers = new Headers(raw.headers);
  for (const name of ["content-length", "content-type", "transfer-encoding"]) headers.delete(name);
  c.req.raw = new Request(raw.url, { method: raw.method, headers, signal: raw.signal });
  await next();
  c.header("Connection", "close");
};

/**
 * The origin of the delivery map's tiles (`MAP_TILE_URL`), for the Content-Security-Policy's
 * `img-src`; nothing when it is unset, not http(s), or not a URL (the `{s}` subdomain placeholder
 * becomes a wildcard, as CSP writes it).
 */
export function tileOrigin(template: string | undefined): string[] {
  if (!template) return [];
  try {
    const url = new URL(template.replace("{s}.", "s-placeholder."));
    if (url.protocol !== "https:" && url.protocol !== "http:") return [];
    return [url.origin.replace("s-placeholder.", "*.")];
  } catch {
    return [];
  }
}

/** Every file under `dir` as a URL path (`/favicon.ico`, `/assets/x.js`); none when it is missing. */
export function listStaticFiles(dir: string): Set<string> {
  const files = new Set<string>();
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
    files.add(`/${relative.split(path.sep).join("/")}`);
  }
  return files;
}

const STATIC_METHODS = new Set(["GET", "HEAD"]);

/**
 * Built files answer only GET and HEAD: the static handler would answer any method with
 * the file's headers and no body, which a kept-alive client then misreads. `isStaticPath` tells
 * which paths are files.
 */
export function staticMethodsOnly(isStaticPath: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (STATIC_METHODS.has(c.req.method) || !isStaticPath(c.req.path)) return next();
    return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" });
  };
}

/** A standalone app with the API and media only, for integration tests and benchmarks. */
export function createServerApp(deps: { db: Db; env: Env }) {
  const app = new Hono();
  applyHttpMiddleware(app, deps.env);
  configureServer(app, deps);
  return app;
}
