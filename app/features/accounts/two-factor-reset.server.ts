/**
 * A staff member's lost device (docs/decisions/017-staff-two-factor.md): an owner on the staff page, or
 * the command line (`npm run operator -- reset-2fa EMAIL`), forgets the member's two-factor secret,
 * recovery codes and verified sessions, audited as `staff.totp_reset` with the acting role. The
 * member enrols again on the next back-office visit. An owner who lost both the device and the
 * recovery codes is reset by another owner or from the command line.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { isStaffRole } from "~/features/staff/permissions";
import type { Result, User } from "./accounts.server";
import { OPERATOR_ERRORS } from "./operators.server";
import { resetSecondFactor } from "./two-factor.server";

export async function resetStaffTwoFactor(db: Db, email: string, actor: AuditActor): Promise<Result<User>> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [user] = await tx.select().from(users).where(eq(users.email, address)).limit(1);
    if (!user) return { ok: false, status: 400, errors: { email: [OPERATOR_ERRORS.unknownEmail] } };
    if (!isStaffRole(user.role)) return { ok: false, status: 400, errors: { email: [OPERATOR_ERRORS.notOperator] } };
    const hadSecret = await resetSecondFactor(handle, user.id);
    await recordAudit(handle, {
      actor,
      action: "staff.totp_reset",
      entity: "user",
      entityId: user.id,
      before: { email: user.email, role: user.role, twoFactor: hadSecret },
      after: { email: user.email, role: user.role, twoFactor: false },
    });
    return { ok: true as const, value: user };
  });
}
