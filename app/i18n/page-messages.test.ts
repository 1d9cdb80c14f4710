import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { es } from "./es";
import { getPageMessages } from "./messages.server";
import { DATA_SAVER_ONLY, SHELL, groupCovers, groupPrefixes, keyHasPrefix, pageGroup } from "./page-messages";

const APP = path.resolve(import.meta.dirname, "..");
const NAMESPACES = new Set(Object.keys(es).map((key) => key.split(".")[0]));

/** A sample URL of every page route (routes.ts); a new page must be added here to be checked. */
const PAGES: Record<string, string> = {
  "routes/home.tsx": "/es",
  "routes/shop.tsx": "/es/shop",
  "routes/category.tsx": "/es/shop/alimentos",
  "routes/subcategory.tsx": "/es/shop/alimentos/arroz",
  "routes/home-products.tsx": "/en/home-products/new-arrivals",
  "routes/product.tsx": "/es/product/12",
  "routes/search.tsx": "/es/search",
  "routes/signup.tsx": "/es/signup",
  "routes/login.tsx": "/en/login",
  "routes/social-callback.tsx": "/es/auth/social-callback",
  "routes/account.tsx": "/es/account",
  "routes/cart.tsx": "/es/cart",
  "routes/cart-shared.tsx": "/en/cart/shared/AAAAAAAAAAAAAAAAAAAAAA",
  "routes/checkout.tsx": "/es/checkout",
  "routes/orders.tsx": "/es/orders",
  "routes/wishlist.tsx": "/es/wishlist",
  "routes/chat.tsx": "/es/chat",
  "routes/delivery.tsx": "/en/delivery",
  "routes/offline.tsx": "/es/offline",
  "routes/sell-with-us.tsx": "/es/sell-with-us",
  "routes/about-us.tsx": "/es/about-us",
  "routes/privacy-policy.tsx": "/en/privacy-policy",
  "routes/terms-of-service.tsx": "/es/terms-of-service",
  "routes/help-center.tsx": "/es/help-center",
  "routes/activate.tsx": "/activate/MQ/abc-123",
  "routes/reset-password.tsx": "/reset_password",
  "routes/reset-password-confirm.tsx": "/password/reset/confirm/MQ/abc-123",
  "routes/lang-not-found.tsx": "/es/no-such-page",
  "routes/catch-all.tsx": "/e/x",
  "root.tsx": "/es/no-such-page",
  "routes/stock-alert-link.tsx": "/es/stock-alerts/confirm",
  "routes/admin/layout.tsx": "/es/admin",
  "routes/admin/dashboard.tsx": "/es/admin",
  "routes/admin/audit.tsx": "/en/admin/audit",
  "routes/admin/reports.tsx": "/en/admin/reports",
  "routes/admin/orders.tsx": "/es/admin/orders",
  "routes/admin/order.tsx": "/es/admin/orders/abc",
  "routes/admin/sellers.tsx": "/en/admin/sellers",
  "routes/admin/seller.tsx": "/es/admin/sellers/1",
  "routes/admin/products.tsx": "/es/admin/products",
  "routes/admin/product-new.tsx": "/en/admin/products/new",
  "routes/admin/product-import.tsx": "/es/admin/products/import",
  "routes/admin/combo-new.tsx": "/es/admin/products/new-combo",
  "routes/admin/product-edit.tsx": "/es/admin/products/1",
  "routes/admin/categories.tsx": "/es/admin/categories",
  "routes/admin/category-new.tsx": "/es/admin/categories/new",
  "routes/admin/category-edit.tsx": "/en/admin/categories/1",
  "routes/admin/rates.tsx": "/es/admin/rates",
  "routes/admin/coupons.tsx": "/en/admin/coupons",
  "routes/admin/coupon-new.tsx": "/es/admin/coupons/new",
  "routes/admin/coupon-edit.tsx": "/es/admin/coupons/1",
  "routes/admin/slides.tsx": "/es/admin/slides",
  "routes/admin/slide-new.tsx": "/en/admin/slides/new",
  "routes/admin/slide-edit.tsx": "/es/admin/slides/1",
  "routes/admin/company.tsx": "/es/admin/company",
  "routes/admin/newsletter.tsx": "/en/admin/newsletter",
  "routes/admin/synonyms.tsx": "/es/admin/synonyms",
  "routes/admin/zones.tsx": "/en/admin/zones",
  "routes/admin/zone-edit.tsx": "/es/admin/zones/playa",
  "routes/admin/claims.tsx": "/es/admin/claims",
  "routes/admin/claim.tsx": "/en/admin/claims/1",
  "routes/admin/customers.tsx": "/es/admin/customers",
  "routes/admin/customer.tsx": "/en/admin/customers/1",
  "routes/order-claim.tsx": "/es/orders/abc/claim",
  "routes/admin/staff.tsx": "/en/admin/staff",
  "routes/two-factor.tsx": "/es/two-factor",
  "routes/two-factor-enrol.tsx": "/en/two-factor/enrol",
};

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("~/")
    ? path.join(APP, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * The message keys the browser side of a module can show: string literals that are keys (or, for
 * `ns.x.${y}`, key prefixes) in it and in everything it imports, server modules left out (what they
 * return as a key is the group's business, see page-messages.ts).
 */
function clientKeys(entry: string): { keys: Set<string>; prefixes: Set<string> } {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, "utf8");
    for (const [, key] of source.matchAll(/["'`]([a-zA-Z]+(?:\.\w+)+)["'`]/g)) {
      if (NAMESPACES.has(key.split(".")[0]) && Object.keys(es).some((k) => k === key || k.startsWith(`${key}_`))) {
        keys.add(key);
      }
    }
    for (const [, prefix] of source.matchAll(/`([a-zA-Z]+(?:\.\w+)*)\.\$\{/g)) {
      if (NAMESPACES.has(prefix.split(".")[0])) prefixes.add(prefix);
    }
    for (const match of source.matchAll(
      /(?:import|export)[^"';]*?from\s+["']([^"']+)["']|import\(["']([^"']+)["']\)/g,
    )) {
      const target = resolveImport(file, match[1] ?? match[2]);
      // Server modules, the catalogues and this configuration itself name keys they never show.
      if (target && !/\.server\.tsx?$|\/i18n\/(es|en|parts\/|page-messages)/.test(target)) stack.push(target);
    }
  }
  return { keys, prefixes };
}

describe("page messages (root loader: only what the page's group shows)", () => {
  it("lists every page route of app/routes", () => {
    // app/routes and the back office's folder (app/routes/admin, issue 12).
    const pages = ["routes", "routes/admin"].flatMap((dir) =>
      fs
        .readdirSync(path.join(APP, dir))
        .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx") && f !== "lang-layout.tsx")
        .map((f) => `${dir}/${f}`),
    );
    expect(pages.filter((p) => !(p in PAGES))).toEqual([]);
  });

  for (const [file, url] of Object.entries(PAGES)) {
    it(`${file} (${url}, group ${pageGroup(url)}) gets every key its components can show`, () => {
      const prefixes = groupPrefixes(pageGroup(url));
      // The root's own components render on every page: the shell must carry them.
      const used = clientKeys(path.join(APP, file));
      // The data-saver notice's keys come with a data-saver page, whatever its group.
      const missingKeys = [...used.keys].filter(
        (key) => !keyHasPrefix(key, prefixes) && !DATA_SAVER_ONLY.includes(key),
      );
      const missingPrefixes = [...used.prefixes].filter((prefix) =>
        Object.keys(es).some((key) => key.startsWith(`${prefix}.`) && !keyHasPrefix(key, prefixes)),
      );
      expect({ missingKeys, missingPrefixes }).toEqual({ missingKeys: [], missingPrefixes: [] });
    });
  }

  it("the shell carries what the root layout shows", () => {
    const rootKeys = clientKeys(path.join(APP, "root.tsx"));
    expect([...rootKeys.keys].filter((key) => !keyHasPrefix(key, SHELL) && !DATA_SAVER_ONLY.includes(key))).toEqual([]);
  });

  it("sends a static page far fewer messages than the catalogue, and a flash alert's key from any page", () => {
    const all = JSON.stringify(es).length;
    const about = getPageMessages("es", "/es/about-us");
    expect(JSON.stringify(about).length).toBeLessThan(all / 4);
    expect(
      about["staticPages.breadcrumb" as keyof typeof about] ??
        Object.keys(about).find((k) => k.startsWith("staticPages.")),
    ).toBeTruthy();
    expect(Object.keys(about).some((k) => k.startsWith("checkout."))).toBe(false);
    const withFlash = getPageMessages("es", "/es/about-us", ["cart.added"]);
    expect(withFlash["cart.added" as keyof typeof withFlash]).toBe(es["cart.added" as keyof typeof es]);
    expect(getPageMessages("es", "/es/checkout")["checkout.errors.emptyCart"]).toBe(es["checkout.errors.emptyCart"]);
  });

  it("puts the unprefixed account links in the accounts group, not the catalogue", () => {
    expect(pageGroup("/reset_password")).toBe("accounts");
    expect(pageGroup("/es")).toBe("home");
    expect(pageGroup("/es/")).toBe("home");
    expect(pageGroup("/en/shop/alimentos/arroz")).toBe("catalogue");
    expect(pageGroup("/es/no-such-page")).toBe("shell");
    expect(pageGroup("/es/admin")).toBe("admin");
    expect(pageGroup("/en/admin/audit")).toBe("admin");
  });

  it("issue 13: sends the home page only its sections' messages; a listing's cover the home page's", () => {
    const home = JSON.stringify(getPageMessages("es", "/es/")).length;
    const listing = JSON.stringify(getPageMessages("es", "/es/shop/alimentos")).length;
    expect(home).toBeLessThan(listing * 0.7);
    // From a listing back home the root loader need not run again; from home to a listing it must.
    expect(groupCovers("catalogue", "home")).toBe(true);
    expect(groupCovers("home", "catalogue")).toBe(false);
    expect(groupCovers("static", "home")).toBe(false);
  });
});
