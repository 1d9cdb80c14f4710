/**
 * The storefront pages anonymous shoppers browse, which every visitor may share one rendering of
 * (the page cache, server/page-cache.ts, and the signed-in templates, server/signed-in-pages.ts).
 * Accounts, cart, checkout, orders, chat and the back office are not among them. `app/routes.ts`
 * declares these routes with the paths below, so the cache's rule is the route table's, written once.
 */
import { LANGUAGES } from "./i18n/languages";

/** Route paths under `/:lang`, as `app/routes.ts` declares them (the home page is the index). */
export const SHARED_PAGES = {
  shop: "shop",
  category: "shop/:cat",
  subcategory: "shop/:cat/:subcat",
  homeProducts: "home-products/:key",
  product: "product/:productId",
  search: "search",
  aboutUs: "about-us",
  privacyPolicy: "privacy-policy",
  termsOfService: "terms-of-service",
  helpCenter: "help-center",
  sellWithUs: "sell-with-us",
} as const;

/** A route path as a regular expression's source: each `:param` is one path segment. */
const pattern = (path: string) => path.replace(/:\w+/g, "[^/]+");

/** The URL paths of the shared pages (with or without a trailing slash), the home page included. */
export const SHARED_PAGE_PATH = new RegExp(
  `^/(${LANGUAGES.join("|")})(/|/(${Object.values(SHARED_PAGES).map(pattern).join("|")})/?)?$`,
);
