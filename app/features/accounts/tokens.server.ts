/**
 * JSON Web Tokens in the simplejwt shape (D6): HS256, `token_type` access or refresh, `user_id`,
 * `jti`, `exp`, `iat`, plus `ver`, the user's token version, which a password reset bumps so that
 * every token issued before it stops working (issue "Accounts", sessions), and `sid`, the sign-in
 * session both tokens of one sign-in share, which sign-out revokes (issue 9).
 */
import { randomUUID } from "node:crypto";
import { EncryptJWT, SignJWT, jwtDecrypt, jwtVerify } from "jose";

/** Short-lived: a stolen access token is useful for minutes; the page session renews it. */
export const ACCESS_LIFETIME_SECONDS = 15 * 60;
export const REFRESH_LIFETIME_SECONDS = 14 * 24 * 60 * 60;

export type TokenType = "access" | "refresh";
export type TokenClaims = { userId: number; version: number; type: TokenType; expiresAt: number; sid: string };

/** A new sign-in session id: random, unguessable. */
export const newSessionId = () => randomUUID().replaceAll("-", "");

const encoder = new TextEncoder();
const keys = new Map<string, Uint8Array>();

/** A key per purpose derived from SECRET_KEY, so a token of one kind can never pass as another. */
function keyFor(secret: string, purpose: string): Uint8Array {
  const id = `${purpose}:${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = encoder.encode(`${purpose}:${secret}`);
    keys.set(id, key);
  }
  return key;
}

export async function signToken(
  secret: string,
  type: TokenType,
  user: { id: number; tokenVersion: number },
  sid: string,
) {
  const lifetime = type === "access" ? ACCESS_LIFETIME_SECONDS : REFRESH_LIFETIME_SECONDS;
  return new SignJWT({ token_type: type, user_id: user.id, ver: user.tokenVersion, sid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setJti(randomUUID().replaceAll("-", ""))
    .setExpirationTime(`${lifetime}s`)
    .sign(keyFor(secret, "jwt"));
}

/** The claims of a valid, unexpired token of `type`, or null (bad signature, expired, wrong type). */
export async function verifyToken(secret: string, token: string, type?: TokenType): Promise<TokenClaims | null> {
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, keyFor(secret, "jwt"), { algorithms: ["HS256"] });
    const tokenType = payload.token_type;
    if (tokenType !== "access" && tokenType !== "refresh") return null;
    if (type && tokenType !== type) return null;
    const { user_id: userId, ver: version, exp: expiresAt, sid } = payload;
    if (typeof userId !== "number" || typeof version !== "number" || typeof expiresAt !== "number") return null;
    // Every token names its session (issue 9); one without cannot be revoked, so it is refused.
    if (typeof sid !== "string" || !/^[0-9a-f]{32}$/.test(sid)) return null;
    return { userId, version, type: tokenType, expiresAt, sid };
  } catch {
    return null;
  }
}

/**
 * Opaque, tamper-proof and confidential short-lived data for a round trip through a browser (the
 * Google sign-in `state`, which carries the PKCE verifier): an encrypted JWT (dir, A256GCM).
 */
export async function sealData(secret: string, data: Record<string, unknown>, lifetimeSeconds: number) {
  return new EncryptJWT(data)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(`${lifetimeSeconds}s`)
    .encrypt(await sealKey(secret));
}

export async function unsealData(secret: string, sealed: string): Promise<Record<string, unknown> | null> {
  if (!sealed || sealed.length > 4096) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, await sealKey(secret));
    return payload;
  } catch {
    return null;
  }
}

async function sealKey(secret: string): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(`seal:${secret}`));
  return new Uint8Array(digest);
}
