/**
 * Which pages every visitor may share one rendering of (the page cache, and the signed-in
 * templates of server/signed-in-pages.ts): the storefront pages anonymous shoppers browse.
 * Accounts, cart, checkout, orders, chat and the back office are not among them. Each such route
 * module says so itself, `export const handle = { pageCache: "shared" } as const`, and the rule is
 * built from the server build's routes, so a page and its caching are declared in one place.
 */
import { LANGUAGES } from "~/i18n/languages";

/** The server build's routes (`ServerBuild["routes"]`), as far as the rule reads them. */
export type SharedPageRoutes = Record<
  string,
  { path?: string; parentId?: string; module: { handle?: unknown } } | undefined
>;

/** Whether a route module's `handle` marks its page as shared. */
function isShared(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { pageCache?: unknown }).pageCache === "shared";
}

/** The full path of route `id` (`:lang/shop/:cat`): its parents' paths and its own, joined. */
function fullPath(routes: SharedPageRoutes, id: string | undefined): string {
  const route = id === undefined ? undefined : routes[id];
  if (!route) return "";
  return [fullPath(routes, route.parentId), route.path ?? ""].filter(Boolean).join("/");
}

/** The full paths of the routes whose module declares the shared page cache. */
export function sharedPagePaths(routes: SharedPageRoutes): string[] {
  return Object.entries(routes)
    .filter(([, route]) => isShared(route?.module.handle))
    .map(([id]) => fullPath(routes, id));
}

/** A route path segment as a regular expression's source: `:lang` is a language, any other `:param` one segment. */
function segmentPattern(segment: string): string {
  if (segment === ":lang") return `(?:${LANGUAGES.join("|")})`;
  if (segment.startsWith(":")) return "[^/]+";
  if (/[*?]/.test(segment)) throw new Error(`A shared page's path has no splat or optional segment: ${segment}`);
  return segment.replace(/[.+^${}()|[\]\\]/g, "\\$&");
}

/** The URL paths of the pages at `paths` (with or without a trailing slash). */
export function sharedPagePattern(paths: readonly string[]): RegExp {
  if (paths.length === 0) return /(?!)/;
  const alternatives = paths.map((path) => path.split("/").filter(Boolean).map(segmentPattern).join("/"));
  return new RegExp(`^/(?:${alternatives.join("|")})/?$`);
}
