import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import type { Db } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import { applyHttpMiddleware, applyPageMiddleware } from "../../server/app";
import { routerContext } from "../../server/load-context";
import type { PageCacheVariables } from "../../server/page-cache/middleware";
import { PageCache } from "../../server/page-cache/store";
import { type SessionVariables, operatorUploads } from "../../server/session";
import { appServerBuild } from "./app-build";

// The whole server of server/main.ts — its middleware in the same order, every route of
// app/routes.ts with its real module (app-build.ts), the real entry.server — listening on a port
// of this process: for tests that post real (streamed, oversized, malformed) bodies and read what
// a browser would get.
// Test files using it mock `~/app.css?url` (Vitest gives it no file name): see body-limit-memory.test.ts.

export type AppServer = { url: string; server: ServerType; close: () => Promise<void> };

/** Starts the app on a free port of 127.0.0.1 (or `port`) with `db` and `env`. */
export async function startAppServer(deps: { db: Db; env: Env }, port = 0): Promise<AppServer> {
  const build = await appServerBuild();
  const { env } = deps;
  const pageCache = new PageCache({
    maxEntries: env.PAGE_CACHE_MAX_ENTRIES,
    maxBytes: env.PAGE_CACHE_MAX_BYTES,
    maxAgeMs: env.PAGE_CACHE_MAX_AGE_MS,
    sharedMaxAgeSeconds: env.PAGE_CACHE_SHARED_MAX_AGE,
  });
  const app = new Hono();
  applyHttpMiddleware(app, env, { mayUpload: operatorUploads(deps) });
  applyPageMiddleware(app, deps, pageCache, build.routes);
  const handle = createRequestHandler(build, "production");
  app.all("*", (c) => handle(c.req.raw, routerContext(deps, c.var as Partial<SessionVariables & PageCacheVariables>)));
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
