/**
 * `npm run test:resilience` (issue 13, point 4: crash safety, proven). On the embedded database and
 * then on PostgreSQL, shoppers fill carts, place orders (`POST /api/orders/create-order` with an
 * Idempotency-Key, §7.4, D18b) and cancel some, through the production build's API, while the
 * server is killed with SIGKILL at random moments and started again. Clients retry a request whose
 * connection broke once the server is back (an order with the same key). Afterwards the server is
 * stopped, the database is opened directly and every invariant of ./invariants.ts is printed as a
 * PASS/FAIL line; any FAIL exits 1.
 *
 * Uses `$BUILD_DIR` (default `build`) and builds it first when it is missing. Environment:
 * - RESILIENCE_DATABASES: `pglite,postgres` (PostgreSQL is skipped, with a message, when no server
 *   answers at RESILIENCE_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres, where a
 *   scratch database is created and dropped);
 * - RESILIENCE_KILLS (5 per database), RESILIENCE_SHOPPERS (10);
 * - RESILIENCE_TABS (3): that many shoppers also add to their cart from a second tab while they
 *   order (a concurrency check beyond crashes);
 * - RESILIENCE_SERVER=source: the API from the sources (./source-server.ts), no build needed;
 * - RESILIENCE_PORT: the first of 2 ports (free ones by default); RESILIENCE_KEEP_LOGS=1 keeps the
 *   servers' logs of a passing run.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { type Db, openDatabase } from "~/db/client.server";
import { newSessionId, signToken } from "~/features/accounts/tokens.server";
import { quoteShipping } from "~/features/shipping/shipping";
import { shippedMigrations } from "../../server/health";
import { CHECKOUT_ADDRESS, insertCategory, insertProduct, insertUser } from "../../tests/factories";
import {
  type CheckResult,
  type FinalStart,
  type Ledger,
  type Line,
  checkInvariants,
  checkOpensCleanly,
  damageLines,
} from "./invariants";
import { readState } from "./state";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
/** `source`: the API from the sources (./source-server.ts through tsx) instead of the build. */
const FROM_SOURCE = process.env.RESILIENCE_SERVER === "source";
const KILLS = Number(process.env.RESILIENCE_KILLS ?? 5);
const SHOPPERS = Number(process.env.RESILIENCE_SHOPPERS ?? 10);
const TABS = Number(process.env.RESILIENCE_TABS ?? 3);
const PG_URL = process.env.RESILIENCE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET_KEY = randomBytes(32).toString("hex");
const START_TIMEOUT_MS = 90_000;
const PRICE_CENTS = 1500;
const STOCK = 100_000;
const POINT = { latitude: 23.1357, longitude: -82.3838 }; // Vedado
const BODY = { ...CHECKOUT_ADDRESS, delivery_option: "standard" };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

function ensureBuild() {
  if (FROM_SOURCE || fs.existsSync(path.join(buildDir, "server/index.js"))) return;
  console.log(`No build in ${buildDir}: building it (npm run build)…`);
  const built = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: path.relative(root, buildDir) },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A loopback SMTP server that accepts and drops every message: order emails go somewhere real. */
async function startSmtpSink(port: number): Promise<SMTPServer> {
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => callback());
    },
  });
  // A killed server drops its SMTP connections mid-message: not this run's failure.
  sink.on("error", () => {});
  await new Promise<void>((r) => sink.listen(port, "127.0.0.1", r));
  return sink;
}

/** Open while the server answers; closed from just before a kill until /readyz passes again. */
class Gate {
  private promise: Promise<void> = Promise.resolve();
  private release = () => {};
  close() {
    this.promise = new Promise((r) => (this.release = r));
  }
  open() {
    this.release();
  }
  wait() {
    return this.promise;
  }
}

/** Servers alive now: killed if this script stops early, so none is left behind. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

type Target = { kind: "pglite" | "postgres"; dataDir: string; databaseUrl: string; log: string };

/** The production build's server, started and killed again and again on one database. */
class Server {
  child: ChildProcess | null = null;
  starts: number[] = [];
  constructor(
    private target: Target,
    private port: number,
    private smtpPort: number,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and waits for /readyz; returns /readyz's last answer (status 0: never answered). */
  async start(): Promise<{ status: number; body: { migrations?: number } }> {
    const out = fs.openSync(this.target.log, "a");
    const started = Date.now();
    const entry = FROM_SOURCE
      ? ["--import", "tsx", path.join(import.meta.dirname, "source-server.ts")]
      : [path.join(buildDir, "server/index.js")];
    const child = spawn(process.execPath, entry, {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(this.port),
        DATA_DIR: this.target.dataDir,
        DATABASE_URL: this.target.databaseUrl,
        PUBLIC_URL: `http://localhost:${this.port}`,
        SMTP_URL: `smtp://127.0.0.1:${this.smtpPort}`,
        SECRET_KEY,
      },
      stdio: ["ignore", out, out],
    });
    fs.closeSync(out);
    this.child = child;
    running.add(child);
    child.once("exit", () => running.delete(child));
    let last = { status: 0, body: {} };
    while (Date.now() - started < START_TIMEOUT_MS) {
      if (child.exitCode !== null) break;
      try {
        const res = await fetch(`${this.base}/readyz`, { signal: AbortSignal.timeout(5_000) });
        last = { status: res.status, body: (await res.json()) as { migrations?: number } };
        if (res.ok) {
          this.starts.push(Date.now() - started);
          return last;
        }
      } catch {
        /* not listening yet */
      }
      await sleep(100);
    }
    return last;
  }

  async kill(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.kill(signal);
    return exited;
  }
}

type Shopper = { id: number; access: string };
type Catalogue = Array<{ productId: number; variety: string }>;
type Stats = {
  requests: number;
  connectionErrors: number;
  serverErrors: number;
  orders: number;
  replays: number;
  cancels: number;
  /** create-order requests sent and not yet answered: the killer aims at them. */
  ordering: number;
  unexpected: Map<string, number>;
};

class Unreachable extends Error {}

/** A JSON answer's body; anything else (a proxy's HTML, an empty body) as `{ body }`. */
function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : { body: value };
  } catch {
    return { body: text.slice(0, 200) };
  }
}

/**
 * A request that outlives kills: on a broken connection it waits for the server to be back and
 * sends the same request again, calling `onLost` once per attempt whose answer never came.
 */
async function send(
  ctx: { server: Server; gate: Gate; stats: Stats },
  shopper: Shopper,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  onLost: () => void = () => {},
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  for (let attempt = 0; attempt < 200; attempt++) {
    ctx.stats.requests++;
    const ordering = url.startsWith("/api/orders/create-order");
    if (ordering) ctx.stats.ordering++;
    try {
      const res = await fetch(`${ctx.server.base}${url}`, {
        method,
        headers: {
          authorization: `JWT ${shopper.access}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (ordering) ctx.stats.ordering--;
      if (res.status >= 500) ctx.stats.serverErrors++;
      return { status: res.status, headers: res.headers, json: parseJson(text) };
    } catch {
      if (ordering) ctx.stats.ordering--;
      // Killed while answering, or not listening yet: wait until it is back, then again.
      ctx.stats.connectionErrors++;
      onLost();
      await ctx.gate.wait();
      await sleep(20 + Math.random() * 80);
    }
  }
  throw new Unreachable(`${method} ${url}: no answer after 200 attempts`);
}

function unexpected(stats: Stats, what: string, res: { status: number; json: unknown }) {
  const k = `${what} ${res.status}`;
  if (!stats.unexpected.has(k)) console.log(`  (first unexpected ${k}: ${JSON.stringify(res.json).slice(0, 200)})`);
  stats.unexpected.set(k, (stats.unexpected.get(k) ?? 0) + 1);
}

/** Adds one line to the shopper's cart, recording in the ledger whether it was acknowledged. */
async function addLine(
  ctx: { server: Server; gate: Gate; stats: Stats; ledger: Ledger },
  shopper: Shopper,
  line: { productId: number; variety: string },
) {
  const count = 1 + Math.floor(Math.random() * 3);
  const entry = { userId: shopper.id, productId: line.productId, color: "", variety: line.variety, count };
  const res = await send(
    ctx,
    shopper,
    "POST",
    "/api/cart/add-item?lang=es",
    { product_id: line.productId, count, variety: line.variety },
    {},
    () => ctx.ledger.adds.push({ ...entry, acked: false }),
  );
  if (res.status === 201) ctx.ledger.adds.push({ ...entry, acked: true });
  // 409: already in the cart, nothing written. 400: refused (stock, options), nothing written.
  else if (res.status === 409 || res.status === 400) {
    if (res.status === 400) unexpected(ctx.stats, "add-item", res);
  } else {
    // Written, then gone before the answer (404: an order of the other tab took the cart), or
    // unknown (5xx): it may be in the cart or in an order, or not.
    ctx.ledger.adds.push({ ...entry, acked: false });
    if (res.status !== 404) unexpected(ctx.stats, "add-item", res);
  }
}

/** One shopper: fill the cart with 1 to 3 lines, order it, sometimes cancel; until `stop`. */
async function shopperLoop(
  ctx: { server: Server; gate: Gate; stats: Stats; ledger: Ledger; stop: { now: boolean } },
  shopper: Shopper,
  catalogue: Catalogue,
) {
  while (!ctx.stop.now) {
    const lines = new Set<(typeof catalogue)[number]>();
    const wanted = 1 + Math.floor(Math.random() * 3);
    while (lines.size < wanted) lines.add(pick(catalogue));
    for (const line of lines) await addLine(ctx, shopper, line);
    // Told to stop: half the shoppers leave their cart filled, which must be there afterwards.
    if (ctx.stop.now && shopper.id % 2 === 0) return;

    // The figures the client believes; the server's own come back in a 409 when they differ.
    const key = randomUUID();
    ctx.ledger.keysSent.push({ userId: shopper.id, key });
    let figures = { amount: 0, shipping_price: 0 };
    {
      const cart = await send(ctx, shopper, "GET", "/api/cart/get-total?lang=es", undefined);
      const total = Number(cart.json.total_cost ?? 0);
      const quote = quoteShipping({
        to: POINT,
        option: "standard",
        goodsAfterCouponCents: Math.round(total * 100),
        now: new Date(),
      });
      figures = { amount: total, shipping_price: quote.ok ? quote.costCup : 0 };
    }
    for (let round = 0; round < 5; round++) {
      const res = await send(
        ctx,
        shopper,
        "POST",
        "/api/orders/create-order?lang=es",
        { ...BODY, ...figures },
        { "idempotency-key": key },
      );
      if (res.status === 201) {
        ctx.stats.orders++;
        if (res.headers.get("idempotent-replayed") === "true") ctx.stats.replays++;
        const transactionId = String(res.json.transaction_id);
        const items = res.json.order_items as Array<{
          product_id: number;
          color: string;
          variety: string;
          count: number;
        }>;
        const orderLines: Line[] = items.map((i) => ({
          productId: i.product_id,
          color: i.color,
          variety: i.variety,
          count: i.count,
        }));
        ctx.ledger.placed.push({ userId: shopper.id, key, transactionId, lines: orderLines });
        if (Math.random() < 0.2) await cancel(ctx, shopper, transactionId);
        break;
      }
      if (res.status === 409 && typeof res.json.amount === "number") {
        figures = { amount: res.json.amount, shipping_price: Number(res.json.shipping_price) };
        continue;
      }
      if (!(res.status === 400 && "error" in res.json)) unexpected(ctx.stats, "create-order", res); // 400: empty cart
      break;
    }
  }
}

async function cancel(
  ctx: { server: Server; gate: Gate; stats: Stats; ledger: Ledger },
  shopper: Shopper,
  transactionId: string,
) {
  const res = await send(ctx, shopper, "PATCH", `/api/orders/cancel-order/${transactionId}?lang=es`, undefined);
  if (res.status === 200) {
    ctx.stats.cancels++;
    ctx.ledger.cancelled.push({ userId: shopper.id, transactionId });
  } else if (res.status !== 409) unexpected(ctx.stats, "cancel-order", res); // 409: a retry of one that went through
}

/** A second tab of the same shopper: adds lines while the first one orders (RESILIENCE_TABS). */
async function tabLoop(
  ctx: { server: Server; gate: Gate; stats: Stats; ledger: Ledger; stop: { now: boolean } },
  shopper: Shopper,
  catalogue: Catalogue,
) {
  while (!ctx.stop.now) {
    await addLine(ctx, shopper, pick(catalogue));
    await sleep(Math.random() * 30);
  }
}

/**
 * Waits for a random moment to kill: once a few orders went through since the last start (so each
 * kill lands in traffic, however slow the machine), a random delay, then, most times, until a
 * create-order is in flight (so kills land inside order transactions).
 */
async function killMoment(stats: Stats) {
  const target = stats.orders + 2 + Math.floor(Math.random() * 4);
  const deadline = Date.now() + 20_000;
  while (stats.orders < target && Date.now() < deadline) await sleep(10);
  await sleep(Math.random() * 1_000);
  if (Math.random() < 0.75) {
    const giveUp = Date.now() + 2_000;
    while (stats.ordering === 0 && Date.now() < giveUp) await sleep(1);
    // A create-order has just been sent: let it reach the server and, some of the time, the database.
    await sleep(Math.random() * 15);
  }
}

/** Writes the products and shoppers before the first start (PGlite is one process at a time). */
async function seed(
  db: Db,
): Promise<{ catalogue: Catalogue; startingStock: Map<number, number>; shoppers: Shopper[] }> {
  const parent = await insertCategory(db);
  const category = await insertCategory(db, { parentId: parent.id });
  const catalogue: Catalogue = [];
  const startingStock = new Map<number, number>();
  for (let i = 0; i < 6; i++) {
    const varieties = i % 2 === 0 ? ["250 g", "1 kg"] : [];
    const product = await insertProduct(db, {
      categoryId: category.id,
      name: `Producto resiliente ${i + 1}`,
      priceCents: PRICE_CENTS,
      quantity: STOCK,
      varieties,
    });
    startingStock.set(product.id, STOCK);
    for (const variety of varieties.length ? varieties : [""]) catalogue.push({ productId: product.id, variety });
  }
  const shoppers: Shopper[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const user = await insertUser(db);
    shoppers.push({ id: user.id, access: await signToken(SECRET_KEY, "access", user, newSessionId()) });
  }
  return { catalogue, startingStock, shoppers };
}

async function runOn(target: Target, ports: { http: number; smtp: number }): Promise<CheckResult[]> {
  const t0 = Date.now();
  const setup = await openDatabase({ databaseUrl: target.databaseUrl || undefined, dataDir: target.dataDir });
  await setup.migrate();
  const { catalogue, startingStock, shoppers } = await seed(setup.db);
  await setup.close();

  const ledger: Ledger = { startingStock, keysSent: [], placed: [], adds: [], cancelled: [] };
  const stats: Stats = {
    requests: 0,
    connectionErrors: 0,
    serverErrors: 0,
    orders: 0,
    replays: 0,
    cancels: 0,
    ordering: 0,
    unexpected: new Map(),
  };
  const server = new Server(target, ports.http, ports.smtp);
  const gate = new Gate();
  const stop = { now: false };
  const ctx = { server, gate, stats, ledger, stop };
  const run: CheckResult[] = [];

  const first = await server.start();
  if (first.status !== 200) {
    await server.kill("SIGKILL");
    return [{ name: "the server starts", ok: false, detail: `/readyz ${first.status}; see ${target.log}` }];
  }
  const loops = [
    ...shoppers.map((s) => shopperLoop(ctx, s, catalogue)),
    ...shoppers.slice(0, TABS).map((s) => tabLoop(ctx, s, catalogue)),
  ];
  const clients = Promise.allSettled(loops);

  let kills = 0;
  let killedMidOrder = 0;
  let final: FinalStart = {
    readyStatus: 0,
    migrations: null,
    expectedMigrations: shippedMigrations(path.join(root, "app/db/migrations")),
    exitCode: null,
    openError: null,
    damageLines: [],
  };
  for (let i = 0; i < KILLS; i++) {
    await killMoment(stats);
    if (stats.ordering > 0) killedMidOrder++;
    gate.close();
    await server.kill("SIGKILL");
    kills++;
    const again = await server.start();
    gate.open();
    final = { ...final, readyStatus: again.status, migrations: again.body.migrations ?? null };
    if (again.status !== 200) break;
  }
  stop.now = true;
  const settled = await Promise.race([clients, sleep(60_000).then(() => null)]);
  final.exitCode = await server.kill("SIGTERM");
  const loadSeconds = (Date.now() - t0) / 1000;

  const failedLoops = settled === null ? ["clients still waiting 60 s after the last start"] : [];
  for (const s of settled ?? []) if (s.status === "rejected") failedLoops.push(String(s.reason));
  run.push({
    name: `the server was killed ${KILLS} times under load`,
    ok: kills === KILLS && failedLoops.length === 0 && stats.orders >= KILLS,
    detail:
      `${kills} SIGKILLs (${killedMidOrder} with a create-order in flight), ${stats.orders} orders placed (${stats.replays} of them replayed to a retry), ` +
      `${stats.cancels} cancelled, ${stats.requests} requests, ${stats.connectionErrors} broken connections retried` +
      (failedLoops.length ? `; ${failedLoops.join("; ")}` : ""),
  });
  const odd = Object.entries(Object.fromEntries(stats.unexpected)).map(([k, n]) => `${n}× ${k}`);
  run.push({
    name: "every answer was an expected one (no 5xx)",
    ok: stats.serverErrors === 0 && odd.length === 0,
    detail:
      odd.length || stats.serverErrors ? `${stats.serverErrors} 5xx; ${odd.join(", ")}` : "201, 200, 409 and 400 only",
  });

  let state: Awaited<ReturnType<typeof readState>> | null = null;
  try {
    const database = await openDatabase({ databaseUrl: target.databaseUrl || undefined, dataDir: target.dataDir });
    try {
      state = await readState(database.db);
    } finally {
      await database.close();
    }
  } catch (error) {
    final.openError = (error as Error).message;
  }
  final.damageLines = damageLines(fs.readFileSync(target.log, "utf8"));
  run.push(checkOpensCleanly(final));
  if (state) run.push(...checkInvariants(ledger, state));

  const starts = [...server.starts].sort((a, b) => a - b);
  console.log(
    `  ${target.kind}: ${loadSeconds.toFixed(0)} s; restarts to /readyz: median ${starts[Math.floor(starts.length / 2)]} ms, ` +
      `max ${starts[starts.length - 1]} ms`,
  );
  return run;
}

/** A scratch PostgreSQL database, or null (with the reason printed) when no server answers. */
async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`SKIP postgres: no PostgreSQL at ${PG_URL} (${(error as Error).message})`);
    return null;
  }
  const name = `tienda_resilience_${process.pid}_${randomBytes(3).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function main() {
  ensureBuild();
  const databases = (process.env.RESILIENCE_DATABASES ?? "pglite,postgres").split(",").map((d) => d.trim());
  const base = process.env.RESILIENCE_PORT ? Number(process.env.RESILIENCE_PORT) : null;
  const ports = { http: base ?? (await freePort()), smtp: base ? base + 1 : await freePort() };
  const sink = await startSmtpSink(ports.smtp);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-resilience-"));
  const results: Array<CheckResult & { db: string }> = [];
  console.log(
    `Crash safety (issue 13.4): ${SHOPPERS} shoppers${TABS ? ` (${TABS} with a second tab)` : ""}, ` +
      `${KILLS} SIGKILLs per database, ${FROM_SOURCE ? "API from the sources" : `build ${path.relative(root, buildDir)}`}`,
  );
  try {
    for (const kind of databases) {
      if (kind !== "pglite" && kind !== "postgres") throw new Error(`unknown database ${kind}`);
      const dataDir = path.join(work, kind);
      const log = path.join(work, `${kind}-server.log`);
      if (kind === "pglite") {
        for (const r of await runOn({ kind, dataDir, databaseUrl: "", log }, ports)) results.push({ ...r, db: kind });
        continue;
      }
      const scratch = await createPgDatabase();
      if (!scratch) continue;
      try {
        for (const r of await runOn({ kind, dataDir, databaseUrl: scratch.url, log }, ports)) {
          results.push({ ...r, db: kind });
        }
      } finally {
        await scratch.drop();
      }
    }
  } finally {
    sink.close();
  }
  console.log("");
  for (const r of results) console.log(`${r.ok ? "PASS" : "FAIL"} [${r.db}] ${r.name}: ${r.detail}`);
  const failed = results.filter((r) => !r.ok).length;
  if (results.length === 0) {
    console.log("Nothing was checked.");
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(1);
  }
  if (failed > 0) {
    console.log(`\n${failed} invariant(s) failed; server logs kept in ${work}`);
    process.exit(1);
  }
  if (process.env.RESILIENCE_KEEP_LOGS) console.log(`\nServer logs kept in ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
  console.log(`\nAll ${results.length} checks passed.`);
}

await main();
