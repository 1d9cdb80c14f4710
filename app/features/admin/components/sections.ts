/**
 * The back office's sections, in the order of its navigation: whoever adds one adds its route
 * under `admin` in app/routes.ts and one line here, with its `admin.nav.*` message.
 */
export type AdminSection = {
  /** Path under `/{lang}/admin`; "" is the dashboard. */
  path: string;
  label:
    | "admin.nav.dashboard"
    | "admin.nav.orders"
    | "admin.nav.sellers"
    | "admin.nav.products"
    | "admin.nav.categories"
    | "admin.nav.rates"
    | "admin.nav.coupons"
    | "admin.nav.slides"
    | "admin.nav.company"
    | "admin.nav.newsletter"
    | "admin.nav.synonyms"
    | "admin.nav.zones"
    | "admin.nav.claims"
    | "admin.nav.audit";
};

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: "", label: "admin.nav.dashboard" },
  { path: "orders", label: "admin.nav.orders" },
  { path: "sellers", label: "admin.nav.sellers" },
  { path: "products", label: "admin.nav.products" },
  { path: "categories", label: "admin.nav.categories" },
  { path: "rates", label: "admin.nav.rates" },
  { path: "coupons", label: "admin.nav.coupons" },
  { path: "slides", label: "admin.nav.slides" },
  { path: "company", label: "admin.nav.company" },
  { path: "newsletter", label: "admin.nav.newsletter" },
  { path: "synonyms", label: "admin.nav.synonyms" },
  { path: "zones", label: "admin.nav.zones" },
  { path: "claims", label: "admin.nav.claims" },
  { path: "audit", label: "admin.nav.audit" },
];

/** `/{lang}/admin` or `/{lang}/admin/{path}`. */
export function adminPath(lang: string, path = ""): string {
  return path ? `/${lang}/admin/${path}` : `/${lang}/admin`;
}
