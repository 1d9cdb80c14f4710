/**
 * Builds server/index.ts as the server's entry (`build/server/index.js`) with React Router's server
 * build inside it, and mounts the same Hono app on Vite's dev server under `react-router dev`
 * (docs/decisions/005-own-hono-server.md). Used with React Router's own Vite plugin, after it.
 */
import honoDevServer from "@hono/vite-dev-server";
import nodeAdapter from "@hono/vite-dev-server/node";
import path from "node:path";
import type { Plugin, UserConfig } from "vite";

/** React Router's id for its server build; its chunk must keep it so the plugin finds the build. */
const SERVER_BUILD_ID = "\0virtual:react-router/server-build";

type ReactRouterPluginContext = {
  environmentBuildContext?: { name: string } | null;
};

/**
 * `entry` is the server's entry file; `app` the module it loads once the database is prepared
 * (server/index.ts and server/main.ts).
 */
export function honoServer({ entry, app }: { entry: string; app: string }): Plugin {
  let devServerMounted = false;
  return {
    name: "tienda-hono-server",
    enforce: "post",
    config(config) {
      const context = (config as UserConfig & { __reactRouterPluginContext?: ReactRouterPluginContext })
        .__reactRouterPluginContext;
      if (context?.environmentBuildContext?.name !== "ssr") return;
      return {
        build: {
          rollupOptions: {
            input: entry,
            output: {
              entryFileNames: (chunk) => {
                chunk.facadeModuleId = SERVER_BUILD_ID;
                return "index.js";
              },
              chunkFileNames: (chunk) =>
                chunk.name === "server-build" ? "assets/server-build.js" : "assets/[name]-[hash].js",
              // Each module the entry or the app imports gets its own chunk, so modules run in their
              // import order: zod schemas must be made after @hono/zod-openapi has added `.openapi` to zod.
              manualChunks: (id, meta) =>
                meta.getModuleInfo(id)?.importers.some((importer) => importer.includes(entry) || importer.includes(app))
                  ? path.basename(id, path.extname(id))
                  : undefined,
            },
          },
        },
      };
    },
    configureServer(server) {
      if (devServerMounted) return;
      devServerMounted = true;
      const devServer = honoDevServer({
        adapter: nodeAdapter,
        injectClientScript: false,
        entry,
        // Vite answers its own files, the app's modules and anything with an extension under app/.
        exclude: [/^\/app\/(?!.*\.data(\?|$)).*\..*(\?.*)?$/, /\?import(\?.*)?$/, /^\/@.+$/, /^\/node_modules\/.*/],
      });
      if (typeof devServer.configureServer !== "function")
        throw new Error("@hono/vite-dev-server has no configureServer");
      return (devServer.configureServer as (s: typeof server) => void)(server);
    },
  };
}
