/**
 * Staff accounts (decision “The back office”, roles in decision 016): the accounts that run the
 * back office, each with one staff role (app/features/staff/permissions.ts), managed from the
 * command line (`npm run operator`, scripts/operator.ts) and by owners on the staff page
 * (app/routes/admin/staff.tsx). Each change and its audit entry commit together.
 *
 * - `createOperator` makes an active account with a staff role (no activation email: the person
 *   running the command, or the owner, vouches for the address), with a §5 username derived from
 *   the email and the given password (checked against the §5 rules) or a generated one, returned once.
 * - `grantOperator` gives an existing, active account a staff role, or another one; `revokeOperator`
 *   makes a staff member a customer again. The last active owner can be neither demoted nor
 *   revoked, so the store cannot lock itself out of its staff page: make another owner first.
 * - A changed role applies at once, open sessions included: the session reads the account row
 *   from the database on every request (accounts.server.ts `getUserForToken`) and the guard checks
 *   that row's role; nothing about the role is kept in the tokens.
 *
 * Errors are translation keys per field, like the rest of the accounts code (`Result`).
 */
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, inArray, like, sql } from "drizzle-orm";
import { type Db, isEmbedded } from "~/db/client.server";
import { profiles, users } from "~/db/schema/accounts";
import {
  type Result,
  type User,
  getUserByEmail,
  hashPassword,
  isUniqueViolation,
} from "~/features/accounts/accounts.server";
import {
  EmailSchema,
  FIELD_MAX,
  PASSWORD_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
  allOk,
  passwordChecks,
  usernameChecks,
} from "~/features/accounts/schemas";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { STAFF_ROLES, type StaffRole, isStaffRole } from "~/features/staff/permissions";

/** The actor of the command line's changes: no account, the OS user who ran it when known. */
export function cliActor(osUser?: string | null): AuditActor {
  return { id: null, email: osUser ? `cli:${osUser}` : "cli", role: "cli" };
}

export const OPERATOR_ERRORS = {
  unknownEmail: "admin.operators.errors.unknownEmail",
  alreadyOperator: "admin.operators.errors.alreadyOperator",
  notOperator: "admin.operators.errors.notOperator",
  inactive: "admin.operators.errors.inactive",
  lastOwner: "admin.operators.errors.lastOwner",
  role: "admin.operators.errors.role",
  noUsername: "admin.operators.errors.noUsername",
} as const;

/** Any fixed number: serialises role changes on PostgreSQL, so two cannot remove the last two owners. */
const OPERATORS_LOCK = 5_355_512_346;

const fail = (field: string, key: string): { ok: false; status: 400; errors: Record<string, string[]> } => ({
  ok: false,
  status: 400,
  errors: { [field]: [key] },
});

/** The role-relevant fields of an account, as the audit log shows them (never the hash). */
const auditView = (user: User) => ({
  email: user.email,
  username: user.username,
  firstName: user.firstName,
  lastName: user.lastName,
  isActive: user.isActive,
  role: user.role,
});

/** A password for an account created without one: 144 random bits, 24 URL-safe characters. */
export function generatePassword(personal: Parameters<typeof passwordChecks>[1] = {}): string {
  for (;;) {
    const password = randomBytes(18).toString("base64url");
    if (allOk(passwordChecks(password, personal))) return password;
  }
}

/**
 * A §5 username from the email's local part: lower-cased, accents removed, anything but letters,
 * digits, `-` and `_` turned into `_`, starting with a letter or digit, 3 to 30 characters; a
 * number is added when it is taken (`ana`, `ana2`, `ana3`…). Null if none is free.
 */
export async function usernameFromEmail(db: Db, email: string): Promise<string | null> {
  const local = (email.split("@")[0] ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "_")
    .replace(/^[^a-z0-9]+/, "")
    .replace(/[_-]+$/, "");
  let base = local.slice(0, USERNAME_MAX);
  if (base.length < USERNAME_MIN) base = base ? `${base}-operador` : "operador";
  const taken = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(like(users.username, `${base.slice(0, USERNAME_MAX - 4).replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
    ).map((row) => row.username),
  );
  for (let n = 1; n < 10_000; n++) {
    const suffix = n === 1 ? "" : String(n);
    const candidate = base.slice(0, USERNAME_MAX - suffix.length) + suffix;
    if (!taken.has(candidate) && allOk(usernameChecks(candidate))) return candidate;
  }
  return null;
}

export type CreateOperatorOptions = { password?: string; firstName?: string; lastName?: string; role?: StaffRole };

/**
 * A new active staff account, an owner unless `opts.role` says otherwise. With no password, a strong one is generated and returned (shown
 * once by the command, never stored in clear). Errors: a malformed email, an email already
 * registered (use `grantOperator`), a password that breaks the §5 rules, names too long.
 */
export async function createOperator(
  deps: { db: Db },
  email: string,
  opts: CreateOperatorOptions = {},
  actor: AuditActor = cliActor(),
): Promise<Result<{ user: User; generatedPassword: string | null }>> {
  const { db } = deps;
  const parsedEmail = EmailSchema.safeParse(email);
  if (!parsedEmail.success) return fail("email", parsedEmail.error.issues[0]?.message ?? "accounts.errors.email");
  const address = parsedEmail.data;
  const role = opts.role ?? "owner";
  if (!isStaffRole(role)) return fail("role", OPERATOR_ERRORS.role);
  const firstName = (opts.firstName ?? "").trim();
  const lastName = (opts.lastName ?? "").trim();
  if (firstName.length > FIELD_MAX.first_name || firstName.includes("\u0000"))
    return fail("first_name", "accounts.errors.tooLong");
  if (lastName.length > FIELD_MAX.last_name || lastName.includes("\u0000"))
    return fail("last_name", "accounts.errors.tooLong");
  if (await getUserByEmail(db, address)) return fail("email", "accounts.errors.emailTaken");
  const username = await usernameFromEmail(db, address);
  if (!username) return fail("username", OPERATOR_ERRORS.noUsername);

  const personal = { username, firstName, lastName, email: address };
  let password = opts.password;
  let generatedPassword: string | null = null;
  if (password === undefined) {
    password = generatedPassword = generatePassword(personal);
  } else if (password.length > PASSWORD_MAX) {
    return fail("password", "accounts.errors.tooLong");
  } else if (!allOk(passwordChecks(password, personal))) {
    return fail("password", "accounts.errors.password");
  }
  const passwordHash = await hashPassword(password);

  try {
    const user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ email: address, username, firstName, lastName, passwordHash, isActive: true, role })
        .returning();
      await tx.insert(profiles).values({ userId: created.id }).onConflictDoNothing();
      await recordAudit(tx as unknown as Db, {
        actor,
        action: "operator.create",
        entity: "user",
        entityId: created.id,
        before: null,
        after: auditView(created),
      });
      return created;
    });
    return { ok: true, value: { user, generatedPassword } };
  } catch (error) {
    // The same email or username created at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return fail("email", "accounts.errors.emailTaken");
    throw error;
  }
}

/**
 * Whether taking the owner role from `user` would leave no active owner. On PostgreSQL the
 * advisory lock makes count-then-update atomic; PGlite runs one transaction at a time.
 */
async function isLastOwner(tx: Db, user: User): Promise<boolean> {
  if (!isEmbedded(tx)) await tx.execute(sql`select pg_advisory_xact_lock(${OPERATORS_LOCK})`);
  if (user.role !== "owner" || !user.isActive) return false;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "owner"), eq(users.isActive, true)));
  return Number(n) <= 1;
}

/**
 * Gives an existing, active account the staff role `role` (an owner by default), or moves a staff
 * member to another role; the last active owner keeps theirs.
 */
export async function grantOperator(
  db: Db,
  email: string,
  actor: AuditActor,
  role: StaffRole = "owner",
): Promise<Result<User>> {
  const address = email.trim().toLowerCase();
  if (!isStaffRole(role)) return fail("role", OPERATOR_ERRORS.role);
  return db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [user] = await tx.select().from(users).where(eq(users.email, address)).limit(1).for("update");
    if (!user) return fail("email", OPERATOR_ERRORS.unknownEmail);
    if (user.role === role) return fail("email", OPERATOR_ERRORS.alreadyOperator);
    const wasStaff = isStaffRole(user.role);
    if (!wasStaff && !user.isActive) return fail("email", OPERATOR_ERRORS.inactive);
    if (await isLastOwner(handle, user)) return fail("role", OPERATOR_ERRORS.lastOwner);
    const [updated] = await tx.update(users).set({ role }).where(eq(users.id, user.id)).returning();
    await recordAudit(handle, {
      actor,
      action: wasStaff ? "operator.role" : "operator.grant",
      entity: "user",
      entityId: user.id,
      before: auditView(user),
      after: auditView(updated),
    });
    return { ok: true as const, value: updated };
  });
}

/** Makes a staff member a customer again; refused for the last active owner. */
export async function revokeOperator(db: Db, email: string, actor: AuditActor): Promise<Result<User>> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    const [user] = await tx.select().from(users).where(eq(users.email, address)).limit(1).for("update");
    if (!user) return fail("email", OPERATOR_ERRORS.unknownEmail);
    if (!isStaffRole(user.role)) return fail("email", OPERATOR_ERRORS.notOperator);
    if (await isLastOwner(handle, user)) return fail("email", OPERATOR_ERRORS.lastOwner);
    const [updated] = await tx.update(users).set({ role: "customer" }).where(eq(users.id, user.id)).returning();
    await recordAudit(handle, {
      actor,
      action: "operator.revoke",
      entity: "user",
      entityId: user.id,
      before: auditView(user),
      after: auditView(updated),
    });
    return { ok: true as const, value: updated };
  });
}

export type OperatorSummary = Pick<User, "id" | "email" | "username" | "firstName" | "lastName" | "isActive"> & {
  role: StaffRole;
  lastLogin: Date | null;
};

/** Every account with a staff role, by email. */
export async function listOperators(db: Db): Promise<OperatorSummary[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      role: users.role,
      lastLogin: users.lastLogin,
    })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(asc(users.email));
  return rows.map((row) => ({
    ...row,
    role: row.role as StaffRole,
    lastLogin: row.lastLogin ? new Date(row.lastLogin) : null,
  }));
}
