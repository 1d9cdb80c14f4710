/**
 * The invariants of the crash-safety run as pure functions of what the clients
 * were told (the ledger) and what the database holds afterwards (the state). Kept apart from the
 * script that kills servers so that tests/resilience/invariants.test.ts can feed them a broken
 * state and show each one fails (tests that can fail).
 */

/** One order line as the clients and the database both describe it. */
export type Line = { productId: number | null; color: string; variety: string; count: number };

/** What the clients were told while the server was being killed and restarted. */
export type Ledger = {
  /** Units in stock per product id before the first request. */
  startingStock: Map<number, number>;
  /** Every Idempotency-Key a create-order was sent with, per shopper (user id). */
  keysSent: Array<{ userId: number; key: string }>;
  /** Every 201 of create-order, retries and replays included. */
  placed: Array<{ userId: number; key: string; transactionId: string; lines: Line[] }>;
  /**
   * Every add-item sent: `acked` when its 201 arrived (the line was created), `unknown` when the
   * connection broke or the server failed first (it may or may not have been applied).
   */
  adds: Array<{ userId: number; productId: number; color: string; variety: string; count: number; acked: boolean }>;
  /** Orders whose cancel-order answered 200. */
  cancelled: Array<{ userId: number; transactionId: string }>;
};

/** What the database holds once the last server has stopped. */
export type DbState = {
  products: Array<{ id: number; quantity: number }>;
  orders: Array<{ userId: number; transactionId: string; key: string | null; status: string; lines: Line[] }>;
  cartLines: Array<{
    cartId: number;
    userId: number;
    productId: number;
    color: string;
    variety: string;
    count: number;
  }>;
};

/** How the final start went: read by `checkOpensCleanly`. */
export type FinalStart = {
  /** Status of /readyz on the start after the last SIGKILL (0: it never answered). */
  readyStatus: number;
  /** Migrations /readyz reported applied, and how many the code ships. */
  migrations: number | null;
  expectedMigrations: number;
  /** Exit code of that server after SIGTERM (0: closed the database cleanly). */
  exitCode: number | null;
  /** Opening the database directly afterwards: null when it opened and answered, else the error. */
  openError: string | null;
  /** Lines of the servers' logs that read as database damage (PANIC, corruption, ...). */
  damageLines: string[];
};

export type CheckResult = { name: string; ok: boolean; detail: string };

const lineKey = (l: Pick<Line, "productId" | "color" | "variety">) => `${l.productId}|${l.color}|${l.variety}`;
const sameLines = (a: Line[], b: Line[]) => {
  const norm = (ls: Line[]) =>
    ls
      .map((l) => `${lineKey(l)}x${l.count}`)
      .sort()
      .join(",");
  return norm(a) === norm(b);
};
/** At most a few examples in a FAIL line, so a broken run still prints readably. */
const examples = (list: string[]) =>
  list.length > 3 ? `${list.slice(0, 3).join("; ")}; … (${list.length})` : list.join("; ");

function result(name: string, problems: string[], okDetail: string): CheckResult {
  return problems.length === 0 ? { name, ok: true, detail: okDetail } : { name, ok: false, detail: examples(problems) };
}

/** Every order whose 201 a client received exists, is that shopper's, and has the lines the 201 listed. */
export function checkAcknowledgedOrders(ledger: Ledger, state: DbState): CheckResult {
  const byTid = new Map(state.orders.map((o) => [o.transactionId, o]));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const p of ledger.placed) {
    if (seen.has(p.transactionId)) continue;
    seen.add(p.transactionId);
    const order = byTid.get(p.transactionId);
    if (!order) problems.push(`201 order ${p.transactionId} missing`);
    else if (order.userId !== p.userId)
      problems.push(`order ${p.transactionId} belongs to ${order.userId}, not ${p.userId}`);
    else if (!sameLines(order.lines, p.lines)) problems.push(`order ${p.transactionId} lines differ from its 201`);
  }
  return result("every 201 order exists with its lines", problems, `${seen.size} acknowledged orders found intact`);
}

/**
 * decision “What create-order receives” under crashes: one order per (shopper, Idempotency-Key); every 201 for a key names the same
 * order (a retry after a broken connection replays, never duplicates); no order appears that no
 * client asked for.
 */
export function checkIdempotency(ledger: Ledger, state: DbState): CheckResult {
  const problems: string[] = [];
  const firstTid = new Map<string, string>();
  for (const p of ledger.placed) {
    const k = `${p.userId}|${p.key}`;
    const tid = firstTid.get(k);
    if (tid === undefined) firstTid.set(k, p.transactionId);
    else if (tid !== p.transactionId) problems.push(`key ${p.key} answered ${tid} and ${p.transactionId}`);
  }
  const perKey = new Map<string, number>();
  const sent = new Set(ledger.keysSent.map((s) => `${s.userId}|${s.key}`));
  for (const o of state.orders) {
    const k = `${o.userId}|${o.key}`;
    perKey.set(k, (perKey.get(k) ?? 0) + 1);
    if (o.key === null || !sent.has(k)) problems.push(`order ${o.transactionId} has a key no client sent (${o.key})`);
  }
  for (const [k, n] of perKey) if (n > 1) problems.push(`${n} orders for shopper|key ${k}`);
  return result(
    "one order per Idempotency-Key (retries replay, never duplicate)",
    problems,
    `${state.orders.length} orders for ${sent.size} keys sent, none twice, none unasked`,
  );
}

/** For every product: stock + units in live (not cancelled) orders = starting stock, and never below 0. */
export function checkStock(ledger: Ledger, state: DbState): CheckResult {
  const live = new Map<number, number>();
  for (const o of state.orders) {
    if (o.status === "cancelled") continue;
    for (const l of o.lines) if (l.productId !== null) live.set(l.productId, (live.get(l.productId) ?? 0) + l.count);
  }
  const problems: string[] = [];
  const now = new Map(state.products.map((p) => [p.id, p.quantity]));
  for (const [id, start] of ledger.startingStock) {
    const quantity = now.get(id);
    if (quantity === undefined) {
      problems.push(`product ${id} missing`);
      continue;
    }
    const sold = live.get(id) ?? 0;
    if (quantity < 0) problems.push(`product ${id} stock ${quantity} < 0`);
    if (quantity + sold !== start)
      problems.push(`product ${id}: stock ${quantity} + ${sold} in live orders ≠ ${start}`);
  }
  const units = [...live.values()].reduce((a, b) => a + b, 0);
  return result(
    "stock + units in live orders = starting stock",
    problems,
    `${ledger.startingStock.size} products, ${units} units in live orders`,
  );
}

/**
 * No cart line lost or duplicated: no (cart, product, colour, variety) appears twice, and per shopper
 * and line the units in the cart plus those in the shopper's orders are at least what acknowledged
 * adds put there and at most that plus the adds whose answer never arrived.
 */
export function checkCartLines(ledger: Ledger, state: DbState): CheckResult {
  const problems: string[] = [];
  const rows = new Map<string, number>();
  for (const c of state.cartLines) {
    const k = `${c.cartId}|${lineKey(c)}`;
    rows.set(k, (rows.get(k) ?? 0) + 1);
  }
  for (const [k, n] of rows) if (n > 1) problems.push(`cart line ${k} appears ${n} times`);

  const acked = new Map<string, number>();
  const unknown = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  for (const a of ledger.adds) bump(a.acked ? acked : unknown, `${a.userId}|${lineKey(a)}`, a.count);
  const present = new Map<string, number>();
  for (const c of state.cartLines) bump(present, `${c.userId}|${lineKey(c)}`, c.count);
  for (const o of state.orders) for (const l of o.lines) bump(present, `${o.userId}|${lineKey(l)}`, l.count);

  for (const k of new Set([...acked.keys(), ...unknown.keys(), ...present.keys()])) {
    const min = acked.get(k) ?? 0;
    const max = min + (unknown.get(k) ?? 0);
    const got = present.get(k) ?? 0;
    if (got < min) problems.push(`shopper|line ${k}: ${got} units in cart and orders, ${min} acknowledged (lost)`);
    else if (got > max) problems.push(`shopper|line ${k}: ${got} units in cart and orders, at most ${max} added`);
  }
  const ackedUnits = [...acked.values()].reduce((a, b) => a + b, 0);
  const unknownUnits = [...unknown.values()].reduce((a, b) => a + b, 0);
  return result(
    "no cart line lost or duplicated",
    problems,
    `${state.cartLines.length} lines in carts; ${ackedUnits} acknowledged units accounted for (${unknownUnits} more sent without an answer)`,
  );
}

/** Every cancel-order that answered 200 left the order cancelled. */
export function checkCancellations(ledger: Ledger, state: DbState): CheckResult {
  const status = new Map(state.orders.map((o) => [o.transactionId, o.status]));
  const problems = ledger.cancelled
    .filter((c) => status.get(c.transactionId) !== "cancelled")
    .map(
      (c) => `order ${c.transactionId} is ${status.get(c.transactionId) ?? "missing"} after its cancel answered 200`,
    );
  return result("acknowledged cancellations kept", problems, `${ledger.cancelled.length} acknowledged cancellations`);
}

/** The database opens cleanly: /readyz passes on the start after the last kill, SIGTERM closes it, it opens again. */
export function checkOpensCleanly(final: FinalStart): CheckResult {
  const problems: string[] = [];
  if (final.readyStatus !== 200) problems.push(`/readyz answered ${final.readyStatus || "nothing"} on the final start`);
  else if (final.migrations !== final.expectedMigrations)
    problems.push(`/readyz reports ${final.migrations} migrations, the code ships ${final.expectedMigrations}`);
  if (final.exitCode !== 0) problems.push(`the final server exited ${final.exitCode} on SIGTERM`);
  if (final.openError) problems.push(`opening the database afterwards failed: ${final.openError}`);
  for (const line of final.damageLines) problems.push(`log: ${line}`);
  return result(
    "the database opens cleanly",
    problems,
    `/readyz ready with ${final.migrations} migrations after the last kill, clean SIGTERM, reopened`,
  );
}

/** Log lines that read as damage to the database files rather than an ordinary crash recovery. */
export function damageLines(log: string): string[] {
  return log
    .split("\n")
    .filter((l) => /PANIC|corrupt|invalid page|could not read block|checksum|unexpected zero page/i.test(l))
    .map((l) => l.trim().slice(0, 200));
}

/** Every invariant over one run's ledger and final state. */
export function checkInvariants(ledger: Ledger, state: DbState): CheckResult[] {
  return [
    checkAcknowledgedOrders(ledger, state),
    checkIdempotency(ledger, state),
    checkStock(ledger, state),
    checkCartLines(ledger, state),
    checkCancellations(ledger, state),
  ];
}
