/**
 * The emailed account links (§7.5): activation `{PUBLIC_URL}/activate/{uid}/{token}` and password
 * reset `{PUBLIC_URL}/password/reset/confirm/{uid}/{token}`. Kept apart from accounts.server.ts so
 * that the outbox's renderer (emails.server.ts) builds a link without the account commands.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { users } from "~/db/schema/accounts";
import type { Env } from "~/utils/env.server";
import { type Secrets, secretList } from "./tokens.server";
import { parseRowId } from "~/utils/ids";

type User = typeof users.$inferSelect;

export const ACTIVATION_LIFETIME_SECONDS = 3 * 24 * 3600;
export const RESET_LIFETIME_SECONDS = 24 * 3600;

export type AccountLinkPurpose = "activation" | "reset";

/** djoser's uid: the user id, base64url-encoded. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString("base64url");

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, "base64url").toString("utf8");
  return /^\d+$/.test(text) ? parseRowId(text) : null;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

function mac(secret: string, purpose: AccountLinkPurpose, user: User, ts: string): string {
  // An activation link stays recognisable after sign-ins (a second click says 'already active');
  // a reset link dies at the next sign-in, as in Django.
  const lastLogin = purpose === "reset" ? (user.lastLogin?.getTime() ?? "") : "";
  const state = [purpose, user.id, user.email, user.passwordHash ?? "", user.isActive, lastLogin, ts];
  return createHmac("sha256", `account-token:${secret}`).update(state.join("|")).digest("base64url").slice(0, 32);
}

/**
 * A one-purpose token in the manner of Django's PasswordResetTokenGenerator: a timestamp and an
 * HMAC over the account's state, with the signing (first) secret. Activating the account,
 * changing the password or signing in changes that state, so each link works once.
 */
export function accountToken(secrets: Secrets, purpose: AccountLinkPurpose, user: User, issuedAt: number): string {
  const ts = issuedAt.toString(36);
  return `${ts}-${mac(secretList(secrets)[0], purpose, user, ts)}`;
}

/** Whether `token` is a live link of `purpose` for `user`, signed with any of the secrets (rotation). */
export function checkAccountToken(
  secrets: Secrets,
  purpose: AccountLinkPurpose,
  user: User,
  token: string,
  lifetime: number,
): boolean {
  const match = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return false;
  const issuedAt = parseInt(match[1], 36);
  const now = nowSeconds();
  if (!(issuedAt <= now + 60 && now - issuedAt <= lifetime)) return false;
  const given = Buffer.from(match[2]);
  return secretList(secrets).some((secret) => {
    const expected = Buffer.from(mac(secret, purpose, user, match[1]));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** The emailed link of `purpose` for `user`, issued at `issuedAt` (seconds). */
export function accountLink(
  env: Pick<Env, "PUBLIC_URL" | "SECRET_KEYS">,
  purpose: AccountLinkPurpose,
  user: User,
  issuedAt: number,
): string {
  const token = accountToken(env.SECRET_KEYS, purpose, user, issuedAt);
  const path = purpose === "activation" ? "activate" : "password/reset/confirm";
  return `${env.PUBLIC_URL}/${path}/${encodeUid(user.id)}/${token}`;
}
