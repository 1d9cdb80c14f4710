#!/usr/bin/env node
// Cold start against warm start (issue 13 point 2, target: a cold home page no slower than 1.2x a
// warm one). Starts the production build on a fresh data directory (migrations, demo seed and its
// images included), measures the home page, stops, starts again on the same (now warm) directory
// and measures the same. Measured each time right after start:
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

/** The table of both starts and their ratio. */
export function coldStartRows({ coldMs, cold, warmMs, warm, requests }) {
  const round = (n) => Math.round(n * 10) / 10;
  const median = `median of ${requests} ms`;
  const row = (name, start, f) => ({
    start: name,
    "start s": round(start / 1000),
    "1st GET ms": round(f.firstMs),
    [median]: round(f.medianMs),
    "home + images ms": round(f.withImagesMs),
    "req/s": Math.round(f.rps),
    "p99 ms": f.p99,
    errors: f.errors,
  });
  const ratio = (a, b) => (b > 0 ? round(a / b) : "-");
  return [
    row("cold (fresh dir, seeded)", coldMs, cold),
    row("warm (same dir)", warmMs, warm),
    {
      start: "cold / warm",
      "start s": "",
      "1st GET ms": ratio(cold.firstMs, warm.firstMs),
      [median]: ratio(cold.medianMs, warm.medianMs),
      "home + images ms": ratio(cold.withImagesMs, warm.withImagesMs),
      "req/s": ratio(warm.rps, cold.rps),
      "p99 ms": ratio(cold.p99, warm.p99),
      errors: "",
    },
  ];
}

/** Both starts on one fresh data directory; returns what `printColdStart` prints. */
export async function coldStart({ port, requests = 20, seconds = 5 }) {
  const dataDir = tempDataDir();
  try {
    const first = await startServer({ port, dataDir });
    let cold;
    try {
      cold = await measureHome(first.base, { requests, seconds });
    } finally {
      await stopServer(first.child);
    }
    const second = await startServer({ port, dataDir });
    let warm;
    try {
      warm = await measureHome(second.base, { requests, seconds });
    } finally {
      await stopServer(second.child);
    }
    return {
      rows: coldStartRows({ coldMs: first.ms, cold, warmMs: second.ms, warm, requests }),
      images: cold.images,
      requests,
      seconds,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printColdStart({ rows, images, requests, seconds }) {
  console.log(
    `\nCold vs warm start, home page (/es/): first ${requests} GETs one at a time, then the HTML and its ${images} ` +
      `images (6 at a time), then ${seconds} s at 16 connections. Target: cold <= 1.2x warm.`,
  );
  console.table(rows);
  console.log("Ratios are cold / warm (req/s: warm / cold), so 1.2 or less meets the target in every column.");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  requireBuild();
  printColdStart(
    await coldStart({
      port: Number(process.env.PORT ?? 3320),
      requests: Number(process.env.HOME_REQUESTS ?? 20),
      seconds: Number(process.env.COLD_START_SECONDS ?? 5),
    }),
  );
}
