/**
 * JSON Web Tokens in the simplejwt shape (decision “Tokens in cookies”): HS256, `token_type` access or refresh, `user_id`,
 * `jti`, `exp`, `iat`, plus `ver`, the user's token version, which a password reset bumps so that
 * every token issued before it stops working (issue "Accounts", sessions), and `sid`, the sign-in
 * session both tokens of one sign-in share, which sign-out revokes.
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

/**
 * The secrets tokens are signed and verified with: one, or a list to rotate (SECRET_KEY="new,old"):
 * the first signs, every one verifies, so tokens and links signed before a rotation keep working
 * until the old secret is dropped from the list.
 */
export type Secrets = string | readonly string[];

/** `secrets` as a non-empty list; an empty one is a start-up bug (the database gives one first). */
export function secretList(secrets: Secrets): readonly string[] {
  const list = typeof secrets === "string" ? [secrets] : secrets;
  if (list.length === 0 || !list[0])
    throw new Error("No signing secret: SECRET_KEY is unset and the database gave none");
  return list;
}

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
  secrets: Secrets,
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
    .sign(keyFor(secretList(secrets)[0], "jwt"));
}

/** The claims of a valid, unexpired token of `type`, or null (bad signature, expired, wrong type). */
export async function verifyToken(secrets: Secrets, token: string, type?: TokenType): Promise<TokenClaims | null> {
  if (!token || token.length > 2048) return null;
  const payload = await verifiedPayload(secretList(secrets), token);
  if (!payload) return null;
  const tokenType = payload.token_type;
  if (tokenType !== "access" && tokenType !== "refresh") return null;
  if (type && tokenType !== type) return null;
  const { user_id: userId, ver: version, exp: expiresAt, sid } = payload;
  if (typeof userId !== "number" || typeof version !== "number" || typeof expiresAt !== "number") return null;
  // Every token names its session; one without cannot be revoked, so it is refused.
  if (typeof sid !== "string" || !/^[0-9a-f]{32}$/.test(sid)) return null;
  return { userId, version, type: tokenType, expiresAt, sid };
}

/** The payload of `token` if any of `secrets` signed it (the current one is tried first). */
async function verifiedPayload(secrets: readonly string[], token: string) {
  for (const secret of secrets) {
    try {
      return (await jwtVerify(token, keyFor(secret, "jwt"), { algorithms: ["HS256"] })).payload;
    } catch (error) {
      // Only a bad signature may be another secret's: expired or malformed is final.
      if ((error as { code?: string }).code !== "ERR_JWS_SIGNATURE_VERIFICATION_FAILED") return null;
    }
  }
  return null;
}

/**
 * Opaque, tamper-proof and confidential short-lived data for a round trip through a browser (the
 * Google sign-in `state`, which carries the PKCE verifier): an encrypted JWT (dir, A256GCM).
 */
export async function sealData(secrets: Secrets, data: Record<string, unknown>, lifetimeSeconds: number) {
  return new EncryptJWT(data)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(`${lifetimeSeconds}s`)
    .encrypt(await sealKey(secretList(secrets)[0]));
}

export async function unsealData(secrets: Secrets, sealed: string): Promise<Record<string, unknown> | null> {
  if (!sealed || sealed.length > 4096) return null;
  for (const secret of secretList(secrets)) {
    try {
      const { payload } = await jwtDecrypt(sealed, await sealKey(secret));
      return payload;
    } catch (error) {
      // Another secret's data fails to decrypt; expired or malformed is final.
      if ((error as { code?: string }).code !== "ERR_JWE_DECRYPTION_FAILED") return null;
    }
  }
  return null;
}

async function sealKey(secret: string): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(`seal:${secret}`));
  return new Uint8Array(digest);
}
