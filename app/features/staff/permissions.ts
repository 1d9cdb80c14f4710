/**
 * Who may do what in the back office (docs/decisions/016-staff-roles.md): the one table every admin
 * loader and action (through `requireStaff`), the admin navigation, the upload limit and the
 * guard test read. Plain data, no server code, so a page may ask it too.
 *
 * Each back-office section names the roles that may open its pages (`view`) and those that may
 * post to them (`change`). The owner may do everything and is never listed. A section's pages are
 * the admin routes whose path starts with its `path` (the longest match wins), which is how
 * admin-guard.test.ts knows what every route must answer for every role.
 *
 * Adding a section is one line in `SECTIONS`, e.g.
 *   claims: { path: "claims", view: ["dispatcher", "support"], change: ["dispatcher"] },
 * then `requireStaff(context, "claims")` in its loaders and `requireStaff(context, "claims", "change")`
 * in its actions.
 */

import type { users } from "~/db/schema/accounts";

/** The staff roles, most powerful first; "customer" is everyone else. */
export const STAFF_ROLES = ["owner", "manager", "dispatcher", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** The `users.role` column's values; the schema spells them out, this checks they agree. */
export type AccountRole = StaffRole | "customer";
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const rolesAgree: Same<AccountRole, (typeof users.$inferSelect)["role"]> = true;
void rolesAgree;

export type Verb = "view" | "change";
type Grant = { path: string; view: readonly StaffRole[]; change: readonly StaffRole[] };

const EVERYONE = ["manager", "dispatcher", "support"] as const;
const MANAGER = ["manager"] as const;
const NOBODY = [] as const;

export const SECTIONS = {
  dashboard: { path: "", view: EVERYONE, change: NOBODY },
  orders: { path: "orders", view: ["dispatcher", "support"], change: ["dispatcher"] },
  deliverySheets: { path: "orders/:transactionId/sheet", view: ["dispatcher"], change: ["dispatcher"] },
  claims: { path: "claims", view: ["dispatcher", "support"], change: ["dispatcher"] },
  sellers: { path: "sellers", view: NOBODY, change: NOBODY },
  products: { path: "products", view: MANAGER, change: MANAGER },
  categories: { path: "categories", view: MANAGER, change: MANAGER },
  rates: { path: "rates", view: MANAGER, change: MANAGER },
  coupons: { path: "coupons", view: MANAGER, change: MANAGER },
  slides: { path: "slides", view: MANAGER, change: MANAGER },
  company: { path: "company", view: MANAGER, change: MANAGER },
  newsletter: { path: "newsletter", view: NOBODY, change: NOBODY },
  synonyms: { path: "synonyms", view: MANAGER, change: MANAGER },
  zones: { path: "zones", view: MANAGER, change: MANAGER },
  // Support answers customers (docs/decisions/016-staff-roles.md: read-only orders and customers); only the owner
  // deactivates or reactivates an account.
  customers: { path: "customers", view: ["support"], change: NOBODY },
  staff: { path: "staff", view: NOBODY, change: NOBODY },
  audit: { path: "audit", view: NOBODY, change: NOBODY },
  // Business figures (docs/features.md, "Reports"): read-only, so nobody but the owner "changes" them.
  reports: { path: "reports", view: MANAGER, change: NOBODY },
} as const satisfies Record<string, Grant>;

export type Section = keyof typeof SECTIONS;

/** Sections whose forms upload images: their roles get the larger request bodies (server/uploads.ts). */
export const UPLOAD_SECTIONS: readonly Section[] = ["products", "categories", "slides", "company"];

export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role);
}

/** Whether `role` may `verb` the section: the owner always, anyone else when listed. */
export function can(role: string | null | undefined, section: Section, verb: Verb = "view"): boolean {
  if (!isStaffRole(role)) return false;
  if (role === "owner") return true;
  return (SECTIONS[section][verb] as readonly StaffRole[]).includes(role);
}

/** The sections `role` may open, in table order (the admin navigation filters by it). */
export function visibleSections(role: string | null | undefined): Section[] {
  return (Object.keys(SECTIONS) as Section[]).filter((section) => can(role, section));
}

/**
 * The section an admin path (relative to `/{lang}/admin`, `:param` segments as written in
 * app/routes.ts) belongs to: the one with the longest path that is a prefix of it by segments (a
 * download beside a page, `newsletter.csv`, goes with `newsletter`). The dashboard's "" matches only
 * itself, so a route no section claims is null, and the guard test fails until a line is added.
 */
export function sectionOfPath(path: string): Section | null {
  const segments = path.split("/").filter(Boolean);
  let best: { section: Section; length: number } | null = null;
  for (const [section, grant] of Object.entries(SECTIONS) as Array<[Section, Grant]>) {
    const own = grant.path.split("/").filter(Boolean);
    const same = (segment: string, i: number) => segment === segments[i] || segments[i]?.startsWith(`${segment}.`);
    const matches = own.length ? own.length <= segments.length && own.every(same) : !segments.length;
    if (matches && (!best || own.length > best.length)) best = { section, length: own.length };
  }
  return best?.section ?? null;
}

/** The message key naming a role as the audit log records it (a staff role, "cli", or "" when unknown). */
export function roleLabel(
  role: string,
): `admin.staff.role.${StaffRole}` | "admin.staff.role.cli" | "admin.staff.role.unknown" {
  if (isStaffRole(role)) return `admin.staff.role.${role}`;
  return role === "cli" ? "admin.staff.role.cli" : "admin.staff.role.unknown";
}
