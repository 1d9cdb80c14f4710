import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  type ServerBuild,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "react-router";
import routes from "~/routes";
import * as root from "~/root";
import { type TestRoute, testServerBuild } from "./server-build";

// The app's server build made in memory: every route of app/routes.ts with its real module, as
// React Router's Vite plugin would build it. Test files using it mock `~/app.css?url` (Vitest gives
// it no file name): see page-actions.test.ts.

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

/** The server build of app/routes.ts, the root first. */
export async function appServerBuild(): Promise<ServerBuild> {
  return testServerBuild([
    { id: "root", path: "", module: asBuilt(root as Module) },
    ...(await flatten(routes, "root")),
  ]);
}
