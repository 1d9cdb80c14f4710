/**
 * Accounts (spec §4.2, §5, §7.5, §2.16; decision “Tokens in cookies”): sign-up with email activation, sign-in with tokens,
 * password reset by email, profile. The REST API (server/api/auth.ts, profile.ts) and the pages
 * call these same functions. Errors are translation keys per field; callers translate them.
 */
import { hash, verify } from "@node-rs/argon2";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, revokedSessions, users } from "~/db/schema/accounts";
import { enqueueEmail } from "~/features/outbox/outbox.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { type RateLimitResult, hitRateLimit } from "~/features/rate-limit/rate-limit.server";
import { type Language } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import {
  ACTIVATION_LIFETIME_SECONDS,
  RESET_LIFETIME_SECONDS,
  checkAccountToken,
  decodeUid,
  nowSeconds,
} from "./account-links.server";
import { ACCOUNT_ACTIVATION, ACCOUNT_RESET, type AccountEmailPayload } from "./emails.server";
import { type ProfileInput, type SignupInput, allOk, passwordChecks } from "./schemas";
import type { PublicUserDto, TokenPairDto } from "./types";
import {
  ACCESS_LIFETIME_SECONDS,
  REFRESH_LIFETIME_SECONDS,
  type TokenClaims,
  newSessionId,
  signToken,
  verifyToken,
} from "./tokens.server";

export type AccountsDeps = { db: Db; env: Env };
export type User = typeof users.$inferSelect;
/** Field name -> translation keys of its errors (the djoser `{"field": ["message"]}` shape). */
export type FieldErrors = Record<string, string[]>;
export type Result<T> = { ok: true; value: T } | { ok: false; status: 400 | 403; errors: FieldErrors };

/** argon2id with the library's defaults (OWASP's minimums or above). */
export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

/** Verified against this when the account does not exist, so timing does not tell (abuse). */
let dummyHash: Promise<string> | undefined;

/** The user's public fields (djoser's `users/me` and sign-up answer). */
export function publicUser(user: User): PublicUserDto {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
  };
}

/** The name the header greets a shopper by (§2.3): the first name, else the username. */
export function greetingName(user: Pick<User, "firstName" | "username">): string {
  return user.firstName || user.username;
}

export async function getUserById(db: Db, id: number): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

export async function getUserByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  return user ?? null;
}

/**
 * §7.5 `POST /auth/users/`: creates an inactive account and emails the activation link in the
 * shopper's language. The input has passed SignupSchema; this adds the uniqueness checks.
 */
export async function createUser(deps: AccountsDeps, input: SignupInput, lang: Language): Promise<Result<User>> {
  const { db } = deps;
  const errors: FieldErrors = {};
  const [emailTaken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (emailTaken) errors.email = ["accounts.errors.emailTaken"];
  const [nameTaken] = await db.select({ id: users.id }).from(users).where(eq(users.username, input.username)).limit(1);
  if (nameTaken) errors.username = ["accounts.errors.usernameTaken"];
  if (Object.keys(errors).length) return { ok: false, status: 400, errors };

  const passwordHash = await hashPassword(input.password);
  let user: User;
  try {
    // The account and its activation email are one write: the email exists only if the account
    // does, and the answer never waits for the mail server (the outbox sends it after commit).
    user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          username: input.username,
          firstName: input.first_name,
          lastName: input.last_name,
          passwordHash,
          isActive: false,
          language: lang,
        })
        .returning();
      await tx.insert(profiles).values({ userId: created.id }).onConflictDoNothing();
      const payload: AccountEmailPayload = { userId: created.id, issuedAt: nowSeconds() };
      await enqueueEmail(tx as unknown as Db, ACCOUNT_ACTIVATION, payload);
      return created;
    });
  } catch (error) {
    // Two sign-ups with the same email or username at the same moment: the unique index decides.
    if (isUniqueViolation(error)) {
      const field = String(uniqueConstraint(error)).includes("username") ? "username" : "email";
      return {
        ok: false,
        status: 400,
        errors: { [field]: [field === "email" ? "accounts.errors.emailTaken" : "accounts.errors.usernameTaken"] },
      };
    }
    throw error;
  }
  void outboxMailer(deps).flush();
  return { ok: true, value: user };
}

/** The constraint a unique violation names (drizzle wraps the driver's error in `cause`). */
function uniqueConstraint(error: unknown): string {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e.constraint ?? e.cause?.constraint ?? "";
}

export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string })?.code === "23505" || (error as { code?: string })?.code === "23505";
}

/**
 * §7.5 activation: 204 on success; 400 for a bad uid or token; 403 when the account is already
 * active (djoser's "stale token").
 */
export async function activateUser(deps: AccountsDeps, uid: string, token: string): Promise<Result<User>> {
  const id = decodeUid(uid);
  const user = id === null ? null : await getUserById(deps.db, id);
  // An unknown account answers exactly as a bad token does, so ids cannot be probed.
  if (!user) return { ok: false, status: 400, errors: { token: ["accounts.errors.invalidToken"] } };
  const asIssued = { ...user, isActive: false };
  if (!checkAccountToken(deps.env.SECRET_KEYS, "activation", asIssued, token, ACTIVATION_LIFETIME_SECONDS)) {
    return { ok: false, status: 400, errors: { token: ["accounts.errors.invalidToken"] } };
  }
  if (user.isActive) return { ok: false, status: 403, errors: { detail: ["accounts.errors.staleToken"] } };
  const [activated] = await deps.db.update(users).set({ isActive: true }).where(eq(users.id, user.id)).returning();
  return { ok: true, value: activated };
}

/**
 * Checks email and password. Null for an unknown email, a wrong password and an account not yet
 * activated alike (simplejwt: "No active account found"), in about the same time. "deactivated"
 * for an account the store deactivated (docs/features.md, "Customers"), told only to whoever knows its password.
 */
export async function authenticate(
  deps: AccountsDeps,
  email: string,
  password: string,
): Promise<User | "deactivated" | null> {
  const user = await getUserByEmail(deps.db, email);
  if (!user?.passwordHash) {
    dummyHash ??= hashPassword("not-a-real-password-0");
    await verify(await dummyHash, password).catch(() => false);
    return null;
  }
  const ok = await verify(user.passwordHash, password).catch(() => false);
  if (!ok) return null;
  if (user.deactivatedAt) return "deactivated";
  if (!user.isActive) return null;
  return user;
}

export type TokenPair = TokenPairDto;

/** Issues an access and a refresh token for a new sign-in session and records the sign-in. */
export async function issueTokens(deps: AccountsDeps, user: User): Promise<TokenPair> {
  await deps.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id));
  const secret = deps.env.SECRET_KEY;
  const sid = newSessionId();
  const [access, refresh] = await Promise.all([
    signToken(secret, "access", user, sid),
    signToken(secret, "refresh", user, sid),
  ]);
  return { access, refresh };
}

/**
 * The active user a token of `type` belongs to, or null: bad or expired token, deleted, not
 * activated or deactivated account (the store's `deactivatedAt`: every session stops at once), a
 * token from before the last password reset, or from a signed-out session.
 */
export async function getUserForToken(
  deps: AccountsDeps,
  token: string,
  type: "access" | "refresh",
): Promise<{ user: User; claims: TokenClaims } | null> {
  const claims = await verifyToken(deps.env.SECRET_KEYS, token, type);
  if (!claims) return null;
  const [row] = await deps.db
    .select({
      user: users,
      revoked: sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sid} = ${claims.sid})`,
    })
    .from(users)
    .where(eq(users.id, claims.userId))
    .limit(1);
  if (!row || row.revoked || !row.user.isActive || row.user.deactivatedAt) return null;
  if (row.user.tokenVersion !== claims.version) return null;
  return { user: row.user, claims };
}

/** §7.5 `jwt/refresh`: a new access token of the same session for a valid refresh token, else null. */
export async function refreshAccess(
  deps: AccountsDeps,
  refresh: string,
): Promise<{ access: string; user: User; sid: string } | null> {
  const found = await getUserForToken(deps, refresh, "refresh");
  if (!found) return null;
  const sid = found.claims.sid;
  return { access: await signToken(deps.env.SECRET_KEY, "access", found.user, sid), user: found.user, sid };
}

/**
 * Sign-out (simplejwt's blacklist): ends the session of these tokens, so that neither its
 * refresh token nor any access token of it works again, on the web or the API. Other sessions of
 * the same account go on. Tokens that do not verify end nothing. True when a session was ended.
 */
export async function revokeSession(deps: AccountsDeps, tokens: Array<string | null | undefined>): Promise<boolean> {
  let revoked = false;
  for (const token of tokens) {
    const claims = token ? await verifyToken(deps.env.SECRET_KEYS, token) : null;
    if (!claims) continue;
    // Kept as long as any token of the session could still be presented: its refresh token lives
    // at most REFRESH_LIFETIME from now, and an access token minted from it 15 minutes more.
    const expiresAt = new Date(Date.now() + (REFRESH_LIFETIME_SECONDS + ACCESS_LIFETIME_SECONDS) * 1000);
    await deps.db.insert(revokedSessions).values({ sid: claims.sid, expiresAt }).onConflictDoNothing();
    revoked = true;
  }
  // Housekeeping: sessions whose tokens have all expired need no entry.
  if (revoked) await deps.db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, new Date()));
  return revoked;
}

/**
 * §7.5 `reset_password`: emails a reset link when an active account has this email. Says nothing
 * either way (the caller answers 204 regardless), so it cannot be used to find accounts.
 */
export async function requestPasswordReset(deps: AccountsDeps, email: string): Promise<void> {
  const user = await getUserByEmail(deps.db, email);
  // A deactivated account gets no link either: a new password would not let it in.
  if (!user || !user.isActive || user.deactivatedAt) return;
  const payload: AccountEmailPayload = { userId: user.id, issuedAt: nowSeconds() };
  await enqueueEmail(deps.db, ACCOUNT_RESET, payload);
  // Not awaited: the answer must take as long for a registered email as for an unknown one.
  void outboxMailer(deps).flush();
}

/**
 * §7.5 `reset_password_confirm`: sets the new password when the link is valid (it works once:
 * the new password changes the token's state) and ends every earlier session (token version).
 * The new password must pass the §5 rules against the account's own data.
 */
export async function confirmPasswordReset(
  deps: AccountsDeps,
  input: { uid: string; token: string; new_password: string },
): Promise<Result<User>> {
  const id = decodeUid(input.uid);
  const user = id === null ? null : await getUserById(deps.db, id);
  // As for activation: an unknown account is told apart from a bad link by nothing; nor is a
  // deactivated one (a link sent before the store deactivated it brings nothing back).
  if (!user || user.deactivatedAt)
    return { ok: false, status: 400, errors: { token: ["accounts.errors.invalidToken"] } };
  if (!checkAccountToken(deps.env.SECRET_KEYS, "reset", user, input.token, RESET_LIFETIME_SECONDS)) {
    return { ok: false, status: 400, errors: { token: ["accounts.errors.invalidToken"] } };
  }
  // §5 against the account's own data: the server knows the names the browser does not.
  const personal = { username: user.username, firstName: user.firstName, lastName: user.lastName, email: user.email };
  if (!allOk(passwordChecks(input.new_password, personal))) {
    return { ok: false, status: 400, errors: { new_password: ["accounts.errors.password"] } };
  }
  const [updated] = await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.new_password), tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, user.id))
    .returning();
  return { ok: true, value: updated };
}

/** The five saved fields of §2.16 in the API's names. */
export type Profile = ProfileInput;

const EMPTY_PROFILE: Profile = { address: "", city: "", state_province_region: "", zipcode: "", phone: "" };

export async function getProfile(dbh: Db, userId: number): Promise<Profile> {
  const [row] = await dbh.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  if (!row) return { ...EMPTY_PROFILE };
  return {
    address: row.address,
    city: row.city,
    state_province_region: row.stateProvinceRegion,
    zipcode: row.zipcode,
    phone: row.phone,
  };
}

/**
 * §2.16 / §7.4 `PUT /api/profile/update`: saves only the five profile fields; a field that is
 * not given keeps its stored value.
 */
export async function updateProfile(dbh: Db, userId: number, input: Partial<Profile>): Promise<Profile> {
  const columns = {
    address: input.address,
    city: input.city,
    stateProvinceRegion: input.state_province_region,
    zipcode: input.zipcode,
    phone: input.phone,
  };
  const given = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  if (Object.keys(given).length > 0) {
    await dbh
      .insert(profiles)
      .values({ userId, ...given })
      .onConflictDoUpdate({ target: profiles.userId, set: given });
  }
  return getProfile(dbh, userId);
}

export type AuthAction = "signin" | "signup" | "activation" | "reset";

/**
 * The abuse policy of the account calls: at most AUTH_RATE_LIMIT requests per minute per
 * IP for each action, and as many per account (the email or uid it names), so that neither one
 * address nor many addresses against one account can guess passwords or flood mailboxes.
 * Pages and the API share it; both answer a refusal with 429 and `Retry-After`.
 */
export async function checkAuthRateLimit(
  deps: AccountsDeps,
  opts: { action: AuthAction; ip: string; account?: string },
): Promise<RateLimitResult> {
  const keys = [`auth:${opts.action}:ip:${opts.ip}`];
  // Control characters (NUL above all, which PostgreSQL text refuses) never name a real account.
  const account = opts.account
    ?.replace(/\p{Cc}/gu, "")
    .trim()
    .toLowerCase();
  if (account) keys.push(`auth:${opts.action}:account:${account}`);
  return hitRateLimit(deps.db, keys, { limit: deps.env.AUTH_RATE_LIMIT, windowSeconds: 60 });
}
