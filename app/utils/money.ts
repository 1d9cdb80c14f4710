/**
 * Price display (spec §9, decisions “Prices are kept in US cents”, “One exchange rate”): prices are USD numbers; USD is shown as `$12.50` and CUP as
 * `round(usd * rate)` with no decimals and the suffix ` CUP` (`4,875 CUP`).
 */
import type { Language } from "~/i18n/languages";

export const CURRENCIES = ["USD", "CUP"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "USD";

/** decision “Currency choice” / §5: only USD and CUP are supported; anything else is ignored by callers. */
export function isCurrency(value: unknown): value is Currency {
  return value === "USD" || value === "CUP";
}

/**
 * Digit grouping. Both languages use `,` for thousands and `.` for decimals: that is the CLDR
 * convention for Cuban Spanish (es-CU) as well as US English, so `$1,234.50` and `4,875 CUP` read
 * the same in es and en. Done by hand rather than with Intl so that server and browser always
 * agree (browsers with reduced ICU data lack es-CU and would break hydration).
 */
function group(integer: string, _lang: Language): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Formats a USD amount in the chosen currency: `$12.50` or `4,875 CUP`. */
export function formatPrice(usd: number, currency: Currency, rate: number, lang: Language): string {
  if (currency === "CUP") {
    const cup = Math.round(usd * rate);
    const sign = cup < 0 ? "-" : "";
    return `${sign}${group(String(Math.abs(cup)), lang)} CUP`;
  }
  // toFixed(6) first so that 1.005 (binary 1.00499...) rounds to cents the way people expect.
  const cents = Math.round(Number((usd * 100).toFixed(6)));
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = group(String(Math.floor(abs / 100)), lang);
  const fraction = String(abs % 100).padStart(2, "0");
  return `${sign}$${whole}.${fraction}`;
}

/** Whole-percent saving when the price is below the original price (§2.10 sale badge), else null. */
export function discountPercent(price: number, originalPrice: number): number | null {
  if (!(originalPrice > 0) || !(price < originalPrice)) return null;
  const percent = Math.round((1 - price / originalPrice) * 100);
  return percent > 0 ? percent : null;
}

/** USD cents as the site shows them (decision “Prices are kept in US cents”): `$12.50`. */
export function formatUsdCents(cents: number, lang: Language): string {
  return formatPrice(cents / 100, "USD", 1, lang);
}

/** Whole CUP as the site shows them (decision “Prices are kept in US cents”): `4,875 CUP`. */
export function formatCup(cup: number, lang: Language): string {
  return formatPrice(cup, "CUP", 1, lang);
}
