/**
 * Serves the React Router build through Hono on Node (docs/decisions/005-own-hono-server.md): the
 * built files, then the app's own routes, then every other request to React Router. In production it
 * listens on `port`; under `react-router dev` it only returns the app, which the Vite plugin in
 * server/vite-plugin.ts mounts on Vite's dev server.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { type RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";

export type HonoServerOptions = {
  port: number;
  /** The browser build (`build/client`), whose files are served before any route. */
  clientDirectory: string;
  /** Middleware that runs before the built files are served (headers, limits, health checks). */
  beforeAll?: (app: Hono) => void;
  /** The app's own routes (API, media), after the built files and before React Router; `build` is React Router's. */
  configure?: (app: Hono, build: ServerBuild) => void;
  getLoadContext: (c: Context) => RouterContextProvider;
  onServe?: (server: Server) => void;
  listeningListener?: (info: AddressInfo) => void;
};

const ONE_YEAR = 60 * 60 * 24 * 365;
const ONE_HOUR = 60 * 60;

export async function createHonoServer(options: HonoServerOptions): Promise<Hono> {
  const mode = process.env.NODE_ENV === "development" ? "development" : "production";
  // Provided by React Router's Vite plugin, in the build and on the dev server alike.
  const build: ServerBuild = await import("virtual:react-router/server-build");
  const app = new Hono();
  options.beforeAll?.(app);

  // In development Vite serves the browser files itself.
  if (mode === "production") {
    app.use("/assets/*", cacheFor(ONE_YEAR), serveStatic({ root: options.clientDirectory, precompressed: true }));
    app.use("*", cacheFor(ONE_HOUR), serveStatic({ root: options.clientDirectory }));
  }
  options.configure?.(app, build);

  const handleRequest = createRequestHandler(build, mode);
  app.all("*", (c) => handleRequest(c.req.raw, options.getLoadContext(c)));

  if (mode === "production") {
    const server = serve({ fetch: app.fetch, port: options.port }, options.listeningListener);
    options.onServe?.(server as Server);
  }
  return app;
}

/** A default `Cache-Control` for a served file (a path with an extension) that set none itself. */
function cacheFor(seconds: number) {
  return async (c: Context, next: () => Promise<void>) => {
    await next();
    if (!/\.[a-zA-Z0-9]+$/.test(c.req.path) || c.req.path.endsWith(".data")) return;
    if (!c.res.ok || c.res.headers.has("cache-control")) return;
    c.res.headers.set("cache-control", `public, max-age=${seconds}`);
  };
}
