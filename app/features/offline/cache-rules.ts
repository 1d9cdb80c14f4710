/**
 * What the service worker may keep for reading offline, as pure functions so that
 * the rules are tested without a browser. The guiding rule: a page is kept only when the server
 * itself said it may be shared (`Cache-Control: public`, never `private` or `no-store`), and the
 * pages that are personal by nature (account, cart, checkout, orders, wishlist, back office, sign-in,
 * chat) and every API answer are never kept, whatever their headers say. Nothing here touches the
 * network or the caches.
 */

import { FROM_CACHE_ATTRIBUTE, offlinePagePath } from "../../utils/offline-page";

export { FROM_CACHE_ATTRIBUTE, offlinePagePath };

export const LANGUAGES = ["es", "en"] as const;
export type OfflineLanguage = (typeof LANGUAGES)[number];

/** The language of a path (`/en/...` is English); Spanish for anything else, as the site does (§2.1). */
export function languageOf(pathname: string): OfflineLanguage {
  return pathname === "/en" || pathname.startsWith("/en/") ? "en" : "es";
}

/**
 * Paths never stored: the JSON API and auth calls, product images' own cache aside, and the pages
 * that show one shopper's data or take part in a sign-in. A `.data` suffix (React Router's
 * client navigations) is stripped first so the same rules cover both forms of a page.
 */
const PERSONAL_PAGES =
  /^\/(es|en)\/(account|cart|checkout|orders|wishlist|admin|login|signup|logout|chat|auth|recently-viewed|set-currency|newsletter)(\/|\.|$)/;
const NEVER = [/^\/api(\/|$)/, /^\/auth(\/|$)/, /^\/__manifest/, /^\/(activate|reset_password|password)(\/|$)/];

export function isNeverCached(pathname: string): boolean {
  const page = stripDataSuffix(pathname);
  return NEVER.some((re) => re.test(page)) || PERSONAL_PAGES.test(page);
}

/** The headers of a page response the service worker may look at (Set-Cookie never reaches it). */
export type PageResponseInfo = {
  status: number;
  contentType: string | null;
  cacheControl: string | null;
};

/**
 * Whether a page answer may be stored for reading offline: a 200 HTML page outside the personal
 * paths whose `Cache-Control` says `public` and neither `private` nor `no-store`. A page without
 * the header is not stored: it may have been rendered for a signed-in shopper.
 */
export function isCacheablePage(pathname: string, response: PageResponseInfo): boolean {
  if (response.status !== 200 || isNeverCached(pathname)) return false;
  if (!response.contentType?.toLowerCase().startsWith("text/html")) return false;
  const directives = (response.cacheControl ?? "")
    .toLowerCase()
    .split(",")
    .map((d) => d.trim().split("=")[0]);
  return directives.includes("public") && !directives.includes("private") && !directives.includes("no-store");
}

/** Product and slide images (`/media/...`): kept cache-first, within an entry bound. */
export function isMediaImage(pathname: string): boolean {
  return pathname.startsWith("/media/");
}

/** The build's hashed scripts and styles (immutable: a new build has new names). */
export function isBuildAsset(pathname: string): boolean {
  return pathname.startsWith("/assets/");
}

/** React Router's single-fetch data request of a client-side navigation (`/es/shop.data`). */
export function isDataRequest(pathname: string): boolean {
  return pathname.endsWith(".data");
}

function stripDataSuffix(pathname: string): string {
  if (!isDataRequest(pathname)) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/**
 * The page a failed `.data` request belongs to, so that the shopper is sent there as a whole
 * document (and the service worker answers with the stored copy or the offline page) instead of
 * an error: `/es/shop.data?_routes=x&page=2` -> `/es/shop?page=2`, `/es.data` -> `/es/`.
 */
export function documentUrlOfData(url: URL): string {
  let page = stripDataSuffix(url.pathname);
  if (LANGUAGES.some((lang) => page === `/${lang}`)) page += "/";
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return `${page}${query ? `?${query}` : ""}`;
}

/** Signing out (the page form's POST, or its `.data` form): every stored page is dropped. */
export function isSignOut(method: string, pathname: string): boolean {
  return method === "POST" && /^\/(es|en)\/logout(\.data)?$/.test(pathname);
}

/** Cache names carry the build id; on activation every cache of ours with another id is deleted. */
export const CACHE_PREFIX = "tienda-";

export function cacheNames(buildId: string) {
  return {
    pages: `${CACHE_PREFIX}pages-${buildId}`,
    images: `${CACHE_PREFIX}images-${buildId}`,
    assets: `${CACHE_PREFIX}assets-${buildId}`,
    offline: `${CACHE_PREFIX}offline-${buildId}`,
  };
}

/** Our caches that belong to an older build (Serwist's own precache cleans itself). */
export function outdatedCaches(existing: string[], buildId: string): string[] {
  const current = new Set(Object.values(cacheNames(buildId)));
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name));
}

/** Marks an HTML page served from the cache, so the page can say it may be out of date. */
export function markFromCache(html: string): string {
  return html.replace(/<html(\s|>)/i, `<html ${FROM_CACHE_ATTRIBUTE}=""$1`);
}
