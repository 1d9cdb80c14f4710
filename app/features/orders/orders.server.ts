/**
 * Checkout and orders (spec §3 Order, §4.1, §4.5, §7.4, §8 Checkout and Orders; D13b, D14-D22).
 * The server is the source of truth for money (D18): every figure of an order is recomputed here
 * from the cart (priced by the cart module, D13b), the coupon and the delivery point (D15), and a
 * client whose figures differ is told so before anything is stored. Placing an order locks the
 * rows of the products it buys, so two shoppers (or two app processes) cannot sell the same last
 * unit; a repeated submission with one Idempotency-Key returns the first order.
 *
 * Concurrency on both databases: inside a transaction only the transaction handle is used (PGlite
 * runs every query through one mutex, so a query on the outer handle would wait for the
 * transaction it is part of; on PostgreSQL it would take a second pool connection). Locks are
 * always taken in one order — the shopper's checkout lock, then products by ascending id, then the
 * coupon — so transactions never wait on each other in a cycle.
 */
import { type SQL, and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { type Db, isEmbedded } from "~/db/client.server";
import { type OrderStatus, cartItems, coupons, orderItems, orderStatusHistory, orders, products } from "~/db/schema";
import { type User, getUserById } from "~/features/accounts/accounts.server";
import { type AuditActor, recordAudit } from "~/features/admin/audit.server";
import {
  type CartLine,
  type CartTotals,
  getCartLines,
  getCartTotals,
  lockCartLines,
  mergeCartLine,
} from "~/features/cart/cart.server";
import { getProductCardMap } from "~/features/catalog/product-cards.server";
import { invalidateStock } from "~/features/catalog/catalog-cache.server";
import type { CouponCheck } from "~/features/coupons/coupons.server";
import { getExchangeRate } from "~/features/currency/currency.server";
import { isOrderId, newOrderId } from "~/features/orders/order-id";
import { PLACED_STATUS, canChangeStatus } from "~/features/orders/status";
import {
  deliveryEstimate,
  DELIVERY_OPTION_KEYS,
  type DeliveryOption,
  type LatLng,
  type ShippingErrorKey,
  type ShippingQuote,
  quoteShipping,
} from "~/features/shipping/shipping";
import { getDispatchPoint } from "~/features/shipping/dispatch.server";
import { createT, translate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import type { Env } from "~/utils/env.server";
import { enqueueEmail, enqueueEmailsSql } from "~/features/outbox/outbox.server";
import { type OrderRow, loadDetails, toDetail } from "./details.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { ordersCancelled, ordersPlaced } from "~/utils/metrics.server";
import { ORDER_CONFIRMATION, ORDER_STATUS, type OrderEmailPayload } from "./mailer.server";
import { type CheckoutInput, deliveryOptionFromName, usdToCents } from "./schemas";
import type { OrderDetail, OrderRecipient } from "./types";

export { loadDetails };

export type OrdersDeps = { db: Db; env: Env };

// ---------------------------------------------------------------------------------------------
// Quote: what the checkout shows (goods, wholesale, coupon, amount, shipping).

export type CheckoutQuote = {
  lines: CartLine[];
  /** Goods at the prices charged (wholesale, cart/wholesale.ts), before the coupon, USD cents. */
  goodsCents: number;
  /** What the wholesale prices save on the goods, USD cents (D13b). */
  wholesaleSavingsCents: number;
  discountCents: number;
  /** Goods after coupon, USD cents: the `amount` of create-order (D18b). */
  amountCents: number;
  coupon: CartTotals["coupon"];
  couponError: CartTotals["couponError"];
  couponMinTotalCents?: number;
  /** Whole CUP and how it was reached, or why it cannot be computed (D14, D15). */
  shipping: ShippingQuote;
  /** Where the delivery starts (D15: company info's dispatch point), for pricing other points. */
  dispatchPoint: LatLng;
};

export type QuoteOptions = {
  couponName?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  deliveryOption?: unknown;
  now?: Date;
  lang?: Language;
};

function wholesaleSavings(lines: CartLine[]): number {
  return lines.reduce((sum, l) => sum + (usdToCents(l.product.price) - l.unitPriceCents) * l.count, 0);
}

function quoteFrom(lines: CartLine[], totals: CartTotals, opts: QuoteOptions, from: LatLng): CheckoutQuote {
  return {
    dispatchPoint: from,
    lines,
    goodsCents: totals.subtotalCents,
    wholesaleSavingsCents: wholesaleSavings(lines),
    discountCents: totals.couponDiscountCents,
    amountCents: totals.totalCents,
    coupon: totals.coupon,
    couponError: totals.couponError,
    ...(totals.couponMinTotalCents === undefined ? {} : { couponMinTotalCents: totals.couponMinTotalCents }),
    shipping: quoteShipping({
      from,
      to: { latitude: opts.latitude ?? undefined, longitude: opts.longitude ?? undefined },
      option: opts.deliveryOption,
      goodsAfterCouponCents: totals.totalCents,
      now: opts.now ?? new Date(),
    }),
  };
}

/**
 * The checkout summary of the shopper's cart (§2.14 side summary, §4.5): goods, wholesale
 * savings, coupon discount, amount and shipping, exactly as create-order will charge them (D18).
 * An invalid coupon is reported in `couponError` and not applied.
 */
export async function quoteCheckout(db: Db, userId: number, opts: QuoteOptions = {}): Promise<CheckoutQuote> {
  const lines = await getCartLines(db, userId, opts.lang ?? "es");
  const [totals, from] = await Promise.all([
    getCartTotals(db, userId, { couponName: opts.couponName, lines }),
    getDispatchPoint(db),
  ]);
  return quoteFrom(lines, totals, opts, from);
}

/**
 * §7.4 calculate-shipping: the D15 price of the shopper's cart to a point, free standard delivery
 * from 50.00 USD of goods after coupon (D14), express refused from 14:00 in Havana. The coupon
 * matters because D14 counts the goods after it.
 */
export async function calculateShipping(
  db: Db,
  userId: number,
  opts: { latitude: number; longitude: number; deliveryOption: unknown; couponName?: string | null; now?: Date },
): Promise<ShippingQuote> {
  const [totals, from] = await Promise.all([
    getCartTotals(db, userId, { couponName: opts.couponName }),
    getDispatchPoint(db),
  ]);
  return quoteShipping({
    from,
    to: { latitude: opts.latitude, longitude: opts.longitude },
    option: opts.deliveryOption,
    goodsAfterCouponCents: totals.totalCents,
    now: opts.now ?? new Date(),
  });
}

// ---------------------------------------------------------------------------------------------
// Reading orders.

async function orderById(db: Db, id: number): Promise<OrderDetail> {
  const rows = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const [detail] = await loadDetails(db, rows);
  return detail;
}

async function ownOrderRow(db: Db, userId: number, transactionId: string): Promise<OrderRow | null> {
  if (!isOrderId(transactionId)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.transactionId, transactionId)))
    .limit(1);
  return row ?? null;
}

/** §2.15 / §7.4 get-orders: the shopper's orders, newest first, each complete. */
export async function listOrders(db: Db, userId: number): Promise<OrderDetail[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.dateIssued), desc(orders.id));
  return loadDetails(db, rows);
}

/** §7.4 get-order: one of the shopper's orders; another customer's id is null, as an unknown one is (D19). */
export async function getOrder(db: Db, userId: number, transactionId: string): Promise<OrderDetail | null> {
  const row = await ownOrderRow(db, userId, transactionId);
  if (!row) return null;
  const [detail] = await loadDetails(db, [row]);
  return detail;
}

// ---------------------------------------------------------------------------------------------
// Emails: an outbox row written in the order's transaction, sent after commit by the outbox
// sender (mailer.server.ts); a mail failure never fails the order and is retried (§4.1, issue 10).

function recipientOf(user: Pick<User, "email" | "firstName" | "username">): OrderRecipient {
  return { email: user.email, firstName: user.firstName, username: user.username };
}

// ---------------------------------------------------------------------------------------------
// Placing an order.

export type CreateOrderOptions = {
  /** D18b `Idempotency-Key`: the same key of the same shopper returns the first order. */
  idempotencyKey?: string | null;
  lang: Language;
  now?: Date;
};

export type CreateOrderResult =
  | {
      ok: true;
      /** False when the Idempotency-Key named an order placed before (a retry). */
      created: boolean;
      order: OrderDetail;
      /**
       * Settles once the outbox sender has tried this order's confirmation email (sent, or its
       * failure logged and a retry planned). Nobody needs to wait for it: the row is committed.
       */
      notified: Promise<void>;
    }
  | { ok: false; status: 400; error: "checkout.errors.emptyCart" }
  | {
      ok: false;
      status: 400;
      /** A field the server checks beyond the schema (coupon, delivery), djoser-style. */
      field: "coupon_name" | "delivery_latitude" | "delivery_option";
      error: ShippingErrorKey | Extract<CouponCheck, { ok: false }>["error"];
      couponMinTotalCents?: number;
    }
  | {
      ok: false;
      status: 409;
      error: "checkout.errors.totalChanged";
      /** The figures to show the shopper instead (D18). */
      amountCents: number;
      shippingPriceCup: number;
    }
  | {
      ok: false;
      status: 409;
      error: "checkout.errors.notEnoughStock" | "checkout.errors.soldOut";
      product: { id: number; name: string; stock: number };
    };

type Refusal = Extract<CreateOrderResult, { ok: false }>;

/** Thrown inside the transaction to roll it back and answer `result`. */
class Rollback extends Error {
  constructor(readonly result: Refusal | { replay: true }) {
    super("rollback");
  }
}

/** Key space of the per-shopper checkout lock (pg_advisory_xact_lock(namespace, user id)). */
const CHECKOUT_LOCK = 7_100_001;

/** PostgreSQL's deadlock and serialization failures: the transaction may simply run again. */
function isRetryable(error: unknown): boolean {
  // Drizzle wraps the driver's error: its code is on the cause.
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return [code, cause?.code].some((c) => c === "40P01" || c === "40001");
}

async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !isRetryable(error)) throw error;
    }
  }
}

/**
 * §7.4 create-order (D13b, D14, D15, D18, D18b, D19, D22). In one transaction: takes the
 * shopper's checkout lock (a concurrent retry waits, then finds the first order), reads the cart
 * with its products locked in id order, recomputes goods, coupon and shipping, and refuses —
 * storing nothing — an empty cart, a line beyond the stock (409 naming the product, cart
 * untouched; checked first, as fixing the cart changes the total anyway), an invalid coupon or
 * delivery, or a client `amount`/`shipping_price` that differs from its figures (409 with the new
 * ones). Otherwise it stores the order, its lines (name in the order's language, unit price
 * charged), the first status, decrements stock (never below 0) and adds to `sold`, counts the
 * coupon use and empties the cart. An `Idempotency-Key` already used by the shopper returns the
 * first order instead, whatever the cart holds now. The confirmation email is an outbox row
 * written by the same statement, sent after commit.
 *
 * Round trips on the way to a new order: the lock, the cart read, one statement that writes the
 * order, its lines, its first status, the stock, the coupon use and the confirmation email's
 * outbox row, and the cart's emptying (plus
 * the coupon's read when there is one). The order returned is built from what was written.
 */
export async function createOrder(
  deps: OrdersDeps,
  user: User,
  input: CheckoutInput,
  opts: CreateOrderOptions,
): Promise<CreateOrderResult> {
  const { db } = deps;
  const now = opts.now ?? new Date();
  const key = opts.idempotencyKey || null;
  const option: DeliveryOption = input.delivery_option ?? deliveryOptionFromName(input.shipping_name);
  // Read before the transaction: on PGlite a read on `db` inside it would wait for it.
  const [exchangeRate, from] = await Promise.all([getExchangeRate(db), getDispatchPoint(db)]);
  const t = getMessages(opts.lang);

  /** The shopper's earlier order of this Idempotency-Key, if any. */
  const earlierOrder = async (handle: Db): Promise<number | null> => {
    if (!key) return null;
    const [existing] = await handle
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, key)))
      .limit(1);
    return existing?.id ?? null;
  };

  let outcome: { orderId: number; created: boolean; detail?: OrderDetail };
  try {
    outcome = await withRetry(() =>
      db.transaction(async (tx) => {
        // Its own statement: what follows must be read after the lock is held (on PostgreSQL a
        // statement reads the data as of its start, and a retry may have waited here). PGlite runs
        // one transaction at a time: there the transaction itself is the lock.
        if (!isEmbedded(db)) {
          await tx.execute(sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK}::int, ${user.id}::int)`);
        }

        /**
         * A refusal, unless the key named an order placed before: then that order (D18b). Looked
         * up only here and on a conflict of the insert, so a new order costs no read for it.
         */
        const refuse = async (result: Refusal): Promise<{ orderId: number; created: false }> => {
          const earlier = await earlierOrder(tx);
          if (earlier === null) throw new Rollback(result);
          return { orderId: earlier, created: false };
        };

        // Every product of the cart locked, lowest id first, and read as it is now.
        const lines = await lockCartLines(tx, user.id, opts.lang);
        if (lines.length === 0) return refuse({ ok: false, status: 400, error: "checkout.errors.emptyCart" });

        // Stock: the lines of one product (several colours or varieties) add up.
        const wanted = new Map<number, number>();
        for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.count);
        for (const [productId, count] of wanted) {
          const line = lines.find((l) => l.productId === productId);
          const stock = line?.stock ?? 0;
          if (count > stock) {
            return refuse({
              ok: false,
              status: 409,
              error: stock === 0 ? "checkout.errors.soldOut" : "checkout.errors.notEnoughStock",
              product: { id: productId, name: line?.name ?? "", stock },
            });
          }
        }

        // Prices as locked (D13b per line), then the coupon on them (the cart module's rules).
        const totals = await getCartTotals(tx, user.id, { couponName: input.coupon_name, lines });
        if (totals.couponError) {
          return refuse({
            ok: false,
            status: 400,
            field: "coupon_name",
            // getCartTotals reports the coupons module's own error keys.
            error: totals.couponError as Extract<CouponCheck, { ok: false }>["error"],
            couponMinTotalCents: totals.couponMinTotalCents,
          });
        }
        const shipping = quoteShipping({
          from,
          to: { latitude: input.delivery_latitude, longitude: input.delivery_longitude },
          option,
          goodsAfterCouponCents: totals.totalCents,
          now,
        });
        if (!shipping.ok) {
          const field =
            shipping.error === "shipping.errors.invalidLocation" || shipping.error === "shipping.errors.outsideCuba"
              ? "delivery_latitude"
              : "delivery_option";
          return refuse({ ok: false, status: 400, field, error: shipping.error });
        }
        if (usdToCents(input.amount) !== totals.totalCents || input.shipping_price !== shipping.costCup) {
          return refuse({
            ok: false,
            status: 409,
            error: "checkout.errors.totalChanged",
            amountCents: totals.totalCents,
            shippingPriceCup: shipping.costCup,
          });
        }

        const values = {
          transactionId: newOrderId(),
          userId: user.id,
          status: PLACED_STATUS,
          amountCents: totals.totalCents,
          goodsCents: totals.subtotalCents,
          discountCents: totals.couponDiscountCents,
          couponId: null,
          couponName: totals.coupon?.name ?? null,
          shippingPriceCup: shipping.costCup,
          shippingName: translate(t, opts.lang, DELIVERY_OPTION_KEYS[option]),
          shippingTime: deliveryEstimate(createT(t, opts.lang), option),
          deliveryOption: option,
          exchangeRate: exchangeRate.toFixed(2),
          fullName: `${input.first_name} ${input.last_name}`,
          clientId: input.client_id,
          address: input.address,
          city: input.city,
          stateProvinceRegion: input.state,
          postalZipCode: input.zip_code,
          country: "Cuba",
          phoneNumber: input.phone,
          deliveryLatitude: input.delivery_latitude,
          deliveryLongitude: input.delivery_longitude,
          isGift: input.is_gift,
          giftMessage: input.is_gift ? input.gift_message : "",
          paymentType: "cash",
          idempotencyKey: key,
          language: opts.lang,
        } satisfies Omit<OrderRow, "id" | "dateIssued" | "updatedAt">;
        const items = lines.map((line) => ({
          productId: line.productId,
          name: line.name,
          variety: line.variety,
          color: line.color,
          count: line.count,
          priceCents: line.unitPriceCents,
        }));
        // The confirmation email's payload: the order as the email shows it, completed by the
        // statement with what only it knows (id, date), so the sender reads nothing back.
        const placedOrder: Omit<OrderDetail, "dateIssued" | "history"> = toDetail(
          { ...values, id: 0, dateIssued: now, updatedAt: now },
          items.map((item, n) => ({ ...item, id: n, orderId: 0 })),
          [],
        );
        const emailPayload = {
          to: recipientOf(user),
          order: { ...placedOrder, dateIssued: undefined, history: undefined },
        };
        const insertOrder = tx
          .insert(orders)
          .values(values)
          .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
          .returning({ id: orders.id, dateIssued: orders.dateIssued })
          .getSQL();
        const rowsOf = (list: SQL[]) => sql.join(list, sql`, `);
        // One statement. The lines, the first status and the emptied cart hang on the new order
        // (none when the key conflicted); the stock update is guarded (a row that would go below 0 is not updated,
        // and the whole order rolls back), as is the coupon's use (its last use may just have gone).
        const written = await tx.execute(sql`
          with o as (${insertOrder}),
          i as (
            insert into ${orderItems} (order_id, product_id, name, variety, color, count, price_cents)
            select o.id, v.product_id, v.name, v.variety, v.color, v.count, v.price_cents
            from o, (values ${rowsOf(
              items.map(
                (i) =>
                  sql`(${i.productId}::int, ${i.name}::text, ${i.variety}::text, ${i.color}::text, ${i.count}::int, ${i.priceCents}::int)`,
              ),
            )}) as v(product_id, name, variety, color, count, price_cents)
          ),
          h as (
            insert into ${orderStatusHistory} (order_id, status) select o.id, ${PLACED_STATUS}::text from o
            returning created_at
          ),
          s as (
            update ${products} as p
            set quantity = p.quantity - v.n, sold = p.sold + v.n
            from (values ${rowsOf([...wanted].map(([id, n]) => sql`(${id}::int, ${n}::int)`))}) as v(id, n)
            where p.id = v.id and p.quantity >= v.n and exists (select from o)
            returning p.id
          ),
          c as (
            update ${coupons} set uses = uses + 1
            where ${totals.coupon ? sql`lower(name) = lower(${totals.coupon.name})` : sql`false`}
              and (max_uses is null or uses < max_uses) and exists (select from o)
            returning id
          ),
          e as (
            delete from ${cartItems}
            where id in (${sql.join(
              lines.map((line) => sql`${line.id}::int`),
              sql`, `,
            )}) and exists (select from o)
          ),
          m as (${enqueueEmailsSql(
            sql`select ${ORDER_CONFIRMATION}::text,
              ${JSON.stringify(emailPayload)}::jsonb || jsonb_build_object('orderId', o.id, 'dateIssued', o.date_issued)
              from o`,
          )})
          select o.id as "orderId", o.date_issued as "dateIssued",
            (select created_at from h) as "historyAt",
            (select count(*) from s)::int as "stockRows",
            (select count(*) from c)::int as "couponRows"
          from o`);
        const [row] = (written as unknown as { rows: WrittenRow[] }).rows;
        // Only reachable if the checkout lock were bypassed: the first order wins.
        if (!row) throw new Rollback({ replay: true });
        if (row.stockRows !== wanted.size) throw new Error("stock changed under a row lock");
        if (totals.coupon && row.couponRows === 0) {
          throw new Rollback({ ok: false, status: 400, field: "coupon_name", error: "coupons.errors.expired" });
        }
        const dateIssued = new Date(row.dateIssued);
        const order: OrderRow = { ...values, id: row.orderId, dateIssued, updatedAt: dateIssued };
        const detail = toDetail(
          order,
          items.map((item, n) => ({ ...item, id: n, orderId: order.id })),
          [
            {
              id: 0,
              orderId: order.id,
              status: PLACED_STATUS,
              note: "",
              createdAt: new Date(row.historyAt),
            },
          ],
        );
        return { orderId: order.id, created: true, detail };
      }),
    );
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    if (!("replay" in error.result)) return error.result;
    const existing = await earlierOrder(db);
    if (existing === null) throw new Error("idempotent order vanished", { cause: error });
    outcome = { orderId: existing, created: false };
  }

  if (outcome.created) {
    invalidateStock(db); // stock changed (catalogue reads are memoised)
    ordersPlaced.inc();
  }
  const order = outcome.detail ?? (await orderById(db, outcome.orderId));
  const notified = outcome.created ? outboxMailer(deps).flush() : Promise.resolve();
  return { ok: true, created: outcome.created, order, notified };
}

/**
 * What create-order's writing statement answers. Drizzle has both drivers hand timestamps over as
 * PostgreSQL's text (`2026-01-15 17:00:00.123+00`), which `new Date` reads, as Drizzle does.
 */
type WrittenRow = {
  orderId: number;
  dateIssued: string | Date;
  historyAt: string | Date;
  stockRows: number;
  couponRows: number;
};

// ---------------------------------------------------------------------------------------------
// Status changes.

export type OrderRef = { orderId: number } | { transactionId: string };

export type StatusChangeResult =
  | { ok: true; order: OrderDetail; notified: Promise<void> }
  | { ok: false; status: 404; error: "orders.errors.notFound" }
  | { ok: false; status: 409; error: "orders.errors.invalidTransition"; from: OrderStatus };

/**
 * THE status transition of an order (§4.1, D24): checks it against the transition table under a
 * row lock, writes the status and a history row (the note, or the actor when there is none),
 * puts the units back in stock on a cancellation, and writes the customer's email to the outbox,
 * sent after commit (§4.1 "Customers receive e-mail updates on status change"). The customer's cancel and the back
 * office both come through here. With `audit` (an operator's move, D24) an `order.status` entry is
 * written in the same transaction.
 */
export async function changeOrderStatus(
  deps: OrdersDeps,
  ref: OrderRef,
  to: OrderStatus,
  opts: { note?: string; actor?: "customer" | "operator" | "system"; audit?: AuditActor } = {},
): Promise<StatusChangeResult> {
  const { db } = deps;
  if ("transactionId" in ref && !isOrderId(ref.transactionId)) {
    return { ok: false, status: 404, error: "orders.errors.notFound" };
  }
  const where = "orderId" in ref ? eq(orders.id, ref.orderId) : eq(orders.transactionId, ref.transactionId);
  const changed = await withRetry(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: orders.id,
          transactionId: orders.transactionId,
          userId: orders.userId,
          status: orders.status,
          couponName: orders.couponName,
        })
        .from(orders)
        .where(where)
        .limit(1)
        .for("update");
      if (!row) return { ok: false as const, status: 404 as const, error: "orders.errors.notFound" as const };
      if (!canChangeStatus(row.status, to)) {
        return {
          ok: false as const,
          status: 409 as const,
          error: "orders.errors.invalidTransition" as const,
          from: row.status,
        };
      }
      await tx
        .update(orders)
        .set({ status: to, updatedAt: sql`now()` })
        .where(eq(orders.id, row.id));
      const note = (opts.note ?? "").trim().slice(0, 500);
      const historyNote = note || (opts.actor ?? "");
      await tx.insert(orderStatusHistory).values({ orderId: row.id, status: to, note: historyNote });
      if (opts.audit) {
        await recordAudit(tx as unknown as Db, {
          actor: opts.audit,
          action: "order.status",
          entity: "order",
          entityId: row.transactionId,
          before: { status: row.status },
          after: { status: to, note },
        });
      }
      if (to === "cancelled") await restoreStock(tx, row.id, row.couponName);
      const user = await getUserById(tx as unknown as Db, row.userId);
      if (user) {
        const payload: OrderEmailPayload = { orderId: row.id, to: recipientOf(user), status: to, note: historyNote };
        await enqueueEmail(tx as unknown as Db, ORDER_STATUS, payload);
      }
      return { ok: true as const, orderId: row.id, cancelled: to === "cancelled" };
    }),
  );
  if (!changed.ok) return changed;
  if (changed.cancelled) {
    invalidateStock(db);
    ordersCancelled.inc();
  }
  const order = await orderById(db, changed.orderId);
  return { ok: true, order, notified: outboxMailer(deps).flush() };
}

/** A cancelled order's units go back on sale and its coupon use is given back. */
async function restoreStock(tx: Db, orderId: number, couponName: string | null): Promise<void> {
  const items = await tx
    .select({ productId: orderItems.productId, count: orderItems.count })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const back = new Map<number, number>();
  for (const item of items) {
    if (item.productId != null) back.set(item.productId, (back.get(item.productId) ?? 0) + item.count);
  }
  if (back.size > 0) {
    // Same lock order as create-order (ascending id) before the update.
    const ids = [...back.keys()].sort((a, b) => a - b);
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for("update");
    await tx.execute(sql`
      update ${products} as p
      set quantity = p.quantity + v.n, sold = greatest(p.sold - v.n, 0)
      from (values ${sql.join(
        [...back].map(([id, n]) => sql`(${id}::int, ${n}::int)`),
        sql`, `,
      )}) as v(id, n)
      where p.id = v.id`);
  }
  if (couponName) {
    await tx
      .update(coupons)
      .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
      .where(sql`lower(${coupons.name}) = lower(${couponName})`);
  }
}

/**
 * §4.1 / §7.4 cancel-order by the customer: their own order only (another's is not found, D19),
 * and only while not_processed or processed; later, customer service (409).
 */
export async function cancelOrder(
  deps: OrdersDeps,
  userId: number,
  transactionId: string,
): Promise<StatusChangeResult> {
  const row = await ownOrderRow(deps.db, userId, transactionId);
  if (!row) return { ok: false, status: 404, error: "orders.errors.notFound" };
  return changeOrderStatus(deps, { orderId: row.id }, "cancelled", { actor: "customer" });
}

// ---------------------------------------------------------------------------------------------
// Reorder.

export type ReorderSkipReason = "productGone" | "outOfStock" | "optionGone" | "capped";

export type ReorderResult = {
  /** The cart after the lines were added. */
  cart: CartLine[];
  /** Lines not added, or added with fewer units than ordered (`capped`). */
  notAdded: Array<{
    productId: number | null;
    name: string;
    variety: string;
    color: string;
    /** Units ordered. */
    count: number;
    /** Units of this line now in the cart (0 unless capped: then all there are in stock). */
    inCart: number;
    reason: ReorderSkipReason;
  }>;
};

/**
 * D20 reorder: the order's lines back in the cart through the cart module (one line per product +
 * colour + variety, summed with what is there, capped at stock), and the lines that could not be
 * added, with why. Null when the order is not the shopper's.
 */
export async function reorder(
  db: Db,
  userId: number,
  transactionId: string,
  lang: Language = "es",
): Promise<ReorderResult | null> {
  const order = await getOrder(db, userId, transactionId);
  if (!order) return null;
  const ids = order.items.flatMap((i) => (i.productId == null ? [] : [i.productId]));
  const cards = await getProductCardMap(db, ids, lang);
  const notAdded: ReorderResult["notAdded"] = [];
  for (const item of order.items) {
    const skip = (reason: ReorderSkipReason, inCart = 0) =>
      notAdded.push({
        productId: item.productId,
        name: item.name,
        variety: item.variety,
        color: item.color,
        count: item.count,
        inCart,
        reason,
      });
    const card = item.productId == null ? undefined : cards.get(item.productId);
    if (!card || item.productId == null) {
      skip("productGone");
      continue;
    }
    if (card.quantity <= 0) {
      skip("outOfStock");
      continue;
    }
    const count = Math.min(item.count, card.quantity);
    const result = await mergeCartLine(db, userId, {
      productId: item.productId,
      count,
      color: item.color || null,
      variety: item.variety || null,
    });
    if (!result.ok) {
      skip(
        result.error === "cart.errors.invalidColor" || result.error === "cart.errors.invalidVariety"
          ? "optionGone"
          : result.error === "cart.errors.productNotFound"
            ? "productGone"
            : "outOfStock",
      );
      continue;
    }
    if (count < item.count || result.value.capped) skip("capped", result.value.count);
  }
  return { cart: await getCartLines(db, userId, lang), notAdded };
}
