/**
 * Google sign-in (spec §2.6, §4.2, §7.5) with openid-client: authorization code flow with PKCE
 * against the issuer of `GOOGLE_ISSUER` (Google by default; a plain-http issuer on loopback works,
 * for tests and local development). The `state` is sealed (encrypted, 10 minutes) and carries the
 * PKCE verifier and the redirect URI, so no server-side session is needed between the two calls.
 */
import { and, eq, isNull } from "drizzle-orm";
import * as client from "openid-client";
import { profiles, users } from "~/db/schema/accounts";
import { LANGUAGES, type Language } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { type AccountsDeps, type User, getUserByEmail, isUniqueViolation } from "./accounts.server";
import { USERNAME_MAX } from "./schemas";
import { sealData, unsealData } from "./tokens.server";

const STATE_LIFETIME_SECONDS = 10 * 60;

/** The redirect URIs Google may send the shopper back to (run contract). */
export function allowedRedirectUris(env: Env): string[] {
  return LANGUAGES.map((lang) => `${env.PUBLIC_URL}/${lang}/auth/social-callback`);
}

export const googleEnabled = (env: Env) => Boolean(env.GOOGLE_CLIENT_ID);

const configs = new Map<string, Promise<client.Configuration>>();

/** Discovery once per issuer and client; a failure is forgotten so that the next call retries. */
function configuration(env: Env): Promise<client.Configuration> {
  const key = `${env.GOOGLE_ISSUER}|${env.GOOGLE_CLIENT_ID}|${env.GOOGLE_CLIENT_SECRET ?? ""}`;
  let config = configs.get(key);
  if (!config) {
    const issuer = new URL(env.GOOGLE_ISSUER);
    const insecure = issuer.protocol === "http:";
    config = client
      .discovery(
        issuer,
        env.GOOGLE_CLIENT_ID!,
        env.GOOGLE_CLIENT_SECRET ? { client_secret: env.GOOGLE_CLIENT_SECRET } : undefined,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configs.delete(key);
        throw error;
      });
    configs.set(key, config);
  }
  return config;
}

export class GoogleSignInError extends Error {
  constructor(
    public readonly key:
      | "accounts.errors.googleRedirect"
      | "accounts.errors.googleState"
      | "accounts.errors.googleFailed"
      | "accounts.errors.googleDisabled"
      | "accounts.errors.deactivated",
  ) {
    super(key);
  }
}

/** §7.5 `GET /auth/o/google-oauth2/?redirect_uri=`: Google's authorization URL for an allowed URI. */
export async function googleAuthorizationUrl(env: Env, redirectUri: string): Promise<string> {
  if (!googleEnabled(env)) throw new GoogleSignInError("accounts.errors.googleDisabled");
  if (!allowedRedirectUris(env).includes(redirectUri)) throw new GoogleSignInError("accounts.errors.googleRedirect");
  const config = await configuration(env);
  const verifier = client.randomPKCECodeVerifier();
  const state = await sealData(
    env.SECRET_KEY,
    { v: verifier, r: redirectUri, n: client.randomNonce() },
    STATE_LIFETIME_SECONDS,
  );
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
  });
  return url.href;
}

/**
 * §7.5 `POST /auth/o/google-oauth2/?state=&code=`: exchanges the code (state and PKCE checked) and
 * returns the account, creating an active one on first sign-in. An existing account with the same
 * verified email is linked rather than duplicated.
 */
export async function googleSignIn(
  deps: AccountsDeps,
  input: { state: string; code: string },
  lang: Language,
): Promise<User> {
  const { env } = deps;
  if (!googleEnabled(env)) throw new GoogleSignInError("accounts.errors.googleDisabled");
  const sealed = await unsealData(env.SECRET_KEYS, input.state);
  if (!sealed || typeof sealed.v !== "string" || typeof sealed.r !== "string") {
    throw new GoogleSignInError("accounts.errors.googleState");
  }
  const config = await configuration(env);
  const callback = new URL(sealed.r);
  callback.searchParams.set("code", input.code);
  callback.searchParams.set("state", input.state);
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: sealed.v,
      expectedState: input.state,
    });
    claims = tokens.claims();
  } catch {
    throw new GoogleSignInError("accounts.errors.googleFailed");
  }
  const email = typeof claims?.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!claims?.sub || !email) throw new GoogleSignInError("accounts.errors.googleFailed");
  return findOrCreateGoogleUser(deps, {
    sub: claims.sub,
    email,
    emailVerified: claims.email_verified === true,
    firstName: typeof claims.given_name === "string" ? claims.given_name : "",
    lastName: typeof claims.family_name === "string" ? claims.family_name : "",
    lang,
  });
}

async function findOrCreateGoogleUser(
  deps: AccountsDeps,
  who: { sub: string; email: string; emailVerified: boolean; firstName: string; lastName: string; lang: Language },
): Promise<User> {
  const { db } = deps;
  const [linked] = await db.select().from(users).where(eq(users.googleSub, who.sub)).limit(1);
  if (linked) return notDeactivated(linked);
  const existing = await getUserByEmail(db, who.email);
  if (existing) {
    notDeactivated(existing);
    // Only Google's verified email may claim an account made with a password.
    if (!who.emailVerified) throw new GoogleSignInError("accounts.errors.googleFailed");
    const [updated] = await db
      .update(users)
      .set({ googleSub: who.sub, isActive: true })
      .where(and(eq(users.id, existing.id), isNull(users.googleSub)))
      .returning();
    return updated ?? existing;
  }
  const base = usernameFromEmail(who.email);
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix = attempt === 0 ? "" : String(Math.floor(Math.random() * 10 ** Math.min(2 + attempt, 8)));
    const username = `${base.slice(0, USERNAME_MAX - suffix.length)}${suffix}`;
    try {
      const [created] = await db
        .insert(users)
        .values({
          email: who.email,
          username,
          firstName: who.firstName.slice(0, 150),
          lastName: who.lastName.slice(0, 150),
          passwordHash: null,
          isActive: true,
          googleSub: who.sub,
          language: who.lang,
        })
        .returning();
      await db.insert(profiles).values({ userId: created.id }).onConflictDoNothing();
      return created;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same Google account signing in twice at once: the first one won.
      const [raced] = await db.select().from(users).where(eq(users.googleSub, who.sub)).limit(1);
      if (raced) return raced;
    }
  }
  throw new GoogleSignInError("accounts.errors.googleFailed");
}

/** The account, unless the store deactivated it (docs/features.md, "Customers"): Google has proven who it is, so it is told. */
function notDeactivated(user: User): User {
  if (user.deactivatedAt) throw new GoogleSignInError("accounts.errors.deactivated");
  return user;
}

/** A §5-valid username from an email's local part (`Ana.Pérez+x@` -> `anaperezx`). */
export function usernameFromEmail(email: string): string {
  const local = (email.split("@")[0] ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, "")
    .replace(/^[_-]+/, "");
  const name = local.slice(0, USERNAME_MAX);
  return name.length >= 3 ? name : `${name}user`.slice(0, USERNAME_MAX);
}
