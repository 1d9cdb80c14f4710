/**
 * Spec §2.1 for paths without a valid language prefix: which ones redirect to Spanish, which are
 * the three reserved account routes, and which are simply not found.
 */

export type UnprefixedOutcome = { kind: "redirect"; location: string } | { kind: "reserved" } | { kind: "not-found" };

/** Unprefixed paths that redirect to `/es` + path, query kept (§2.1). */
const REDIRECTED = new Set([
  "/login",
  "/signup",
  "/search",
  "/cart",
  "/checkout",
  "/orders",
  "/account",
  "/wishlist",
  "/about-us",
  "/privacy-policy",
  "/help-center",
  "/terms-of-service",
  "/sell-with-us",
  "/chat",
  "/auth/social-callback",
]);

const RESERVED = [/^\/activate\/[^/]+\/[^/]+$/, /^\/reset_password$/, /^\/password\/reset\/confirm\/[^/]+\/[^/]+$/];

export function resolveUnprefixedPath(pathname: string, search = ""): UnprefixedOutcome {
  // A trailing slash names the same page (`/login/` is `/login`), except the root itself.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "" || path === "/") return { kind: "redirect", location: `/es/${search}` };
  if (REDIRECTED.has(path) || /^\/home-products\/[^/]+$/.test(path)) {
    return { kind: "redirect", location: `/es${path}${search}` };
  }
  // "The bare /shop/* redirect goes to /es/shop" (§2.1).
  if (path === "/shop" || path.startsWith("/shop/")) return { kind: "redirect", location: "/es/shop" };
  if (RESERVED.some((re) => re.test(path))) return { kind: "reserved" };
  return { kind: "not-found" };
}
