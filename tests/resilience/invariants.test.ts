/**
 * The crash-safety run's invariants (issue 13, points 4 and 7) must be able to fail: each is fed a
 * consistent ledger and state (PASS), then the same state broken the way a crash could break it
 * (an acknowledged order missing, stock off by one, a duplicated or lost cart line, a duplicate
 * order for one Idempotency-Key, a database that does not come back) and must FAIL.
 */
import { describe, expect, it } from "vitest";
import {
  type DbState,
  type Ledger,
  checkAcknowledgedOrders,
  checkCancellations,
  checkCartLines,
  checkIdempotency,
  checkInvariants,
  checkOpensCleanly,
  checkStock,
  damageLines,
} from "../../scripts/resilience/invariants";

/** Two shoppers: 7 ordered 2 units of product 1 and 1 of product 2 ("1 kg"), then cancelled nothing;
 * 8 ordered 1 unit of product 1 and cancelled it, and has 3 units of product 2 in the cart. */
function consistent(): { ledger: Ledger; state: DbState } {
  const ledger: Ledger = {
    startingStock: new Map([
      [1, 100],
      [2, 50],
    ]),
    keysSent: [
      { userId: 7, key: "k1" },
      { userId: 8, key: "k2" },
      { userId: 8, key: "k3" },
    ],
    placed: [
      {
        userId: 7,
        key: "k1",
        transactionId: "t1",
        lines: [
          { productId: 1, color: "", variety: "", count: 2 },
          { productId: 2, color: "", variety: "1 kg", count: 1 },
        ],
      },
      // The retry of k1 after a broken connection: the same order replayed.
      {
        userId: 7,
        key: "k1",
        transactionId: "t1",
        lines: [
          { productId: 1, color: "", variety: "", count: 2 },
          { productId: 2, color: "", variety: "1 kg", count: 1 },
        ],
      },
      { userId: 8, key: "k2", transactionId: "t2", lines: [{ productId: 1, color: "", variety: "", count: 1 }] },
    ],
    adds: [
      { userId: 7, productId: 1, color: "", variety: "", count: 2, acked: true },
      { userId: 7, productId: 2, color: "", variety: "1 kg", count: 1, acked: false },
      { userId: 8, productId: 1, color: "", variety: "", count: 1, acked: true },
      { userId: 8, productId: 2, color: "", variety: "1 kg", count: 3, acked: true },
      // Sent while the server was being killed, never applied: allowed.
      { userId: 8, productId: 2, color: "", variety: "250 g", count: 2, acked: false },
    ],
    cancelled: [{ userId: 8, transactionId: "t2" }],
  };
  const state: DbState = {
    products: [
      { id: 1, quantity: 98 },
      { id: 2, quantity: 49 },
    ],
    orders: [
      {
        userId: 7,
        transactionId: "t1",
        key: "k1",
        status: "not_processed",
        lines: [
          { productId: 2, color: "", variety: "1 kg", count: 1 },
          { productId: 1, color: "", variety: "", count: 2 },
        ],
      },
      {
        userId: 8,
        transactionId: "t2",
        key: "k2",
        status: "cancelled",
        lines: [{ productId: 1, color: "", variety: "", count: 1 }],
      },
    ],
    cartLines: [{ cartId: 80, userId: 8, productId: 2, color: "", variety: "1 kg", count: 3 }],
  };
  return { ledger, state };
}

const failing = (r: { ok: boolean; name: string }[]) => r.filter((c) => !c.ok).map((c) => c.name);

describe("crash-safety invariants (issue 13.4, 13.7)", () => {
  it("pass on a consistent ledger and state", () => {
    const { ledger, state } = consistent();
    expect(failing(checkInvariants(ledger, state))).toEqual([]);
  });

  it("13.4 every 201 order exists with its lines: fails when one is missing or its lines changed", () => {
    const { ledger, state } = consistent();
    const missing = { ...state, orders: state.orders.filter((o) => o.transactionId !== "t2") };
    expect(checkAcknowledgedOrders(ledger, missing)).toMatchObject({
      ok: false,
      detail: expect.stringContaining("t2"),
    });

    const changed = structuredClone(state);
    changed.orders[0].lines[1].count = 1;
    expect(checkAcknowledgedOrders(ledger, changed).ok).toBe(false);

    const otherShopper = structuredClone(state);
    otherShopper.orders[1].userId = 7;
    expect(checkAcknowledgedOrders(ledger, otherShopper).ok).toBe(false);
  });

  it("13.4 stock + units in live orders = starting stock: fails off by one either way", () => {
    const { ledger, state } = consistent();
    for (const quantity of [97, 99]) {
      const off = structuredClone(state);
      off.products[0].quantity = quantity;
      expect(checkStock(ledger, off)).toMatchObject({ ok: false, detail: expect.stringContaining("product 1") });
    }
    // A cancelled order whose units did not go back is stock off by one too.
    const notReturned = structuredClone(state);
    notReturned.products[0].quantity = 97;
    notReturned.orders[1].status = "cancelled";
    expect(checkStock(ledger, notReturned).ok).toBe(false);
  });

  it("13.4 no cart line duplicated: fails when a (cart, product, variant) appears twice", () => {
    const { ledger, state } = consistent();
    const duplicated = structuredClone(state);
    duplicated.cartLines.push({ ...duplicated.cartLines[0], count: 1 });
    expect(checkCartLines(ledger, duplicated)).toMatchObject({
      ok: false,
      detail: expect.stringContaining("appears 2 times"),
    });
  });

  it("13.4 no cart line lost: fails when an acknowledged add is neither in the cart nor in an order", () => {
    const { ledger, state } = consistent();
    const lost = { ...state, cartLines: [] };
    expect(checkCartLines(ledger, lost)).toMatchObject({ ok: false, detail: expect.stringContaining("lost") });
    // …and when more units turn up than were ever sent.
    const extra = structuredClone(state);
    extra.cartLines[0].count = 4;
    expect(checkCartLines(ledger, extra).ok).toBe(false);
  });

  it("D18b under crashes: fails on two orders for one key, two answers for one key, or an order no client sent", () => {
    const { ledger, state } = consistent();
    const twice = structuredClone(state);
    twice.orders.push({ ...twice.orders[0], transactionId: "t1-bis" });
    expect(checkIdempotency(ledger, twice)).toMatchObject({ ok: false, detail: expect.stringContaining("2 orders") });

    const twoAnswers = structuredClone(ledger);
    twoAnswers.placed[1].transactionId = "t9";
    expect(checkIdempotency(twoAnswers, state).ok).toBe(false);

    const phantom = structuredClone(state);
    phantom.orders.push({ ...phantom.orders[1], transactionId: "t5", key: "never-sent" });
    expect(checkIdempotency(ledger, phantom).ok).toBe(false);
  });

  it("fails when an acknowledged cancellation was lost", () => {
    const { ledger, state } = consistent();
    const undone = structuredClone(state);
    undone.orders[1].status = "not_processed";
    expect(checkCancellations(ledger, undone).ok).toBe(false);
  });

  it("13.4 the database opens cleanly: fails on a failed /readyz, missing migrations, a bad exit, a failed open or damage in the log", () => {
    const good = {
      readyStatus: 200,
      migrations: 6,
      expectedMigrations: 6,
      exitCode: 0,
      openError: null,
      damageLines: [],
    };
    expect(checkOpensCleanly(good).ok).toBe(true);
    expect(checkOpensCleanly({ ...good, readyStatus: 503 }).ok).toBe(false);
    expect(checkOpensCleanly({ ...good, readyStatus: 0 }).ok).toBe(false);
    expect(checkOpensCleanly({ ...good, migrations: 5 }).ok).toBe(false);
    expect(checkOpensCleanly({ ...good, exitCode: 1 }).ok).toBe(false);
    expect(checkOpensCleanly({ ...good, openError: "could not open" }).ok).toBe(false);
    expect(checkOpensCleanly({ ...good, damageLines: ["PANIC: could not locate a valid checkpoint record"] }).ok).toBe(
      false,
    );
  });

  it("reads database damage, not ordinary crash recovery, in a server log", () => {
    const log = [
      "Database ready (pglite) in 812 ms",
      "LOG:  database system was interrupted; last known up at 2026-11-24",
      "PANIC:  could not locate a valid checkpoint record",
      "WARNING: page verification failed, calculated checksum 1234 but expected 5678",
    ].join("\n");
    expect(damageLines(log)).toHaveLength(2);
  });
});
