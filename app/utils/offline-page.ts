/**
 * The few offline facts the page and the service worker share kept here so the
 * browser gets them in the shared chunk rather than as a request of their own.
 */

/** The service worker marks an HTML page it served from its store with this attribute on `<html>`. */
export const FROM_CACHE_ATTRIBUTE = "data-offline-copy";

/** The page shown for a page not seen before, one per language (app/routes/offline.tsx). */
export function offlinePagePath(lang: "es" | "en"): string {
  return `/${lang}/offline`;
}

/**
 * The offline page's "try again" target (`?from=`): a path of this site only, never another origin
 * (`//evil.example`, `https:...`) nor the offline page itself; null otherwise.
 */
export function safeReturnPath(from: string | null): string | null {
  if (!from || !from.startsWith("/") || from.startsWith("//") || from.includes("\\")) return null;
  if (/^\/(es|en)\/offline\/?$/.test(from.split(/[?#]/)[0])) return null;
  return from;
}
