import type { ServerBuild } from "react-router";
import * as entry from "~/entry.server";

// A React Router server build made in memory from route modules, served by the real entry.server
// (handleRequest, handleError) through `createRequestHandler(build, "production")`: for tests of
// what the server does around a page render without building the app.

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** A route: its id, URL pattern (relative to its parent) and parent, and its module. */
export type TestRoute = { id: string; path: string; parentId?: string; index?: boolean; module: unknown };

/** The build of `routes`, the first being the root; the manifest says every route has a loader. */
export function testServerBuild(routes: TestRoute[]): ServerBuild {
  return {
    entry: { module: entry },
    routes: Object.fromEntries(
      routes.map(({ id, path, parentId, index, module }) => [
        id,
        { id, path, parentId, index, caseSensitive: undefined, module: module as RouteModule },
      ]),
    ),
    assets: {
      entry: { module: "/entry.client.js", imports: [] },
      routes: Object.fromEntries(
        routes.map(({ id, path, parentId, index, module }) => [
          id,
          {
            id,
            parentId,
            path,
            index,
            module: `/${id}.js`,
            hasLoader: true,
            hasAction: typeof (module as { action?: unknown }).action === "function",
            hasClientAction: false,
            hasClientLoader: false,
            hasClientMiddleware: false,
            hasErrorBoundary:
              id === "root" || typeof (module as { ErrorBoundary?: unknown }).ErrorBoundary === "function",
            imports: [],
          },
        ]),
      ),
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
}
