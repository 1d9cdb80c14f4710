#!/usr/bin/env node
// `npm run bench`: performance figures of the targets, printed (never asserted in tests).
// - first start (migrate + seed) and a later start of the production build on PGlite;
// - requests/s and p99 latency of the catalogue API and the server-rendered home page (autocannon);
// - the home page's transferred bytes on a first visit (Chromium, compressed, by type), and with
//   data saver (`Save-Data: on`, docs/decisions/014-data-saver.md: at most 60 KB);
// - server memory (RSS) after the load;
// - each storefront page's JavaScript (gzip) from the build's route manifest (bench/route-js.mjs);
// - checkout under load (bench/checkout.ts, from the sources): no overselling across two app
//   processes on one PostgreSQL, and create-order throughput on PGlite.
// - the back office's orders list with 10,000 orders (bench/admin-orders.ts), first page < 100 ms.
// - restock alerts: 10,000 subscribers to one product emailed exactly once, and the anonymous home
//   page's p99 before and while the alerts go out (bench/restock-alerts.ts).
// - the chat assistant's offline reply time over the evaluation questions (bench/chat.ts).
// - the catalogue CSV import of 5,000 rows: dry run and apply (bench/catalog-import.ts).
// - search over the evaluation queries, demo store and 50,000 products (bench/search.ts).
// Speed on a slow link (each file also runs alone, see its header):
// - cold against warm start: the home page right after the first start on a fresh data directory
//   (seed and images included) and after the later start on it, medians over 9 directories
//   (bench/cold-start.mjs), on their own servers;
// - a crawler fetching every sitemap URL and every image width with 16 connections, the server's
//   maximum RSS (bench/crawl.mjs), on the server the load above ran on;
// - the slow link: home, a listing, a product and the checkout on 400 kbit/s, 400 ms, 4x CPU,
//   first and repeat visit (bench/slow-link.mjs).
// - page serving (bench/pages.mjs, when present): run as a child process with its own server.
// Build first (`npm run build`, or BUILD_DIR=...); BENCH_DURATION sets seconds per endpoint (default 10).
import { spawn } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";
import { chromium } from "@playwright/test";
import { coldStart, printColdStart } from "./cold-start.mjs";
import { crawl, crawlRow, printCrawl } from "./crawl.mjs";
import { routeJs } from "./route-js.mjs";
import {
  buildDir,
  CHROMIUM_FLAGS,
  chromiumPath,
  requireBuild,
  root,
  startServer,
  stopServer,
  tempDataDir,
} from "./server.mjs";
import { printSlowLink, slowLink } from "./slow-link.mjs";

const port = Number(process.env.BENCH_PORT ?? 3300);
const base = `http://127.0.0.1:${port}`;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const dataDir = tempDataDir();
requireBuild();

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function load(name, opts) {
  const result = await autocannon({ url: `${base}${opts.path}`, connections: 16, duration, ...opts, path: undefined });
  const non2xx = result.non2xx + result.errors;
  return {
    name,
    "req/s": Math.round(result.requests.average),
    "p99 ms": result.latency.p99,
    errors: non2xx,
  };
}

/** `headers`: what the browser adds to every request (`Save-Data: on` for data saver). */
async function homeBytes(headers = {}) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    extraHTTPHeaders: headers,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const types = new Map();
  const totals = { document: 0, stylesheet: 0, script: 0, image: 0, other: 0 };
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.loadingFinished", (e) => {
    const t = (types.get(e.requestId) ?? "other").toLowerCase();
    const key = t in totals ? t : "other";
    totals[key] += e.encodedDataLength;
  });
  await page.goto(`${base}/es/`, { waitUntil: "networkidle" });
  // Scroll to the bottom so that lazy images a shopper would see are counted too.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  await page.waitForLoadState("networkidle");
  // Compressed body bytes by kind (Resource Timing's encodedBodySize: no headers).
  const bodies = await page.evaluate(() => {
    const out = { document: 0, stylesheet: 0, script: 0, image: 0, other: 0 };
    const nav = performance.getEntriesByType("navigation")[0];
    out.document += nav.encodedBodySize;
    for (const e of performance.getEntriesByType("resource")) {
      const kind = /\.css(\?|$)/.test(e.name)
        ? "stylesheet"
        : /\.js(\?|$)/.test(e.name)
          ? "script"
          : e.initiatorType === "img" || /\/media\/|\.(webp|png|svg|ico)(\?|$)/.test(e.name)
            ? "image"
            : "other";
      out[kind] += e.encodedBodySize;
    }
    return out;
  });
  await browser.close();
  const kb = (n) => Math.round((n / 1024) * 10) / 10;
  const row = (label, t) => ({
    "": label,
    "HTML KB": kb(t.document),
    "CSS KB": kb(t.stylesheet),
    "JS KB": kb(t.script),
    "images KB": kb(t.image),
    "other KB": kb(t.other),
    "total KB": kb(Object.values(t).reduce((a, b) => a + b, 0)),
  });
  return [row("bodies (compressed)", bodies), row("on the wire (+ headers)", totals)];
}

/**
 * The JavaScript a product page loads (target: at most 140 KB gzip), from the scripts Chromium
 * fetched on a first visit, measured as the gzip files the build wrote (served as is).
 */
async function productPageJs(productId) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
  await page.goto(`${base}/es/product/${productId}`, { waitUntil: "networkidle" });
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith(".js")),
  );
  await browser.close();
  const gzip = scripts.reduce((sum, p) => sum + fs.statSync(`${buildDir}/client${p}.gz`).size, 0);
  return { files: scripts.length, gzipKb: Math.round((gzip / 1024) * 10) / 10 };
}

const first = await startServer({ port, dataDir });
await stopServer(first.child);
const second = await startServer({ port, dataDir });
const server = second.child;
try {
  console.log(`First start (migrate + seed + images): ${(first.ms / 1000).toFixed(1)} s`);
  console.log(`Later start: ${(second.ms / 1000).toFixed(1)} s`);

  const search = await (await fetch(`${base}/api/product/latest?limit=1`)).json();
  const productId = search.products?.[0]?.id ?? 1;
  const categories = await (await fetch(`${base}/api/category/categories`)).json();
  const subSlug = categories.categories?.[0]?.sub_categories?.[0]?.slug ?? categories.categories?.[0]?.slug;

  // Warm the caches and the JIT once, as a running store would be.
  await fetch(`${base}/es/`);

  const rows = [];
  rows.push(await load("GET categories", { path: "/api/category/categories" }));
  rows.push(await load("GET product detail", { path: `/api/product/product/${productId}` }));
  rows.push(
    await load("POST by/search", {
      path: "/api/product/by/search",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ category_slug: subSlug, price_range: "all", sort_by: "price", order: "asc" }),
    }),
  );
  rows.push(await load("GET search?s=arroz", { path: "/api/product/search?s=arroz" }));
  rows.push(await load("GET search?s=cafe (typo: cafee)", { path: "/api/product/search?s=cafee" }));
  rows.push(await load("GET /es/ (SSR home)", { path: "/es/" }));
  console.log(`\nLoad: ${duration} s per endpoint, 16 connections, PGlite`);
  console.table(rows);

  console.log(`Server RSS after load: ${rssMb(server.pid)} MB`);

  // A crawler over every sitemap URL and image width, 16 connections, RSS < 600 MB.
  printCrawl([crawlRow("after the load", await crawl({ base, pid: server.pid }))]);

  // Arrival on a bad link, first and repeat visit.
  printSlowLink(await slowLink({ base }));

  console.log("\nHome page, first visit (390 px phone, compressed bytes on the wire):");
  console.table(await homeBytes());
  // Data saver (docs/decisions/014-data-saver.md): the data-saver home page, scrolled to the bottom, at most 60 KB in all.
  console.log("\nHome page, first visit with data saver (Save-Data: on; target <= 60 KB in all):");
  console.table(await homeBytes({ "Save-Data": "on" }));

  const js = await productPageJs(productId);
  console.log(`\nProduct page JavaScript: ${js.files} files, ${js.gzipKb} KB gzip (target <= 140 KB)`);
  console.log("\nStorefront pages' JavaScript from the route manifest (the back office must not change it):");
  console.table(routeJs(root, buildDir));
} finally {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// Page serving its own server on the next port, when the file is there.
if (fs.existsSync(`${root}/bench/pages.mjs`)) {
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bench/pages.mjs"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, BENCH_PORT: String(port + 1) },
    });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bench/pages.mjs exited with ${code}`))));
  });
}

// Cold against warm start on fresh data directories of its own.
printColdStart(await coldStart({ port: port + 2 }));

// Checkout under load (decision “The server decides every figure”). It starts its own app processes from the sources (no build needed).
await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/checkout.ts"], { cwd: root, stdio: "inherit" });
  child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bench/checkout.ts exited with ${code}`))));
});

// The back office's orders list with 10,000 orders from the sources on an in-memory PGlite.
await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/admin-orders.ts"], { cwd: root, stdio: "inherit" });
  child.once("exit", (code) =>
    code === 0 ? resolve() : reject(new Error(`bench/admin-orders.ts exited with ${code}`)),
  );
});

// The catalogue CSV import (docs/features.md, "Catalogue import and export"): 5,000 rows, dry run and apply, on an in-memory PGlite.
await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/catalog-import.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  child.once("exit", (code) =>
    code === 0 ? resolve() : reject(new Error(`bench/catalog-import.ts exited with ${code}`)),
  );
});

// Search over the evaluation queries: the demo store on PGlite, then on PostgreSQL the
// demo store and 50,000 products (bench/search.ts; BENCH_SEARCH_SKIP_PG=1 without PostgreSQL).
await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/search.ts"], { cwd: root, stdio: "inherit" });
  child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bench/search.ts exited with ${code}`))));
});

// Restock alerts (docs/benchmarks.md): 10,000 subscribers emailed once, the home page's p99 before and while they go out.
await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/restock-alerts.ts"], {
    cwd: root,
    stdio: "inherit",
  });
  child.once("exit", (code) =>
    code === 0 ? resolve() : reject(new Error(`bench/restock-alerts.ts exited with ${code}`)),
  );
});

// The chat assistant's offline reply time (decision “The assistant works offline”), from the sources on an in-memory PGlite.
await new Promise((resolve, reject) => {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/chat.ts"], { cwd: root, stdio: "inherit" });
  child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bench/chat.ts exited with ${code}`))));
});
