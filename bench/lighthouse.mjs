#!/usr/bin/env node
// `npm run bench:lighthouse`: Lighthouse (mobile preset, Debian's Chromium) on home, a
// subcategory listing, a product page and a search page; prints the four category scores and LCP.
// Targets (issue "Catalogue browsing"): performance >= 95, accessibility 100, best practices >= 95,
// SEO 100. Build first (`npm run build`).
import fs from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, chromiumPath, requireBuild, startServer, stopServer, tempDataDir } from "./server.mjs";

requireBuild();
const port = Number(process.env.BENCH_PORT ?? 3310);
const dataDir = tempDataDir();
const { child, base } = await startServer({ port, dataDir });
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROMIUM_FLAGS });
try {
  const local = base.replace("127.0.0.1", "localhost");
  const categories = (await (await fetch(`${base}/api/category/categories`)).json()).categories;
  const category = categories.find((c) => c.sub_categories.length > 0);
  const { products } = await (await fetch(`${base}/api/product/bestsellers?limit=1`)).json();
  const pages = {
    home: `${local}/es/`,
    listing: `${local}/es/shop/${category.slug}/${category.sub_categories[0].slug}`,
    product: `${local}/es/product/${products[0].id}`,
    search: `${local}/es/search?q=arroz&category=all`,
  };
  const rows = [];
  for (const [name, url] of Object.entries(pages)) {
    const run = () =>
      lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
    // A first, discarded run warms the server as a running store has it: the page's image widths
    // are resized once and then served from the media cache (a fresh DATA_DIR has none).
    await run();
    let result = await run();
    // A run that Chromium cut short (a rare protocol timeout on a loaded machine) is run again once.
    if (result.lhr.runtimeError) {
      console.log(`${name}: ${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message} (running again)`);
      result = await run();
    }
    const lhr = result.lhr;
    if (lhr.runtimeError) console.log(`${name}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = (id) => Math.round((lhr.categories[id].score ?? 0) * 100);
    rows.push({
      page: name,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best practices": score("best-practices"),
      seo: score("seo"),
      "LCP s": Math.round(lhr.audits["largest-contentful-paint"].numericValue / 100) / 10,
      CLS: Math.round(lhr.audits["cumulative-layout-shift"].numericValue * 1000) / 1000,
      "JS KB":
        Math.round(
          (lhr.audits["resource-summary"].details?.items?.find((i) => i.resourceType === "script")?.transferSize ?? 0) /
            102.4,
        ) / 10,
    });
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    if (failed.length) console.log(`${name}: failed audits: ${failed.join(", ")}`);
  }
  console.log("\nLighthouse, mobile preset (simulated slow 4G, moto g power), Debian's Chromium:");
  console.table(rows);
} finally {
  await chrome.kill();
  await stopServer(child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
