// The crash-safety check's load: the seeded catalogue and shoppers, and the requests they send.
import { randomUUID } from "node:crypto";
import type { Db } from "~/db/client.server";
import { newSessionId, signToken } from "~/features/accounts/tokens.server";
import { quoteShipping } from "~/features/shipping/shipping";
import { insertCategory, insertProduct, insertUser } from "../../tests/factories";
import type { Ledger, Line } from "./invariants";
import { BODY, pick, POINT, PRICE_CENTS, SECRET_KEY, SHOPPERS, sleep, STOCK } from "./config";
import type { Gate, Server } from "./server";

type Shopper = { id: number; access: string };
type Catalogue = Array<{ productId: number; variety: string }>;
export type Stats = {
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
export async function shopperLoop(
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
export async function tabLoop(
  ctx: { server: Server; gate: Gate; stats: Stats; ledger: Ledger; stop: { now: boolean } },
  shopper: Shopper,
  catalogue: Catalogue,
) {
  while (!ctx.stop.now) {
    await addLine(ctx, shopper, pick(catalogue));
    await sleep(Math.random() * 30);
  }
}

/** Writes the products and shoppers before the first start (PGlite is one process at a time). */
export async function seed(
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
