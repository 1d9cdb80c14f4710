import { SECTIONS, type Section } from "~/features/staff/permissions";

/**
 * The back office's sections, in the order of its navigation: whoever adds one adds its route
 * under `admin` in app/routes.ts, its line in the permission table (app/features/staff/permissions.ts)
 * and one line here, with its `admin.nav.*` message. The layout shows a role only what it may open.
 */
type NavEntry = {
  /** Its line in the permission table, which also gives its path. */
  section: Section;
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
    | "admin.nav.customers"
    | "admin.nav.staff"
    | "admin.nav.audit"
    | "admin.nav.reports";
};

/** A navigation entry with its path under `/{lang}/admin` ("" is the dashboard). */
export type AdminSection = NavEntry & { path: string };

const NAV: readonly NavEntry[] = [
  { section: "dashboard", label: "admin.nav.dashboard" },
  { section: "orders", label: "admin.nav.orders" },
  { section: "reports", label: "admin.nav.reports" },
  { section: "sellers", label: "admin.nav.sellers" },
  { section: "products", label: "admin.nav.products" },
  { section: "categories", label: "admin.nav.categories" },
  { section: "rates", label: "admin.nav.rates" },
  { section: "coupons", label: "admin.nav.coupons" },
  { section: "slides", label: "admin.nav.slides" },
  { section: "company", label: "admin.nav.company" },
  { section: "newsletter", label: "admin.nav.newsletter" },
  { section: "synonyms", label: "admin.nav.synonyms" },
  { section: "zones", label: "admin.nav.zones" },
  { section: "claims", label: "admin.nav.claims" },
  { section: "customers", label: "admin.nav.customers" },
  { section: "staff", label: "admin.nav.staff" },
  { section: "audit", label: "admin.nav.audit" },
];

export const ADMIN_SECTIONS: readonly AdminSection[] = NAV.map((entry) => ({
  ...entry,
  path: SECTIONS[entry.section].path,
}));

/** `/{lang}/admin` or `/{lang}/admin/{path}`. */
export function adminPath(lang: string, path = ""): string {
  return path ? `/${lang}/admin/${path}` : `/${lang}/admin`;
}
