/**
 * What the pages need before React Router runs: who is signed in (decision “Tokens in cookies” cookies, the access token
 * renewed from the refresh token when it has expired) and a refusal of cross-site form posts.
 * The API (/api, /auth/jwt|users|o) authenticates with the Authorization header instead, which a
 * cross-site form cannot send, and is left alone.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "~/db/client.server";
import type { User } from "~/features/accounts/accounts.server";
import { ACCESS_COOKIE, REFRESH_COOKIE, resolveSession } from "~/features/accounts/session.server";
import { readCookie } from "~/utils/cookies";
import { isStaff, mayUpload } from "~/features/admin/guard.server";
import type { SecondFactor } from "~/context";
import { secondFactorState } from "~/features/accounts/two-factor.server";
import type { Env } from "~/utils/env.server";
import { getApiUser } from "./api/auth-user";
import { PRIVATE_NO_STORE } from "./api/http";
import { clientIp } from "./proxy";

export type SessionVariables = { user: User | null; clientIp: string; secondFactor?: SecondFactor };

const NOT_PAGES = /^\/(api|media|assets|auth\/(jwt|users|o))(\/|$)/;
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A state-changing request from another site is refused (abuse): browsers send
 * `Sec-Fetch-Site`; older ones at least `Origin` on a POST. One with neither is refused when it
 * carries the session cookies; without them it acts for no one.
 */
export function isCrossSite(request: Request, publicUrl: string): boolean {
  // Every browser sends one of the two on a POST; a cookie-authenticated request
  // with neither is not a browser's form and is refused (defence in depth).
  if (!request.headers.has("Sec-Fetch-Site") && !request.headers.has("Origin")) return hasSessionCookie(request);
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return origin === "null";
  return origin !== new URL(request.url).origin && origin !== new URL(publicUrl).origin;
}

/** Whether the request carries the session's cookies (decision “Tokens in cookies”: `access`, `refresh`). */
function hasSessionCookie(request: Request): boolean {
  return readCookie(request, ACCESS_COOKIE) !== null || readCookie(request, REFRESH_COOKIE) !== null;
}

type Session = Awaited<ReturnType<typeof resolveSession>>;
const sessions = new WeakMap<Context, Promise<Session>>();

/**
 * The request's session, looked up once: the body limit asks it first, from the headers alone,
 * whether an upload may be large (server/app.ts); the session middleware then reuses the answer.
 */
export function sessionOf(c: Context, deps: { db: Db; env: Env }): Promise<Session> {
  let session = sessions.get(c);
  if (!session) {
    session = resolveSession(deps, c.req.raw);
    sessions.set(c, session);
  }
  return session;
}

/** The body limit's test for a defect claim's photos (server/app.ts): a signed-in shopper's request (cookie or token). */
export function shopperUploads(deps: { db: Db; env: Env }): (c: Context) => Promise<boolean> {
  return async (c) => (await sessionOf(c, deps)).user !== null || (await getApiUser(deps, c.req.raw)).user !== null;
}

/** The body limit's test for large uploads (server/app.ts): a signed-in staff member whose role may upload images (decision 016). */
export function operatorUploads(deps: { db: Db; env: Env }): (c: Context) => Promise<boolean> {
  return async (c) => mayUpload((await sessionOf(c, deps)).user);
}

/**
 * A staff member's second factor (decision 017): one query for staff only, so shoppers' requests
 * are unchanged. The page to go to keeps the page's language and, for a page, where to come back.
 */
async function staffSecondFactor(db: Db, userId: number, sid: string, request: Request): Promise<SecondFactor> {
  const state = await secondFactorState(db, userId, sid);
  const url = new URL(request.url);
  const lang = /^\/en(\/|$)/.test(url.pathname) ? "en" : "es";
  const next = request.method === "GET" ? `?next=${encodeURIComponent(url.pathname + url.search)}` : "";
  return { state, sid, redirectTo: `/${lang}/two-factor${state === "enrol" ? "/enrol" : ""}${next}` };
}

export function sessionMiddleware(deps: { db: Db; env: Env }): MiddlewareHandler<{ Variables: SessionVariables }> {
  return async (c, next) => {
    c.set("clientIp", clientIp(c));
    if (NOT_PAGES.test(c.req.path)) {
      c.set("user", null);
      return next();
    }
    if (UNSAFE.has(c.req.method) && isCrossSite(c.req.raw, deps.env.PUBLIC_URL)) {
      return c.text("Forbidden: cross-site form submission refused.", 403);
    }
    const { user, setCookies, sid } = await sessionOf(c, deps);
    c.set("user", user);
    if (isStaff(user) && sid) c.set("secondFactor", await staffSecondFactor(deps.db, user.id, sid, c.req.raw));
    await next();
    const own = c.res.headers.getSetCookie?.() ?? [];
    // A page that started a new session itself (sign-in) or ended it (logout) has the last word.
    const extra = own.some((value) => value.startsWith("access=") || value.startsWith("refresh=")) ? [] : setCookies;
    // A signed-in page, or any answer that sets a cookie, is for this browser only.
    const personal = user !== null || own.length > 0 || extra.length > 0;
    if (!personal) return;
    // Responses from static handlers may have immutable headers: copy before changing them.
    c.res = new Response(c.res.body, c.res);
    for (const value of extra) c.res.headers.append("Set-Cookie", value);
    c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
  };
}
