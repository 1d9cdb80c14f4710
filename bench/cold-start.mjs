#!/usr/bin/env node
// Cold start against warm start (target: a cold home page no slower than 1.2x a
// warm one). Starts the production build on a fresh data directory (migrations, demo seed and its
// images included), measures the home page, stops, starts again on the same (now warm) directory
// and measures the same; COLD_START_RUNS (default 9) times, each on its own fresh directory, and
// the table gives each figure's median over the runs. Measured each time right after start:
// - the first HOME_REQUESTS (default 20) GETs of /es/, one after another: the first one's time
//   and the median;
// - the home page with its images, as a browser's first visit fetches it: the HTML, then every
//   image `src` it names, 6 at a time (the images are made at seed time, so none is resized now);
// - requests/s and p99 of /es/ with 16 connections for COLD_START_SECONDS (default 5, autocannon).
// Prints both starts and the ratio cold / warm. Standalone (`node bench/cold-start.mjs`, env
// BUILD_DIR, PORT default 3320) or `coldStart()` from bench/run.mjs. Figures only.
import fs from "node:fs";
import autocannon from "autocannon";
import { requireBuild, startServer, stopServer, tempDataDir } from "./server.mjs";

const HOME = "/es/";

async function timed(url) {
  const started = performance.now();
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - started, body };
}

/** The home page then every image its HTML names as `src`, six at a time; total milliseconds. */
async function homeWithImages(base) {
  const started = performance.now();
  const { body } = await timed(`${base}${HOME}`);
  const html = Buffer.from(body).toString("utf8");
  const srcs = [...html.matchAll(/<img\b[^>]*?\ssrc="(\/media\/[^"]+)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
  const queue = [...new Set(srcs)];
  const worker = async () => {
    while (queue.length > 0) await timed(`${base}${queue.shift()}`);
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return { ms: performance.now() - started, images: new Set(srcs).size };
}

/** The home page's figures right after a start (see the header). */
export async function measureHome(base, { requests = 20, seconds = 5 } = {}) {
  const times = [];
  for (let i = 0; i < requests; i++) times.push((await timed(`${base}${HOME}`)).ms);
  const sorted = [...times].sort((a, b) => a - b);
  const withImages = await homeWithImages(base);
  const load = await autocannon({ url: `${base}${HOME}`, connections: 16, duration: seconds });
  return {
    firstMs: times[0],
    medianMs: sorted[Math.floor(sorted.length / 2)],
    withImagesMs: withImages.ms,
    images: withImages.images,
    rps: load.requests.average,
    p99: load.latency.p99,
    errors: load.non2xx + load.errors,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Each figure's median over the runs, for one kind of start. */
function medians(results) {
  const keys = ["startMs", "firstMs", "medianMs", "withImagesMs", "rps", "p99", "errors"];
  return Object.fromEntries(
    keys.map((k) => [k, k === "errors" ? results.reduce((n, r) => n + r[k], 0) : median(results.map((r) => r[k]))]),
  );
}

/** The table of both starts (medians over the runs) and their ratio. */
export function coldStartRows({ cold, warm, requests }) {
  const round = (n) => Math.round(n * 10) / 10;
  const row = (name, f) => ({
    start: name,
    "start s": round(f.startMs / 1000),
    "1st GET ms": round(f.firstMs),
    [`median of ${requests} ms`]: round(f.medianMs),
    "home + images ms": round(f.withImagesMs),
    "req/s": Math.round(f.rps),
    "p99 ms": f.p99,
    errors: f.errors,
  });
  const c = medians(cold);
  const w = medians(warm);
  const ratio = (a, b) => (b > 0 ? round(a / b) : "-");
  return [
    row("cold (fresh dir, seeded)", c),
    row("warm (same dir)", w),
    {
      start: "cold / warm",
      "start s": "",
      "1st GET ms": ratio(c.firstMs, w.firstMs),
      [`median of ${requests} ms`]: ratio(c.medianMs, w.medianMs),
      "home + images ms": ratio(c.withImagesMs, w.withImagesMs),
      "req/s": ratio(w.rps, c.rps),
      "p99 ms": ratio(c.p99, w.p99),
      errors: "",
    },
  ];
}

/** One fresh data directory: its first (cold) start measured, then a second (warm) start on it. */
async function coldAndWarm({ port, requests, seconds }) {
  const dataDir = tempDataDir();
  try {
    const measured = async () => {
      const { child, base, ms } = await startServer({ port, dataDir });
      try {
        return { startMs: ms, ...(await measureHome(base, { requests, seconds })) };
      } finally {
        await stopServer(child);
      }
    };
    const cold = await measured();
    const warm = await measured();
    return { cold, warm };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `runs` pairs of starts, each on its own fresh data directory; returns what `printColdStart` prints.
 * A first request is one sample of some 150 ms on a shared machine: one pair's ratio swings from
 * 0.8 to 1.7, and a median of 5 pairs from 1.0 to 1.3 (2026-11-24), so the table compares medians
 * over 9 pairs by default (about 6 minutes).
 */
export async function coldStart({ port, runs = 9, requests = 20, seconds = 5 }) {
  const cold = [];
  const warm = [];
  for (let i = 0; i < runs; i++) {
    const pair = await coldAndWarm({ port, requests, seconds });
    cold.push(pair.cold);
    warm.push(pair.warm);
  }
  return { rows: coldStartRows({ cold, warm, requests }), cold, warm, images: cold[0].images, requests, seconds };
}

export function printColdStart({ rows, cold, warm, images, requests, seconds }) {
  console.log(
    `\nCold vs warm start, home page (/es/), ${cold.length} fresh data directories, each started twice. Right ` +
      `after each start: the first ${requests} GETs one at a time, then the HTML and its ${images} images (6 at a ` +
      `time), then ${seconds} s at 16 connections. Medians over the runs. Target: cold <= 1.2x warm.`,
  );
  console.table(rows);
  const firsts = (results) => results.map((r) => Math.round(r.firstMs)).join(", ");
  console.log(`First GET of each run, ms: cold ${firsts(cold)}; warm ${firsts(warm)}.`);
  console.log("Ratios are cold / warm (req/s: warm / cold), so 1.2 or less meets the target in every column.");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  requireBuild();
  printColdStart(
    await coldStart({
      port: Number(process.env.PORT ?? 3320),
      runs: Number(process.env.COLD_START_RUNS ?? 9),
      requests: Number(process.env.HOME_REQUESTS ?? 20),
      seconds: Number(process.env.COLD_START_SECONDS ?? 5),
    }),
  );
}
