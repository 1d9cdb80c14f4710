import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * Every URL of the web app, written out (docs/style.md). Pages live under one `:lang` parent whose
 * loader (and each child's, via requireLanguage) checks the prefix: es and en pass, the unprefixed
 * paths of spec §2.1 redirect to Spanish, anything else is a 404.
 */
export default [
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),

  // §2.1: the three account routes without a language prefix (the links in emails). They speak the
  // shopper's language (`?lang=`, the account's, the browser's; features/accounts/pages.server.ts).
  route("activate/:uid/:token", "routes/activate.tsx"),
  route("reset_password", "routes/reset-password.tsx"),
  route("password/reset/confirm/:uid/:token", "routes/reset-password-confirm.tsx"),

  // The home page and the storefront pages every visitor may share say so in their module (`handle`;
  // server/page-cache/shared-pages.ts).
  route(":lang", "routes/lang-layout.tsx", [
    index("routes/home.tsx"),
    route("shop", "routes/shop.tsx"),
    route("shop/:cat", "routes/category.tsx"),
    route("shop/:cat/:subcat", "routes/subcategory.tsx"),
    route("home-products/:key", "routes/home-products.tsx"),
    route("product/:productId", "routes/product.tsx"),
    route("search", "routes/search.tsx"),
    // Accounts (§2.6, §2.16) and the pages that need sign-in (§6, decision “Signed-out visitors go to login at once”).
    route("signup", "routes/signup.tsx"),
    route("login", "routes/login.tsx"),
    route("auth/social-callback", "routes/social-callback.tsx"),
    route("account", "routes/account.tsx"),
    route("cart", "routes/cart.tsx"),
    route("cart/add", "routes/cart-add.ts"),
    // Shareable cart (docs/features.md): a cart shared by a link, open to anyone who has it.
    route("cart/shared/:token", "routes/cart-shared.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("checkout/quote", "routes/checkout-quote.ts"),
    route("orders", "routes/orders.tsx"),
    route("orders/:transactionId/invoice", "routes/order-invoice.ts"),
    route("orders/:transactionId/claim", "routes/order-claim.tsx"),
    route("wishlist", "routes/wishlist.tsx"),
    route("wishlist/toggle", "routes/wishlist-toggle.ts"),
    // §2.20 chat; its JSON calls once JavaScript runs (send, clear, leave by sendBeacon).
    route("chat", "routes/chat.tsx"),
    route("chat/session", "routes/chat-session.ts"),
    // §2.19 seller programme and its application form (§4.7).
    route("sell-with-us", "routes/sell-with-us.tsx"),
    // Resource routes (no page): currency switch (decision “Currency choice”), newsletter (decision “Newsletter”), recently viewed (decision “Home sections”).
    route("set-currency", "routes/set-currency.ts"),
    route("set-data-saver", "routes/set-data-saver.ts"),
    route("delivery", "routes/delivery.tsx"),
    // Back-in-stock alerts (docs/features.md): the back-in-stock alert emails' links (confirm, unsubscribe), without sign-in.
    route("stock-alerts/:purpose", "routes/stock-alert-link.tsx"),
    route("newsletter", "routes/newsletter.ts"),
    route("recently-viewed", "routes/recently-viewed.ts"),
    // Resource routes of accounts: sign out (POST), start Google sign-in (redirects to Google).
    route("logout", "routes/logout.ts"),
    route("auth/google", "routes/google-sign-in.ts"),
    // §2.18 static pages: texts in content/pages (features/content/pages.server.ts).
    route("about-us", "routes/about-us.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    route("terms-of-service", "routes/terms-of-service.tsx"),
    route("help-center", "routes/help-center.tsx"),
    // The installable app's manifest and the page shown offline for an unseen page.
    route("manifest.webmanifest", "routes/web-manifest.ts"),
    route("offline", "routes/offline.tsx"),
    // Staff two-factor sign-in (decision 017): every staff sign-in passes here before the back office.
    route("two-factor", "routes/two-factor.tsx"),
    route("two-factor/enrol", "routes/two-factor-enrol.tsx"),
    // The back office (decision “The back office”): operators only; every child's loader and action checks.
    route("admin", "routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/:transactionId", "routes/admin/order.tsx"),
      route("orders/:transactionId/sheet", "routes/admin/order-sheet.ts"),
      route("sellers", "routes/admin/sellers.tsx"),
      route("sellers/:applicationId", "routes/admin/seller.tsx"),
      route("products", "routes/admin/products.tsx"),
      route("products/new", "routes/admin/product-new.tsx"),
      route("products/import", "routes/admin/product-import.tsx"),
      route("products.csv", "routes/admin/products-csv.ts"),
      route("products/new-combo", "routes/admin/combo-new.tsx"),
      route("products/:productId", "routes/admin/product-edit.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("categories/new", "routes/admin/category-new.tsx"),
      route("categories/:categoryId", "routes/admin/category-edit.tsx"),
      route("rates", "routes/admin/rates.tsx"),
      route("coupons", "routes/admin/coupons.tsx"),
      route("coupons/new", "routes/admin/coupon-new.tsx"),
      route("coupons/:couponId", "routes/admin/coupon-edit.tsx"),
      route("slides", "routes/admin/slides.tsx"),
      route("slides/new", "routes/admin/slide-new.tsx"),
      route("slides/:slideId", "routes/admin/slide-edit.tsx"),
      route("company", "routes/admin/company.tsx"),
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("newsletter.csv", "routes/admin/newsletter-csv.ts"),
      route("synonyms", "routes/admin/synonyms.tsx"),
      route("zones", "routes/admin/zones.tsx"),
      route("zones/:municipalityId", "routes/admin/zone-edit.tsx"),
      route("claims", "routes/admin/claims.tsx"),
      route("claims/:claimId", "routes/admin/claim.tsx"),
      route("customers", "routes/admin/customers.tsx"),
      route("customers/:customerId", "routes/admin/customer.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("reports", "routes/admin/reports.tsx"),
      route("reports.csv", "routes/admin/reports-csv.ts"),
    ]),
    route("*", "routes/lang-not-found.tsx"),
  ]),

  // §2.1 for what `:lang` cannot match: `/` (to `/es/`) and, as a safety net, anything else.
  // `/` needs its own index route: a bare root would otherwise match it before the splat.
  index("routes/catch-all.tsx", { id: "root-index" }),
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
