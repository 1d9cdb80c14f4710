import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { Hono } from "hono";
import {
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
  createRequestHandler,
} from "react-router";
import type { Db } from "~/db/client.server";
import routes from "~/routes";
import * as root from "~/root";
import type { Env } from "~/utils/env.server";
import { applyHttpMiddleware, applyPageMiddleware } from "../../server/app";
import { routerContext } from "../../server/load-context";
import type { PageCacheVariables } from "../../server/page-cache/middleware";
import { PageCache } from "../../server/page-cache/store";
import { type SessionVariables, operatorUploads } from "../../server/session";
import { type TestRoute, testServerBuild } from "./server-build";

// The whole server of server/main.ts — its middleware in the same order, every route of
// app/routes.ts with its real module, the real entry.server — listening on a port of this process:
// for tests that post real (streamed, oversized, malformed) bodies and read what a browser would get.
// Test files using it mock `~/app.css?url` (Vitest gives it no file name): see body-limit-memory.test.ts.

const routeModules = import.meta.glob(["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.ts"]);

/** React Router's route id for a file: its path under app/ without the extension. */
const routeId = (file: string) => file.replace(/\.tsx?$/, "");

type Module = Record<string, unknown> & {
  default?: Parameters<typeof UNSAFE_withComponentProps>[0];
  ErrorBoundary?: Parameters<typeof UNSAFE_withErrorBoundaryProps>[0];
  HydrateFallback?: Parameters<typeof UNSAFE_withHydrateFallbackProps>[0];
};

/** What React Router's Vite plugin does to a route module: its components get their props (loaderData…). */
function asBuilt(module: Module) {
  return {
    ...module,
    ...(module.default ? { default: UNSAFE_withComponentProps(module.default) } : {}),
    ...(module.ErrorBoundary ? { ErrorBoundary: UNSAFE_withErrorBoundaryProps(module.ErrorBoundary) } : {}),
    ...(module.HydrateFallback ? { HydrateFallback: UNSAFE_withHydrateFallbackProps(module.HydrateFallback) } : {}),
  };
}

async function flatten(entries: RouteConfigEntry[], parentId: string): Promise<TestRoute[]> {
  const out: TestRoute[] = [];
  for (const entry of entries) {
    const id = entry.id ?? routeId(entry.file);
    const load = routeModules[`/app/${entry.file}`];
    if (!load) throw new Error(`No module for route file ${entry.file}`);
    out.push({ id, path: entry.path ?? "", parentId, index: entry.index, module: asBuilt((await load()) as Module) });
    if (entry.children) out.push(...(await flatten(entry.children, id)));
  }
  return out;
}

export type AppServer = { url: string; server: ServerType; close: () => Promise<void> };

/** Starts the app on a free port of 127.0.0.1 (or `port`) with `db` and `env`. */
export async function startAppServer(deps: { db: Db; env: Env }, port = 0): Promise<AppServer> {
  const build = testServerBuild([
    { id: "root", path: "", module: asBuilt(root as Module) },
    ...(await flatten(routes, "root")),
  ]);
  const { env } = deps;
  const pageCache = new PageCache({
    maxEntries: env.PAGE_CACHE_MAX_ENTRIES,
    maxBytes: env.PAGE_CACHE_MAX_BYTES,
    maxAgeMs: env.PAGE_CACHE_MAX_AGE_MS,
    sharedMaxAgeSeconds: env.PAGE_CACHE_SHARED_MAX_AGE,
  });
  const app = new Hono();
  applyHttpMiddleware(app, env, { mayUpload: operatorUploads(deps) });
  applyPageMiddleware(app, deps, pageCache);
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
