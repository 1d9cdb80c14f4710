/**
 * The back office's sections, in the order of its navigation. Only sections that exist are listed:
 * whoever adds one (orders, sellers, catalogue, money, content) adds its route under `admin` in
 * app/routes.ts and one line here, with its `admin.nav.*` message.
 */
export type AdminSection = {
  /** Path under `/{lang}/admin`; "" is the dashboard. */
  path: string;
  label: "admin.nav.dashboard" | "admin.nav.audit";
};

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: "", label: "admin.nav.dashboard" },
  { path: "audit", label: "admin.nav.audit" },
];

/** `/{lang}/admin` or `/{lang}/admin/{path}`. */
export function adminPath(lang: string, path = ""): string {
  return path ? `/${lang}/admin/${path}` : `/${lang}/admin`;
}
