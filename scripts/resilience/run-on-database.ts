// One database's crash-safety run: load, SIGKILLs at random moments, restarts, then the checks.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { shippedMigrations } from "../../server/health";
import {
  type CheckResult,
  type FinalStart,
  type Ledger,
  checkInvariants,
  checkOpensCleanly,
  damageLines,
} from "./invariants";
import { KILLS, root, sleep, TABS } from "./config";
import { Gate, Server, type Target } from "./server";
import { seed, shopperLoop, type Stats, tabLoop } from "./shoppers";
import { readState } from "./state";

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

export async function runOn(target: Target, ports: { http: number; smtp: number }): Promise<CheckResult[]> {
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
