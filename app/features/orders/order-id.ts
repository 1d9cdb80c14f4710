/**
 * The order id (`transaction_id`; docs/product-decisions.md, "Order ids are unguessable and
 * private"): 16 random bytes written as 32 lower-case hex characters. Unguessable, URL- and
 * filename-safe, easy to read out. The one home of its format: the store makes ids here, the
 * lookups refuse anything else without a query, and the assistant finds one in a message with it.
 * Browser-safe (Web Crypto).
 */

const HEX_DIGITS = 32;
const ORDER_ID = new RegExp(`^[0-9a-f]{${HEX_DIGITS}}$`);
/** In free text: whole words only, in any case (people copy ids in capitals too). */
const ORDER_ID_IN_TEXT = new RegExp(`\\b[0-9a-f]{${HEX_DIGITS}}\\b`, "i");

/** A new, random order id. */
export function newOrderId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(HEX_DIGITS / 2));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether `value` is an order id as the store writes them; anything else cannot be one. */
export function isOrderId(value: string): boolean {
  return ORDER_ID.test(value);
}

/** The first order id written in `text`, lower-cased, or null. */
export function findOrderId(text: string): string | null {
  return ORDER_ID_IN_TEXT.exec(text)?.[0].toLowerCase() ?? null;
}
