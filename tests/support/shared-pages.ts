import { sharedPagePattern } from "../../server/page-cache/shared-pages";

// The pages every visitor may share, as their route modules declare them (`handle`), for tests
// that run the page cache without a server build. server/page-cache/shared-pages.test.ts checks
// that the route modules declare exactly these.

/** Full route paths: the home page (the `:lang` index) and the storefront pages under it. */
export const SHARED_PAGE_PATHS = [
  ":lang",
  ":lang/shop",
  ":lang/shop/:cat",
  ":lang/shop/:cat/:subcat",
  ":lang/home-products/:key",
  ":lang/product/:productId",
  ":lang/search",
  ":lang/about-us",
  ":lang/privacy-policy",
  ":lang/terms-of-service",
  ":lang/help-center",
  ":lang/sell-with-us",
];

/** Their URL paths, as the server builds the rule from its build. */
export const SHARED_PAGES = sharedPagePattern(SHARED_PAGE_PATHS);
