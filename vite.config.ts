import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import path from "node:path";
import { honoServer } from "./server/vite-plugin";

/**
 * The browser build puts the small modules every page shares (components, i18n, utilities) into
 * one chunk: a dozen sub-kilobyte files cost a dozen requests on a slow link for no caching gain.
 * The message catalogues stay out of it (only the active language reaches the browser, as data).
 */
function sharedChunk(id: string): string | undefined {
  const file = id.replaceAll("\\", "/");
  if (/\.server\.ts$|\/i18n\/(es|en)\.ts$|\/i18n\/parts\//.test(file)) return undefined;
  // Form fields serve the account, checkout and back-office forms, not every page.
  if (/\/app\/components\/ui\/form-fields\.tsx$/.test(file)) return undefined;
  if (/\/app\/(components|i18n|utils)\/[^?]*\.(ts|tsx)$/.test(file)) return "shared";
  // The catalogue's cards and rows, shown on most storefront pages, travel with the shell.
  if (
    /\/app\/features\/catalog\/components\/(product-card|product-row|recently-viewed|category-cards)\.tsx$/.test(file)
  ) {
    return "shared";
  }
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [honoServer({ entry: "server/index.ts", app: "server/main.ts" }), tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    target: "es2022",
    rollupOptions: isSsrBuild ? undefined : { output: { manualChunks: sharedChunk } },
  },
  ssr: { external: ["@electric-sql/pglite", "sharp", "pg", "@node-rs/argon2"] },
}));
