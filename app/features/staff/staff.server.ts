/**
 * The staff page's commands (docs/decisions/016-staff-roles.md). The rules live with the accounts
 * they change (app/features/accounts/operators.server.ts: roles, the last owner, the audit entry);
 * this module only chooses between them for the page and shapes their answers for a form.
 */
import type { Db } from "~/db/client.server";
import { type Result, type User, getUserByEmail } from "~/features/accounts/accounts.server";
import { createOperator, grantOperator, revokeOperator } from "~/features/accounts/operators.server";
import type { AuditActor } from "~/features/audit/audit.server";
import type { StaffRole } from "./permissions";
import type { StaffAddInput } from "./schemas";

/** A refused command as the form shows it: each field's first error key. */
export function firstErrors(result: Extract<Result<unknown>, { ok: false }>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(result.errors).flatMap(([field, keys]) => (keys[0] ? [[field, keys[0]]] : [])),
  );
}

/**
 * Adds a staff member: an existing account (found by email) gets the role; an unknown email gets
 * a new active account with a generated password, returned once for the owner to hand over.
 */
export async function addStaff(
  db: Db,
  actor: AuditActor,
  input: StaffAddInput,
): Promise<Result<{ user: User; generatedPassword: string | null }>> {
  if (await getUserByEmail(db, input.email)) {
    const granted = await grantOperator(db, input.email, actor, input.role);
    return granted.ok ? { ok: true, value: { user: granted.value, generatedPassword: null } } : granted;
  }
  return createOperator(
    { db },
    input.email,
    { role: input.role, firstName: input.first_name, lastName: input.last_name },
    actor,
  );
}

/** Gives a staff member another role (never the last active owner's). */
export async function changeStaffRole(
  db: Db,
  actor: AuditActor,
  email: string,
  role: StaffRole,
): Promise<Result<User>> {
  const user = await getUserByEmail(db, email);
  if (!user || user.role === "customer")
    return { ok: false, status: 400, errors: { email: ["admin.operators.errors.notOperator"] } };
  return grantOperator(db, email, actor, role);
}

/** Takes a staff member's rights away (never the last active owner's). */
export function removeStaff(db: Db, actor: AuditActor, email: string): Promise<Result<User>> {
  return revokeOperator(db, email, actor);
}
