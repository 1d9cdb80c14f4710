/**
 * The account commands both doors call (the /auth API in server/api/auth.ts and the account pages
 * in app/routes): each applies the abuse limit and the §5 rules itself, then runs the account
 * function of accounts.server.ts. A caller passes what was sent and maps the result to its answer.
 */
import type { Language } from "~/i18n/languages";
import {
  type AccountsDeps,
  type AuthAction,
  type FieldErrors,
  type User,
  activateUser,
  authenticate,
  checkAuthRateLimit,
  confirmPasswordReset,
  createUser,
  requestPasswordReset,
} from "./accounts.server";
import { GoogleSignInError, googleSignIn } from "./google.server";
import {
  ActivationSchema,
  LoginSchema,
  ResetConfirmSchema,
  ResetRequestSchema,
  SignupSchema,
  fieldErrors,
} from "./schemas";

/** Who is asking: the client's address, counted by the abuse limit. */
export type Caller = { ip: string };

/** Sent values as read from a JSON body or a form. */
type Sent = Record<string, unknown>;

type Done<T> = { ok: true; value: T };
/** Over AUTH_RATE_LIMIT: answered with 429 and `Retry-After`. */
export type RateLimited = { ok: false; reason: "rateLimited"; retryAfterSeconds: number };
/** A §5 rule or a required field fails: the first message key per field. */
export type Invalid = { ok: false; reason: "invalid"; errors: Record<string, string> };
/** The account function refused (taken email, bad link, already active): its status and field errors. */
export type Rejected = { ok: false; reason: "rejected"; status: 400 | 403; errors: FieldErrors };

/** The email or uid a request names, as the per-account limit counts it. */
const accountOf = (value: unknown) => (typeof value === "string" ? value.slice(0, 254) : undefined);

async function limit(
  deps: AccountsDeps,
  caller: Caller,
  action: AuthAction,
  account: unknown,
): Promise<RateLimited | null> {
  const result = await checkAuthRateLimit(deps, { action, ip: caller.ip, account: accountOf(account) });
  return result.ok ? null : { ok: false, reason: "rateLimited", retryAfterSeconds: result.retryAfterSeconds };
}

/** §7.5 sign-up: an inactive account and its activation email in `lang`. */
export async function signUp(
  deps: AccountsDeps,
  caller: Caller,
  sent: Sent,
  lang: Language,
): Promise<Done<User> | RateLimited | Invalid | Rejected> {
  const limited = await limit(deps, caller, "signup", sent.email);
  if (limited) return limited;
  const parsed = SignupSchema.safeParse(sent);
  if (!parsed.success) return { ok: false, reason: "invalid", errors: fieldErrors(parsed.error) };
  const result = await createUser(deps, parsed.data, lang);
  return result.ok ? result : { ok: false, reason: "rejected", status: result.status, errors: result.errors };
}

/** §7.5 activation with the uid and token of the emailed link. */
export async function activate(
  deps: AccountsDeps,
  caller: Caller,
  sent: Sent,
): Promise<Done<User> | RateLimited | Invalid | Rejected> {
  const limited = await limit(deps, caller, "activation", sent.uid);
  if (limited) return limited;
  const parsed = ActivationSchema.safeParse(sent);
  if (!parsed.success) return { ok: false, reason: "invalid", errors: fieldErrors(parsed.error) };
  const result = await activateUser(deps, parsed.data.uid, parsed.data.token);
  return result.ok ? result : { ok: false, reason: "rejected", status: result.status, errors: result.errors };
}

/**
 * Sign-in by email and password: the user, or `noActiveAccount` (unknown, wrong or not activated
 * alike), or `deactivated` when the password is right but the store deactivated the account.
 */
export async function signIn(
  deps: AccountsDeps,
  caller: Caller,
  sent: Sent,
): Promise<Done<User> | RateLimited | Invalid | { ok: false; reason: "noActiveAccount" | "deactivated" }> {
  const limited = await limit(deps, caller, "signin", sent.email);
  if (limited) return limited;
  const parsed = LoginSchema.safeParse(sent);
  if (!parsed.success) return { ok: false, reason: "invalid", errors: fieldErrors(parsed.error) };
  const user = await authenticate(deps, parsed.data.email, parsed.data.password);
  if (user === "deactivated") return { ok: false, reason: "deactivated" };
  return user ? { ok: true, value: user } : { ok: false, reason: "noActiveAccount" };
}

/**
 * §7.5 `reset_password`: on success, `send` emails the reset link when an active account has the
 * email. The caller decides whether to wait for it (the API answers first, so timing tells nothing).
 */
export async function askPasswordReset(
  deps: AccountsDeps,
  caller: Caller,
  sent: Sent,
): Promise<Done<{ send: () => Promise<void> }> | RateLimited | Invalid> {
  const limited = await limit(deps, caller, "reset", sent.email);
  if (limited) return limited;
  const parsed = ResetRequestSchema.safeParse(sent);
  if (!parsed.success) return { ok: false, reason: "invalid", errors: fieldErrors(parsed.error) };
  const email = parsed.data.email;
  return { ok: true, value: { send: () => requestPasswordReset(deps, email) } };
}

/** §7.5 `reset_password_confirm`: the new password, held to the §5 rules against the account's data. */
export async function resetPassword(
  deps: AccountsDeps,
  caller: Caller,
  sent: Sent,
): Promise<Done<User> | RateLimited | Invalid | Rejected> {
  const limited = await limit(deps, caller, "reset", sent.uid);
  if (limited) return limited;
  const parsed = ResetConfirmSchema.safeParse(sent);
  if (!parsed.success) return { ok: false, reason: "invalid", errors: fieldErrors(parsed.error) };
  const result = await confirmPasswordReset(deps, parsed.data);
  return result.ok ? result : { ok: false, reason: "rejected", status: result.status, errors: result.errors };
}

/**
 * Sign-in with Google's `state` and `code`: the user, created active on first sign-in. `failed`
 * carries what went wrong: a GoogleSignInError (also when either value is missing), or the error
 * of an issuer that could not be used.
 */
export async function signInWithGoogle(
  deps: AccountsDeps,
  caller: Caller,
  sent: { state: string; code: string },
  lang: Language,
): Promise<Done<User> | RateLimited | { ok: false; reason: "failed"; error: unknown }> {
  const limited = await limit(deps, caller, "signin", undefined);
  if (limited) return limited;
  try {
    if (!sent.state || !sent.code)
      throw new GoogleSignInError(sent.state ? "accounts.errors.googleFailed" : "accounts.errors.googleState");
    return { ok: true, value: await googleSignIn(deps, sent, lang) };
  } catch (error) {
    return { ok: false, reason: "failed", error };
  }
}
