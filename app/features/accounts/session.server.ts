/**
 * The web session (decision “Tokens in cookies”): the access and refresh tokens live in HttpOnly, SameSite=Lax cookies named
 * `access` and `refresh` (Secure under https). An expired access token is renewed from the refresh
 * token on the next request, transparently; a refresh token that no longer works (expired, or
 * issued before a password reset) ends the session.
 */
import { readCookie } from "~/utils/cookies";
import { type AccountsDeps, type TokenPair, type User, getUserForToken, refreshAccess } from "./accounts.server";
import { ACCESS_LIFETIME_SECONDS, REFRESH_LIFETIME_SECONDS } from "./tokens.server";

export const ACCESS_COOKIE = "access";
export const REFRESH_COOKIE = "refresh";

function cookie(name: string, value: string, maxAge: number, secure: boolean) {
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const isSecureRequest = (request: Request) => new URL(request.url).protocol === "https:";

/** `Set-Cookie` values that start a session with these tokens. */
export function sessionCookies(tokens: Partial<TokenPair>, secure: boolean): string[] {
  const out: string[] = [];
  if (tokens.access) out.push(cookie(ACCESS_COOKIE, tokens.access, ACCESS_LIFETIME_SECONDS, secure));
  if (tokens.refresh) out.push(cookie(REFRESH_COOKIE, tokens.refresh, REFRESH_LIFETIME_SECONDS, secure));
  return out;
}

/** `Set-Cookie` values that end the session (logout, §4.2: both tokens cleared). */
export function clearSessionCookies(secure: boolean): string[] {
  return [cookie(ACCESS_COOKIE, "", 0, secure), cookie(REFRESH_COOKIE, "", 0, secure)];
}

/**
 * Who is signed in on this request (and the sign-in session's `sid`), and the cookies to send back: a renewed access token, or
 * cleared cookies when the session is over. No cookies at all: a visitor, nothing to send.
 */
export async function resolveSession(
  deps: AccountsDeps,
  request: Request,
): Promise<{ user: User | null; setCookies: string[]; sid?: string }> {
  const access = readCookie(request, ACCESS_COOKIE);
  const refresh = readCookie(request, REFRESH_COOKIE);
  if (!access && !refresh) return { user: null, setCookies: [] };
  const secure = isSecureRequest(request);
  if (access) {
    const found = await getUserForToken(deps, access, "access");
    if (found) return { user: found.user, setCookies: [], sid: found.claims.sid };
  }
  if (refresh) {
    const renewed = await refreshAccess(deps, refresh);
    if (renewed)
      return { user: renewed.user, setCookies: sessionCookies({ access: renewed.access }, secure), sid: renewed.sid };
  }
  return { user: null, setCookies: clearSessionCookies(secure) };
}
