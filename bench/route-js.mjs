// The JavaScript each storefront page makes a first visit download (gzip), read from the build's
// route manifest: the entry, the root and the page's route chain with every chunk they import.
// Deterministic (no browser), so two builds can be compared to the byte: a change that should not
// touch the shopper's pages (the back office, a restructuring) must leave these figures unchanged. `node bench/route-js.mjs [dir]`.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The storefront pages a shopper lands on, by route id (app/routes.ts). */
export const STOREFRONT_ROUTES = [
  "routes/home",
  "routes/shop",
  "routes/category",
  "routes/product",
  "routes/search",
  "routes/cart",
  "routes/checkout",
  "routes/orders",
  "routes/help-center",
];

/** `buildDir`: the build to read (run.mjs passes BUILD_DIR's), `<root>/build` by default. */
export function routeJs(root, buildDir = path.join(root, "build")) {
  const client = path.join(buildDir, "client");
  const assets = path.join(client, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No route manifest under ${assets}: build first`);
  const text = fs.readFileSync(path.join(assets, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const gzip = (asset) => zlib.gzipSync(fs.readFileSync(path.join(client, asset)), { level: 9 }).length;
  const chain = (id) => (manifest.routes[id] ? [...chain(manifest.routes[id].parentId), manifest.routes[id]] : []);
  return STOREFRONT_ROUTES.filter((id) => manifest.routes[id]).map((id) => {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const route of chain(id)) for (const asset of [route.module, ...(route.imports ?? [])]) files.add(asset);
    const bytes = [...files].reduce((sum, asset) => sum + gzip(asset), 0);
    return { page: id.replace("routes/", ""), files: files.size, "KB gzip": Math.round(bytes / 102.4) / 10 };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(routeJs(path.resolve(process.argv[2] ?? ".")));
}
