// Page serving (targets): requests/s and p99 at 16 connections for the anonymous
// home, a listing and a product page (served from the page cache after the first request) and the
// signed-in home page (its template with the shopper's header spliced in: server/signed-in-pages.ts),
// with the server's CPU time per request, which stays meaningful when other work shares the machine.
// `node bench/pages.mjs` (build first; BUILD_DIR, BENCH_DURATION seconds, BENCH_PORT; or BENCH_URL
// and BENCH_PID for a running server).
import fs from "node:fs";
import autocannon from "autocannon";
import { requireBuild, startServer, stopServer, tempDataDir } from "./server.mjs";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3340);
const ACCEPT = "text/html,application/xhtml+xml";
// What Chromium sends: the cached pages go out deflated.
const ENCODINGS = "gzip, deflate, br, zstd";

/** User and system CPU time of `pid` so far, in microseconds (Linux /proc). */
function cpuMicros(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are fields 14 and 15 of stat (12 and 13 after the command name), in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** `jar` (name → value) after a response's Set-Cookie headers, as a browser keeps it. */
function keepCookies(jar, res) {
  for (const header of res.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(";");
    const [name, value] = [pair.slice(0, pair.indexOf("=")).trim(), pair.slice(pair.indexOf("=") + 1)];
    const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a));
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * The demo customer's cookies as a browser has them once the first page after signing in has
 * shown (and so cleared) the one-shot "signed in" alert.
 */
async function signIn(base) {
  const jar = new Map();
  const body = new URLSearchParams({ email: "cliente@tienda.cu", password: "Habana2026!" });
  const res = await fetch(`${base}/es/login`, { method: "POST", body, redirect: "manual" });
  const cookie = keepCookies(jar, res);
  if (!jar.has("access")) throw new Error(`sign-in failed: ${res.status}`);
  const first = await fetch(`${base}/es/`, { headers: { Cookie: cookie } });
  await first.arrayBuffer();
  return keepCookies(jar, first);
}

async function measure(pid, base, name, path, headers = {}) {
  const all = { Accept: ACCEPT, "Accept-Encoding": ENCODINGS, ...headers };
  // Warm: the first request renders and stores the anonymous page.
  await (await fetch(`${base}${path}`, { headers: all })).arrayBuffer();
  const before = cpuMicros(pid);
  const result = await autocannon({ url: `${base}${path}`, connections: 16, duration, headers: all });
  const cpu = cpuMicros(pid) - before;
  return {
    name,
    path,
    "req/s": Math.round(result.requests.average),
    "p99 ms": result.latency.p99,
    "server CPU µs/req": Math.round(cpu / Math.max(result.requests.total, 1)),
    errors: result.non2xx + result.errors,
  };
}

// BENCH_URL and BENCH_PID measure a server that is already running (its CPU read from /proc).
const running = process.env.BENCH_URL ? { base: process.env.BENCH_URL, pid: Number(process.env.BENCH_PID) } : null;
if (!running) requireBuild();
const dataDir = running ? null : tempDataDir();
const { child, base } = running
  ? { child: { pid: running.pid }, base: running.base }
  : await startServer({ port, dataDir });
try {
  const home = await (await fetch(`${base}/es/`)).text();
  const listing = /href="(\/es\/shop\/[^"/]+\/[^"/]+)"/.exec(home)?.[1] ?? "/es/shop";
  const product = /href="(\/es\/product\/\d+)"/.exec(home)?.[1];
  if (!product) throw new Error("no product link on the home page");
  const session = await signIn(base);
  const rows = [
    await measure(child.pid, base, "anonymous home", "/es/"),
    await measure(child.pid, base, "anonymous listing", listing),
    await measure(child.pid, base, "anonymous product", product),
    await measure(child.pid, base, "signed-in home", "/es/", { Cookie: session }),
  ];
  console.log(
    `\nPage serving, 16 connections, ${duration} s each (targets: anonymous ≥ 1,500 req/s, p99 < 50 ms; signed-in ≥ 150 req/s)`,
  );
  console.table(rows);
} finally {
  if (!running) {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
