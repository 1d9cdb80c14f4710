#!/usr/bin/env node
// After `react-router build`: builds the service worker (app/features/offline/sw.ts)
// into `<BUILD_DIR>/client/sw.js`, served at the root scope. Serwist's getManifest lists the
// build's files to precache with a revision each (hashed assets need none: the name is the
// revision), and a hash of that list becomes the build id that names the runtime caches, so a new
// deployment replaces the old cache. Vite bundles the worker on its own: no page ever loads it.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getManifest } from "@serwist/build";
import { build } from "vite";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, process.env.BUILD_DIR ?? "build", "client");

/**
 * Pages that are never read offline (personal, back office, sign-in): their scripts are left out
 * of the precache, so installing costs a shopper on mobile data only what the catalogue needs.
 * Anything else a visit loads from /assets/ is cached as it is used (sw.ts).
 */
const ONLINE_ONLY_ROUTES =
  /^routes\/(admin\/|account|cart|checkout|orders|order-invoice|wishlist|login|signup|social-callback|chat|activate|reset-password)/;

/** The hashed assets of the entry, the root and every page readable offline, from React Router's manifest. */
function shellAssets() {
  const assets = fs.readdirSync(path.join(clientDir, "assets"));
  const manifestFile = assets.find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!manifestFile) throw new Error("No React Router manifest in the client build");
  const source = fs.readFileSync(path.join(clientDir, "assets", manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
  const files = new Set([`/assets/${manifestFile}`]);
  const add = (part) => [part.module, ...(part.imports ?? []), ...(part.css ?? [])].forEach((f) => f && files.add(f));
  add(manifest.entry);
  for (const route of Object.values(manifest.routes)) if (!ONLINE_ONLY_ROUTES.test(route.id)) add(route);
  // Stylesheets linked by the root (app.css) are not in the manifest; the map's own CSS is.
  const onlineOnly = new Set(
    Object.values(manifest.routes)
      .filter((route) => ONLINE_ONLY_ROUTES.test(route.id))
      .flatMap((route) => [...(route.imports ?? []), ...(route.css ?? [])]),
  );
  for (const name of assets) {
    if (name.endsWith(".css") && !onlineOnly.has(`/assets/${name}`)) files.add(`/assets/${name}`);
  }
  // Hashed names need no revision: the name changes with the content.
  return [...files].map((url) => ({ url, revision: null }));
}

const { manifestEntries: files, warnings } = await getManifest({
  globDirectory: clientDir,
  // Icons and the slide artwork, with a content revision each.
  globPatterns: ["*.{ico,svg}", "apple-touch-icon.png", "icons/*.png", "images/*.svg"],
  modifyURLPrefix: { "": "/" },
});
for (const warning of warnings) console.warn(`Service worker: ${warning}`);
const manifestEntries = [...shellAssets(), ...files];
const size = manifestEntries.reduce((sum, { url }) => sum + fs.statSync(path.join(clientDir, url)).size, 0);
const count = manifestEntries.length;

const buildId = crypto.createHash("sha256").update(JSON.stringify(manifestEntries)).digest("hex").slice(0, 12);

await build({
  configFile: false,
  logLevel: "warn",
  publicDir: false,
  resolve: { alias: { "~": path.join(root, "app") } },
  define: {
    __PRECACHE_MANIFEST__: JSON.stringify(manifestEntries),
    __BUILD_ID__: JSON.stringify(buildId),
    "process.env.NODE_ENV": JSON.stringify("production"),
  },
  build: {
    outDir: clientDir,
    emptyOutDir: false,
    copyPublicDir: false,
    target: "es2022",
    minify: true,
    sourcemap: false,
    lib: {
      entry: path.join(root, "app/features/offline/sw.ts"),
      formats: ["iife"],
      name: "tiendaServiceWorker",
      fileName: () => "sw.js",
    },
  },
});
console.log(`Service worker ${buildId}: ${count} files precached (${Math.round(size / 1024)} KB).`);
