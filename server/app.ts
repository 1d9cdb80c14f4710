import { Hono } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import type { Db } from "~/db/client.server";
import { createMediaRoutes } from "~/features/media/media.server";
import type { Env } from "~/utils/env.server";
import { createApi } from "./api";

/**
 * Everything the one process serves besides the server-rendered pages: security headers,
 * compression, the REST API of spec §7 and product images. Tests mount it on its own.
 */
export function configureServer(app: Hono, deps: { db: Db; env: Env }) {
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
  app.route("/media", createMediaRoutes(deps.env));
  app.route("/", createApi(deps));
}

/** A standalone app with the API and media only, for integration tests and benchmarks. */
export function createServerApp(deps: { db: Db; env: Env }) {
  const app = new Hono();
  configureServer(app, deps);
  return app;
}
