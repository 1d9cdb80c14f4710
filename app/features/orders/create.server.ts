/**
 * Placing an order (spec §3 Order, §4.1, §7.4 create-order, §8 Checkout; decisions “The wholesale price”, “Free standard shipping”-decisions “Order ids are unguessable and private”, “Cash on delivery only”).
 * The server is the source of truth for money (decision “The server decides every figure”): every figure of an order is recomputed here
 * from the cart (priced by the cart module, decision “The wholesale price”), the coupon and the delivery point (decision “Shipping price and the express cut-off”), and a
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
import { withRetry } from "~/db/retry.server";
import { type SQL, and, eq, sql } from "drizzle-orm";
import { type Db, isEmbedded } from "~/db/client.server";
import { orderItems, orderStatusHistory, orders } from "~/db/schema/orders";
import type { User } from "~/features/accounts/accounts.server";
import { cartProductIdsSql, getCartTotals, lockCartLines } from "~/features/cart/cart-lines.server";
import { removeCartLinesSql } from "~/features/cart/checkout-cart.server";
import { invalidateStock } from "~/features/catalog/catalog-cache.server";
import { lockProductsWithParts, orderStockNeeds } from "~/features/catalog/combos.server";
import { takeStockSql } from "~/features/catalog/stock.server";
import type { CouponCheck } from "~/features/coupons/coupons.server";
import { redeemCouponSql } from "~/features/coupons/redemption.server";
import { getExchangeRate } from "~/features/currency/currency.server";
import { enqueueEmailsSql } from "~/features/outbox/outbox.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { getDispatchPoint } from "~/features/content/dispatch-point.server";
import { type ZoneErrorKey, zoneNamed, zoneRefusal } from "~/features/delivery/zone-check.server";
import {
  deliveryEstimate,
  DELIVERY_OPTION_KEYS,
  type DeliveryOption,
  type ShippingErrorKey,
  quoteShipping,
} from "~/features/shipping/shipping";
import { createT, translate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import { ordersPlaced } from "~/utils/metrics.server";
import { type OrderRow, toDetail } from "./details.server";
import { ORDER_CONFIRMATION, recipientOf } from "./mailer.server";
import { newOrderId } from "./order-id";
import { type OrdersDeps, orderById } from "./orders.server";
import { type CheckoutInput, deliveryOptionFromName, usdToCents } from "./schemas";
import { PLACED_STATUS } from "./status";
import type { OrderDetail } from "./types";

export type CreateOrderOptions = {
  /** decision “What create-order receives” `Idempotency-Key`: the same key of the same shopper returns the first order. */
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
      /** A field the server checks beyond the schema (coupon, delivery, zone), djoser-style. */
      field: "coupon_name" | "delivery_latitude" | "delivery_option" | "city";
      error: ShippingErrorKey | Extract<CouponCheck, { ok: false }>["error"] | ZoneErrorKey;
      couponMinTotalCents?: number;
      /** A zone refusal's placeholders (`{name}`, `{reason}`, `{amount}`). */
      values?: Record<string, string>;
    }
  | {
      ok: false;
      status: 409;
      error: "checkout.errors.totalChanged";
      /** The figures to show the shopper instead (decision “The server decides every figure”). */
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

/**
 * §7.4 create-order (decisions “The wholesale price”, “Free standard shipping”, “Shipping price and the express cut-off”, “The server decides every figure”, “What create-order receives”, “Order ids are unguessable and private”, “Cash on delivery only”). In one transaction: takes the
 * shopper's checkout lock (a concurrent retry waits, then finds the first order), reads the cart
 * with its products locked in id order, recomputes goods, coupon and shipping, and refuses —
 * storing nothing — an empty cart, a line beyond the stock (409 naming the product, cart
 * untouched; checked first, as fixing the cart changes the total anyway), an invalid coupon, zone or
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
  const [exchangeRate, from, zone] = await Promise.all([
    getExchangeRate(db),
    getDispatchPoint(db),
    zoneNamed(db, input.city, input.state),
  ]);
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
         * A refusal, unless the key named an order placed before: then that order (decision “What create-order receives”). Looked
         * up only here and on a conflict of the insert, so a new order costs no read for it.
         */
        const refuse = async (result: Refusal): Promise<{ orderId: number; created: false }> => {
          const earlier = await earlierOrder(tx);
          if (earlier === null) throw new Rollback(result);
          return { orderId: earlier, created: false };
        };

        // Every product of the cart and every part of a combo in it locked, lowest id first (decision
        // 015), then the cart's lines read as they are now.
        await lockProductsWithParts(tx, cartProductIdsSql(user.id));
        const lines = await lockCartLines(tx, user.id, opts.lang);
        if (lines.length === 0) return refuse({ ok: false, status: 400, error: "checkout.errors.emptyCart" });

        // Stock: the lines of one product (several colours or varieties) add up, and a combo's
        // units are its parts' units, added to the same parts bought alone or in other combos.
        const wanted = new Map<number, number>();
        for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.count);
        const needs = await orderStockNeeds(tx, wanted);
        if (needs.short) {
          const { productId, stock } = needs.short;
          return refuse({
            ok: false,
            status: 409,
            error: stock === 0 ? "checkout.errors.soldOut" : "checkout.errors.notEnoughStock",
            product: { id: productId, name: lines.find((l) => l.productId === productId)?.name ?? "", stock },
          });
        }

        // Prices as locked (decision “The wholesale price” per line), then the coupon on them (the cart module's rules).
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
        // The municipality typed (decision 013): served, open, express and minimum on goods after the coupon.
        const outOfZone = zoneRefusal(zone, { option, goodsAfterCouponCents: totals.totalCents, lang: opts.lang });
        if (outOfZone) return refuse({ ok: false, status: 400, ...outOfZone });
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
        // What the stock, coupon and cart parts hang on: the new order exists. Those parts are
        // written by the features that own the tables (catalog, coupons, cart).
        const placed = sql`exists (select from o)`;
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
          s as (${takeStockSql(needs.take, placed, needs.combos)}),
          c as (${redeemCouponSql(totals.coupon?.name ?? null, placed)}),
          e as (${removeCartLinesSql(
            lines.map((line) => line.id),
            placed,
          )}),
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
        if (row.stockRows !== needs.take.size + needs.combos.size) throw new Error("stock changed under a row lock");
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
