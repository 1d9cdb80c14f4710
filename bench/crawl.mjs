#!/usr/bin/env node
// Crawler memory (target: the server's RSS stays under 600 MB while a crawler
// fetches every URL of the sitemap and every image width with 16 connections; an outside scanner
// once pushed it to about 2 GB). Fetches /sitemap.xml, every page in it, and every image the pages
// name (`src`, `srcset`) in every width `/media` serves, 16 requests at a time, as a crawler does
// (compressed, a bot's User-Agent). Samples the server's RSS (VmRSS of /proc/<pid>/status) every
// 100 ms and prints its maximum, requests/s and the answers by status.
//
// Standalone (`node bench/crawl.mjs`: starts the build of BUILD_DIR on PORT, default 3330, on a
// fresh data directory, waits for its seed, then crawls it twice: the second pass shows whether
// memory keeps growing) or `crawl()` from bench/run.mjs with a running server's base URL and pid.
import fs from "node:fs";
import { requireBuild, startServer, stopServer, tempDataDir } from "./server.mjs";

/** The widths `/media/...?w=` serves (app/features/media/images.ts IMAGE_WIDTHS). */
const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1200];
const CONNECTIONS = 16;
const USER_AGENT = "Mozilla/5.0 (compatible; BenchCrawler/1.0; +https://example.org/bot)";

export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Every `/media/...` image a page names, without its width: the crawler asks for every width. */
function imagesOf(html) {
  const found = new Set();
  const add = (url) => {
    const clean = url.trim().replaceAll("&amp;", "&");
    if (clean.startsWith("/media/")) found.add(clean.replace(/[?&]w=\d+$/, ""));
  };
  for (const m of html.matchAll(/\s(?:src|href)="([^"]+)"/g)) add(m[1]);
  for (const m of html.matchAll(/\s(?:srcset|imagesrcset)="([^"]+)"/g)) {
    for (const candidate of m[1].split(",")) add(candidate.trim().split(/\s+/)[0]);
  }
  return found;
}

/** One pass over the site; returns the figures. `base` without a trailing slash. */
export async function crawl({ base, pid }) {
  let maxRss = rssMb(pid);
  const rssBefore = maxRss;
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(pid))), 100);
  const statuses = new Map();
  let requests = 0;
  let bytes = 0;
  const get = async (url) => {
    const res = await fetch(url, { headers: { "User-Agent": USER_AGENT, "Accept-Encoding": "gzip, br" } });
    const body = await res.arrayBuffer();
    requests += 1;
    bytes += body.byteLength;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    return { status: res.status, body };
  };
  const pool = async (items, work) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < items.length) await work(items[next++]);
      }),
    );
  };

  const started = performance.now();
  try {
    const sitemap = Buffer.from((await get(`${base}/sitemap.xml`)).body).toString("utf8");
    // The sitemap names PUBLIC_URL; the crawl goes to `base` whatever host that is.
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => `${base}${new URL(m[1]).pathname}`);
    const images = new Set();
    await pool(pages, async (url) => {
      const { status, body } = await get(url);
      if (status === 200) for (const img of imagesOf(Buffer.from(body).toString("utf8"))) images.add(img);
    });
    const imageUrls = [...images].flatMap((img) => IMAGE_WIDTHS.map((w) => `${base}${img}?w=${w}`));
    await pool(imageUrls, (url) => get(url));
    const seconds = (performance.now() - started) / 1000;
    return {
      pages: pages.length,
      images: images.size,
      requests,
      seconds,
      rps: requests / seconds,
      mb: bytes / 1024 / 1024,
      statuses: Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])),
      rssBefore,
      maxRss: Math.max(maxRss, rssMb(pid)),
      rssAfter: rssMb(pid),
    };
  } finally {
    clearInterval(sampler);
  }
}

export function crawlRow(name, r) {
  const round = (n) => Math.round(n);
  return {
    pass: name,
    pages: r.pages,
    images: r.images,
    requests: r.requests,
    "req/s": round(r.rps),
    "MB received": round(r.mb),
    statuses: Object.entries(r.statuses)
      .map(([s, n]) => `${s}:${n}`)
      .join(" "),
    "RSS before MB": round(r.rssBefore),
    "max RSS MB": round(r.maxRss),
    "RSS after MB": round(r.rssAfter),
  };
}

export function printCrawl(rows) {
  console.log(
    `\nCrawler: the sitemap's every page, then every image they name in each of ${IMAGE_WIDTHS.length} widths, ` +
      `${CONNECTIONS} connections, bot User-Agent, compressed. Target: max RSS < 600 MB.`,
  );
  console.table(rows);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  requireBuild();
  const port = Number(process.env.PORT ?? 3330);
  const dataDir = tempDataDir();
  const { child, base, ms } = await startServer({ port, dataDir });
  try {
    console.log(
      `Server started (fresh data directory, seeded) in ${(ms / 1000).toFixed(1)} s, RSS ${Math.round(rssMb(child.pid))} MB`,
    );
    const rows = [];
    rows.push(crawlRow("1st", await crawl({ base, pid: child.pid })));
    rows.push(crawlRow("2nd", await crawl({ base, pid: child.pid })));
    printCrawl(rows);
  } finally {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
