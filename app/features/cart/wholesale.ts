/**
 * The wholesale price (spec §9; docs/product-decisions.md#the-wholesale-price): from this many units of one cart line,
 * a product that has a wholesale price is charged at it. The cart prices lines with it; the product
 * page, the cart line, the back office's hint and the help texts say the same number from here.
 * Browser-safe (no server import).
 */

/** §9: the wholesale price applies from this many units of one line. */
export const WHOLESALE_MIN_UNITS = 10;

/** The unit price of `count` units of a product, in cents: wholesale when it applies (§9). */
export function unitPriceCents(p: { priceCents: number; wholesalePriceCents: number | null }, count: number): number {
  return count >= WHOLESALE_MIN_UNITS && p.wholesalePriceCents != null && p.wholesalePriceCents < p.priceCents
    ? p.wholesalePriceCents
    : p.priceCents;
}
