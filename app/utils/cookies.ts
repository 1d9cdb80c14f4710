/**
 * Plain cookies read and written by the pages. The currency cookie holds the bare value (`USD` or
 * `CUP`, decision “Currency choice”) so that server rendering shows the right prices on first paint.
 */
import { type Currency, DEFAULT_CURRENCY, isCurrency } from "./money";

export const CURRENCY_COOKIE = "currency";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** The value of one cookie from the request, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** The visitor's currency: the cookie when it holds a supported value, else USD (decision “Currency choice”, §5). */
export function getCurrencyPreference(request: Request): Currency {
  const value = readCookie(request, CURRENCY_COOKIE);
  return isCurrency(value) ? value : DEFAULT_CURRENCY;
}

/** `Set-Cookie` for the currency preference: whole site, one year, SameSite=Lax (decision “Currency choice”). */
export function serializeCurrencyCookie(currency: Currency, request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/** The municipality a visitor chose in the header's "Entregar en" (an id of features/delivery/cuba.ts). */
export const ZONE_COOKIE = "zone";

/** `Set-Cookie` for the chosen municipality: whole site, one year, SameSite=Lax, like the currency. */
export function serializeZoneCookie(municipalityId: string, request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${ZONE_COOKIE}=${encodeURIComponent(municipalityId)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}
