/**
 * Which messages a page needs. The whole catalogue is about 50 KB per language, while the shell
 * (header, footer, alerts, error pages) needs 4 KB and a static page 5 KB: sending it all made
 * every page 23 KB (gzip) heavier on a 2G link. So the root loader sends the shell's messages and
 * those of the page's group, chosen here from the URL; the root loader runs again on a client-side
 * navigation into another group (root.tsx shouldRevalidate). Unknown paths get the shell only.
 *
 * Prefixes are the keys' first segments (or `segment.segment` for a part of one). Each route's
 * needs are checked by page-messages.test.ts, which reads the route's client-side imports; what a
 * loader or an action returns as a key (an error, an alert) must be in its group too.
 */
import { matchPath } from "react-router";

/** Every page: header, footer, newsletter box, alerts, error pages, navigation skeletons. */
export const SHELL = [
  "site",
  "meta",
  "a11y",
  "language",
  "currency",
  "dataSaver.label",
  "header",
  "footer",
  "links",
  "nav",
  "newsletter",
  "notFound",
  "error",
  "breadcrumb",
  "accounts.menu",
  "accounts.logout",
  "accounts.alert",
  "accounts.form.errorsHeading",
  "accounts.form.sending",
  "pdp.loading",
  "product.loading",
  // The offline notice and the message of a form that needs a connection.
  "offline.notice",
  "offline.formNeedsConnection",
] as const;

/**
 * The data-saver notice (docs/decisions/014-data-saver.md): the root loader adds these on a data-saver page only. Such
 * a page is never hydrated, so they cost every other page's HTML nothing.
 */
export const DATA_SAVER_ONLY = ["dataSaver.notice", "dataSaver.showImages", "dataSaver.turnOff"];

const CATALOGUE = ["home", "shop", "catalog", "product", "search", "pagination", "cart", "wishlist"];
const ACCOUNTS = ["accounts"];

/** Page groups: URL patterns and the prefixes their pages use beyond the shell. */
export const PAGE_GROUPS = {
  // First: `/:lang` alone would take `/reset_password` for a language.
  accounts: {
    patterns: [
      "/:lang/login",
      "/:lang/signup",
      "/:lang/account",
      "/:lang/auth/social-callback",
      "/activate/:uid/:token",
      "/reset_password",
      "/password/reset/confirm/:uid/:token",
    ],
    // The account page's Destinatarios section (docs/features.md, "Family recipients").
    prefixes: [...ACCOUNTS, "recipients"],
  },
  // The home page is the most visited first page; it gets what its sections show (the
  // cards and their add-to-cart), not every listing's filters, the cart page or the wishlist.
  home: { patterns: ["/:lang"], prefixes: ["home", "product", "catalog.item", "cart.add", "cart.errors"] },
  catalogue: {
    patterns: ["/:lang/shop/*", "/:lang/home-products/:key", "/:lang/search"],
    prefixes: CATALOGUE,
  },
  wishlist: { patterns: ["/:lang/wishlist"], prefixes: [...CATALOGUE, "accounts.pages", "accounts.wishlist"] },
  product: {
    patterns: ["/:lang/product/:productId"],
    prefixes: [...CATALOGUE, "pdp", "reviews", "delivery.note", "stockAlerts.form", "stockAlerts.errors"],
  },
  // The cart page and a cart shared by a link (docs/features.md, "Shareable cart").
  cart: {
    patterns: ["/:lang/cart", "/:lang/cart/shared/:token"],
    prefixes: [...CATALOGUE, "coupons", "delivery.note", "sharedCart"],
  },
  checkout: {
    patterns: ["/:lang/checkout", "/:lang/orders", "/:lang/orders/:transactionId/claim"],
    prefixes: [
      ...ACCOUNTS,
      "cart",
      "checkout",
      "coupons",
      "shipping",
      "invoice",
      "orders",
      "pagination",
      // Checkout's "who receives the order" (docs/features.md, "Family recipients").
      "recipients.checkout",
      "recipients.errors",
      "recipients.notFound",
      // The order page's defect claims and the claim form (docs/features.md, "Defect claims").
      "claims",
    ],
  },
  static: {
    patterns: ["/:lang/about-us", "/:lang/privacy-policy", "/:lang/terms-of-service", "/:lang/help-center"],
    prefixes: ["staticPages"],
  },
  // The seller page quotes policy.ts, whose shipping module names its own estimates and errors.
  sell: {
    patterns: ["/:lang/sell-with-us"],
    prefixes: ["sell", "invoice.estimate", "invoice.option", "shipping.errors"],
  },
  chat: { patterns: ["/:lang/chat"], prefixes: ["chat"] },
  delivery: { patterns: ["/:lang/delivery"], prefixes: ["delivery"] },
  stockAlerts: { patterns: ["/:lang/stock-alerts/:purpose"], prefixes: ["stockAlerts.page"] },
  // The page shown offline for a page not seen before.
  offline: { patterns: ["/:lang/offline"], prefixes: ["offline.page"] },
  // Staff two-factor sign-in (decision 017): before the back office opens.
  twoFactor: { patterns: ["/:lang/two-factor", "/:lang/two-factor/*"], prefixes: ["twoFactor"] },
  // The back office: its own messages, order status and provider type names, page links, and the
  // accounts errors of the staff page (emails and passwords are checked by the accounts rules).
  admin: {
    patterns: ["/:lang/admin", "/:lang/admin/*"],
    prefixes: [
      "admin",
      "invoice.status",
      "sell.type",
      "pagination",
      "claims.status",
      "claims.errors",
      "claims.section.photos",
      "claims.section.photo",
      "accounts.errors",
    ],
  },
} satisfies Record<string, { patterns: string[]; prefixes: string[] }>;

export type PageGroup = keyof typeof PAGE_GROUPS | "shell";

/** Groups of recent paths: matching every pattern (each a regex built anew) is ~0.7 ms a render. */
const groupOfPath = new Map<string, PageGroup>();
const REMEMBERED_PATHS = 1_000;

/** The group of a path; "shell" when no page pattern matches (a 404 page, say). */
export function pageGroup(pathname: string): PageGroup {
  const known = groupOfPath.get(pathname);
  if (known) return known;
  let found: PageGroup = "shell";
  for (const [group, { patterns }] of Object.entries(PAGE_GROUPS)) {
    if (patterns.some((pattern) => matchPath(pattern, pathname))) {
      found = group as PageGroup;
      break;
    }
  }
  if (groupOfPath.size >= REMEMBERED_PATHS) groupOfPath.clear();
  groupOfPath.set(pathname, found);
  return found;
}

/** The prefixes a group's pages may use: the shell's and their own. */
export function groupPrefixes(group: PageGroup): readonly string[] {
  return group === "shell" ? SHELL : [...SHELL, ...PAGE_GROUPS[group].prefixes];
}

/**
 * Whether the messages of group `current` already hold every message of group `next` (the home
 * page's are a part of the catalogue's): the root loader need not run again between them.
 */
export function groupCovers(current: PageGroup, next: PageGroup): boolean {
  if (current === next) return true;
  const have = groupPrefixes(current);
  return groupPrefixes(next).every((prefix) => keyHasPrefix(prefix, have));
}

/** Whether `key` belongs to one of `prefixes` (a whole segment: `cart` is not `cartCount`). */
export function keyHasPrefix(key: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}.`));
}
