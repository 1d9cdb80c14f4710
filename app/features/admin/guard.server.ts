/**
 * The back office's door (decision “The back office”, roles in decision 016): every admin page,
 * action and API call starts here, on the server. Someone whose role may not use a section learns
 * nothing: pages answer the site's ordinary 404 and change nothing. Cross-site posts are already
 * refused for every route by the session middleware. Who may use what is the permission table
 * (app/features/staff/permissions.ts); nothing about the role is kept in the tokens: the session
 * reads the account row on every request, so a changed role applies at once.
 */
import { data, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "~/context";
import type { User } from "~/features/accounts/accounts.server";
import type { AuditActor } from "~/features/audit/audit.server";
import {
  type Section,
  type StaffRole,
  type Verb,
  UPLOAD_SECTIONS,
  can,
  isStaffRole,
} from "~/features/staff/permissions";

export type Staff = User & { role: StaffRole };

/** An active account with a staff role: it may open the back office (some of it). */
export function isStaff(user: User | null | undefined): user is Staff {
  return !!user && user.isActive && isStaffRole(user.role);
}

/** Whether `user` may `verb` `section` (an inactive account may do nothing). */
export function staffCan(user: User | null | undefined, section: Section, verb: Verb = "view"): boolean {
  return isStaff(user) && can(user.role, section, verb);
}

/** Whether `user` may post the larger upload bodies: a role that may change a section with images. */
export function mayUpload(user: User | null | undefined): boolean {
  return UPLOAD_SECTIONS.some((section) => staffCan(user, section, "change"));
}

/** The audit log's actor for a staff member: account, email and the role it acted with. */
export function staffActor(user: Staff): AuditActor {
  return { id: user.id, email: user.email, role: user.role };
}

/**
 * For admin loaders (`verb` "view") and actions ("change"): the request's context with its staff
 * member and audit actor, or a thrown 404 when the role may not. A staff member whose sign-in
 * session has not passed the second factor (decision 017) is sent to enrol or enter a code first,
 * whatever the page or action.
 */
export function requireStaff(
  context: Readonly<RouterContextProvider>,
  section: Section,
  verb: Verb = "view",
): AppContext & { user: Staff; actor: AuditActor } {
  const app = context.get(appContext);
  if (!isStaff(app.user)) throw data(null, { status: 404 });
  if (app.secondFactor?.state !== "verified") throw redirect(app.secondFactor?.redirectTo ?? "/es/two-factor");
  if (!can(app.user.role, section, verb)) throw data(null, { status: 404 });
  return { ...app, user: app.user, actor: staffActor(app.user) } as AppContext & { user: Staff; actor: AuditActor };
}
