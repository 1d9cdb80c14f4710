/**
 * Which requests may share a page, and under what key (the page cache of store.ts).
 *
 * What makes two anonymous requests render differently, and so is in the key or bypasses:
 * - path and query (language is the path's prefix);
 * - the `currency` cookie (decision “Currency choice”), normalised to USD or CUP;
 * - the `zone` cookie (the municipality of "Entregar en": header, banner, delivery notes);
 * - data saver: the `data_saver` cookie, else the `Save-Data` header (features/data-saver; a light
 *   page has placeholders for images and no app script), a `|ds` at the key's end when on;
 * - the User-Agent's class: phone (`Mobi`, listing filters start closed), iOS/Android (slides' app
 *   links) and crawler (rendered whole, not streamed);
 * - any other cookie (session `access`/`refresh`, `flash`, checkout draft, anything unknown) or an
 *   `Authorization` header: bypass, rendered as before (signed-in pages stay `private, no-store`).
 */
import { isbot } from "isbot";
import { DATA_SAVER_COOKIE, dataSaverOn } from "~/features/data-saver/preference";

/** The only cookies an anonymous page reads (currency, delivery municipality, data saver); any other one means the request may be someone's. */
const KEY_COOKIES = new Set(["currency", "zone", DATA_SAVER_COOKIE]);
const NO_COOKIES: ReadonlySet<string> = new Set();

/**
 * The cache key of a request that may share a page, or null when it must be rendered for itself.
 * `sharedPages` matches the paths of the pages that may be shared (shared-pages.ts).
 * The currency is normalised as the pages read it (anything but CUP is USD). `ignored` cookies
 * do not change the page (a signed-in page template's session cookies).
 */
export function pageCacheKey(
  request: Request,
  sharedPages: RegExp,
  ignored: ReadonlySet<string> = NO_COOKIES,
): string | null {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return null;
  const url = new URL(request.url);
  // `.data` is React Router's client-navigation data, not a page.
  // The storefront pages anonymous shoppers browse, as their route modules declare them.
  if (!sharedPages.test(url.pathname) || url.pathname.endsWith(".data")) return null;
  if (request.headers.has("Authorization")) return null;
  let currency = "USD";
  let zone = "";
  let saverChoice: string | null = null;
  const cookie = request.headers.get("Cookie");
  if (cookie) {
    for (const part of cookie.split(";")) {
      const eq = part.indexOf("=");
      const name = (eq === -1 ? part : part.slice(0, eq)).trim();
      if (name === "" || ignored.has(name)) continue;
      if (!KEY_COOKIES.has(name)) return null;
      const value = part.slice(eq + 1).trim();
      if (name === "zone") zone = /^[a-z0-9-]{1,60}$/.test(value) ? value : "?";
      else if (name === DATA_SAVER_COOKIE) saverChoice = value;
      else if (value === "CUP") currency = "CUP";
    }
  }
  const saver = dataSaverOn(saverChoice, request.headers.get("Save-Data")) ? "|ds" : "";
  return `${url.pathname}${url.search}|${currency}|${zone}|${agentClass(request.headers.get("User-Agent"))}${saver}`;
}

/** Recent User-Agents' classes: a handful of browsers make most traffic, and `isbot` is not free. */
const agentClasses = new Map<string, string>();
const AGENT_CLASSES_KEPT = 500;

/** The User-Agent as the pages use it: phone (`Mobi`), app platform (slides' app links), crawler. */
export function agentClass(userAgent: string | null): string {
  if (!userAgent) return "---";
  const known = agentClasses.get(userAgent);
  if (known) return known;
  const value =
    (/Mobi/i.test(userAgent) ? "m" : "-") +
    (/iPhone|iPad|iPod|Android/i.test(userAgent) ? "a" : "-") +
    (isbot(userAgent) ? "b" : "-");
  if (agentClasses.size >= AGENT_CLASSES_KEPT) agentClasses.clear();
  agentClasses.set(userAgent, value);
  return value;
}
