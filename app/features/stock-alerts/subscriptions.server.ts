/**
 * Back-in-stock subscriptions (docs/features.md, "Back-in-stock alerts"): who waits for which out-of-stock product. A
 * signed-in shopper's address is subscribed at once; a signed-out visitor's is kept unconfirmed
 * and sent a confirmation link (double opt-in): only confirmed subscriptions are ever notified.
 * One subscription per product and address (any case). The operators' "demand" is the count of
 * confirmed subscriptions waiting per product.
 */
import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { type Db, affectedRows } from "~/db/client.server";
import { stockAlerts } from "~/db/schema/stock-alerts";
import { getProductCardMap } from "~/features/catalog/product-cards.server";
import { enqueueEmail } from "~/features/outbox/outbox.server";
import { hitRateLimit } from "~/features/rate-limit/rate-limit.server";
import type { Language } from "~/i18n/languages";
import { STOCK_ALERT_CONFIRM, type StockAlertPayload } from "./emails.server";

/**
 * The abuse policy of the signed-out form, which sends an email to the address typed: per hour at
 * most `perIp` subscriptions from one address (generous: many Cubans share a carrier address) and
 * `perEmail` confirmation emails to one address.
 */
export const STOCK_ALERT_RATE_LIMIT = { perIp: 20, perEmail: 5, windowSeconds: 3600 } as const;

export type SubscribeInput = { productId: number; email: string; userId: number | null; lang: Language };

export type SubscribeResult =
  | { ok: true; status: "subscribed" | "pending" }
  | { ok: false; error: "notFound" | "inStock" | "rateLimited"; retryAfterSeconds?: number };

/** Whether the product exists, is on sale and is out of stock: null when it is not for sale. */
async function isOutOfStock(db: Db, productId: number, lang: Language): Promise<boolean | null> {
  const card = (await getProductCardMap(db, [productId], lang)).get(productId);
  return card ? card.quantity <= 0 : null;
}

/**
 * Subscribes `email` to `productId`. Signed in (`userId`): confirmed at once ("subscribed").
 * Signed out: kept unconfirmed and a confirmation email queued in `lang` ("pending"); an address
 * already confirmed is answered the same, without another email, so the answer tells nobody
 * whether an address is subscribed. Only an out-of-stock product on sale takes subscriptions.
 */
export async function subscribe(db: Db, input: SubscribeInput, opts: { ip: string }): Promise<SubscribeResult> {
  const email = input.email.trim();
  const outOfStock = await isOutOfStock(db, input.productId, input.lang);
  if (outOfStock === null) return { ok: false, error: "notFound" };
  if (!outOfStock) return { ok: false, error: "inStock" };
  if (input.userId !== null) {
    await db.execute(sql`
      insert into ${stockAlerts} (product_id, email, user_id, lang, confirmed_at)
      values (${input.productId}, ${email}, ${input.userId}, ${input.lang}, now())
      on conflict (product_id, lower(email)) do update
      set user_id = excluded.user_id, lang = excluded.lang,
        confirmed_at = coalesce(${stockAlerts.confirmedAt}, now())`);
    return { ok: true, status: "subscribed" };
  }
  const { perIp, perEmail, windowSeconds } = STOCK_ALERT_RATE_LIMIT;
  const limits = [
    await hitRateLimit(db, [`stock-alert:ip:${opts.ip}`], { limit: perIp, windowSeconds }),
    await hitRateLimit(db, [`stock-alert:email:${email.toLowerCase()}`], { limit: perEmail, windowSeconds }),
  ];
  const refused = limits.flatMap((r) => (r.ok ? [] : [r.retryAfterSeconds]));
  if (refused.length > 0) return { ok: false, error: "rateLimited", retryAfterSeconds: Math.max(...refused) };
  await db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const result = await handle.execute(sql`
      insert into ${stockAlerts} (product_id, email, lang)
      values (${input.productId}, ${email}, ${input.lang})
      on conflict (product_id, lower(email)) do update set lang = excluded.lang
      where ${stockAlerts.confirmedAt} is null
      returning id`);
    if (affectedRows(result) === 0) return; // already confirmed
    const payload: StockAlertPayload = { productId: input.productId, email, lang: input.lang };
    await enqueueEmail(handle, STOCK_ALERT_CONFIRM, payload);
  });
  return { ok: true, status: "pending" };
}

const sameAddress = (email: string) => sql`lower(${stockAlerts.email}) = ${email.trim().toLowerCase()}`;

/** Confirms a signed-out subscription (its emailed link); false when there is none any more. */
export async function confirmSubscription(db: Db, productId: number, email: string): Promise<boolean> {
  const [row] = await db
    .update(stockAlerts)
    .set({ confirmedAt: sql`coalesce(${stockAlerts.confirmedAt}, now())` })
    .where(and(eq(stockAlerts.productId, productId), sameAddress(email)))
    .returning({ id: stockAlerts.id });
  return Boolean(row);
}

/** Ends the address's subscription to `productId`, or every one of its subscriptions (null); how many ended. */
export async function unsubscribe(db: Db, productId: number | null, email: string): Promise<number> {
  const ended = await db
    .delete(stockAlerts)
    .where(and(sameAddress(email), productId === null ? undefined : eq(stockAlerts.productId, productId)))
    .returning({ id: stockAlerts.id });
  return ended.length;
}

/** Whether `email` waits, confirmed, for `productId` (the product page's signed-in button). */
export async function isSubscribed(db: Db, productId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, productId), sameAddress(email), isNotNull(stockAlerts.confirmedAt)))
    .limit(1);
  return Boolean(row);
}

/** Confirmed subscriptions waiting, per product of `ids` (absent: none). */
export async function waitingCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ productId: stockAlerts.productId, waiting: count() })
    .from(stockAlerts)
    .where(and(inArray(stockAlerts.productId, ids), isNotNull(stockAlerts.confirmedAt)))
    .groupBy(stockAlerts.productId);
  return new Map(rows.map((row) => [row.productId, Number(row.waiting)]));
}

/** The products most waited for (the dashboard's demand), with their names in `lang`. */
export async function topDemand(
  db: Db,
  lang: Language,
  limit: number,
): Promise<Array<{ productId: number; name: string; quantity: number; waiting: number }>> {
  const waiting = count();
  const rows = await db
    .select({ productId: stockAlerts.productId, waiting })
    .from(stockAlerts)
    .where(isNotNull(stockAlerts.confirmedAt))
    .groupBy(stockAlerts.productId)
    .orderBy(desc(waiting), stockAlerts.productId)
    .limit(limit);
  const cards = await getProductCardMap(
    db,
    rows.map((row) => row.productId),
    lang,
  );
  return rows.flatMap((row) => {
    const card = cards.get(row.productId);
    return card
      ? [{ productId: row.productId, name: card.display_name, quantity: card.quantity, waiting: Number(row.waiting) }]
      : [];
  });
}
