import { Hono } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import type { Db } from "~/db/client.server";
import { createMediaRoutes } from "~/features/media/media.server";
import type { Env } from "~/utils/env.server";
import { createApi } from "./api";

/** The REST API of spec §7 and product images: everything served besides the pages. */
export function configureServer(app: Hono, deps: { db: Db; env: Env }) {
  app.route("/media", createMediaRoutes(deps.env));
  app.route("/", createApi(deps));
}

/**
 * Security headers and compression for every response, the built assets included: the server
 * entry applies this in `beforeAll`, ahead of static file serving.
 */
export function applyHttpMiddleware(app: Hono) {
  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https://*.tile.openstreetmap.org", "https://tile.openstreetmap.org"],
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
}

/** A standalone app with the API and media only, for integration tests and benchmarks. */
export function createServerApp(deps: { db: Db; env: Env }) {
  const app = new Hono();
  applyHttpMiddleware(app);
  configureServer(app, deps);
  return app;
}
