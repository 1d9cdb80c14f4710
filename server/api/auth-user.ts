/**
 * Who calls the REST API (decision “Tokens in cookies”): `Authorization: JWT <access>` (simplejwt's header type; `Bearer`
 * is accepted too), and in which language to answer (decision “Every message in both languages”). Shared by /auth (§7.5) and every
 * authenticated /api group (§7.2, §7.4), so each checks tokens the same way.
 */
import type { Context, MiddlewareHandler } from "hono";
import { type AccountsDeps, type User, getUserForToken } from "~/features/accounts/accounts.server";
import type { MessageKey } from "~/i18n/i18n";
import { type Language, parseLanguage } from "~/i18n/languages";
import { apiMessage } from "./http";

/** Hono variables set by `requireApiUser`. */
export type ApiUserEnv = { Variables: { apiUser: User } };

/**
 * The language of an API answer (decision “Every message in both languages”): `?lang=` when given (`en` is English, anything else
 * Spanish), else the first es/en preference of `Accept-Language`, else Spanish.
 */
export function requestLanguage(c: Context): Language {
  const query = c.req.query("lang");
  if (query !== undefined) return parseLanguage(query);
  const header = (c.req.header("accept-language") ?? "").slice(0, 1000);
  let best: { lang: Language; q: number } | undefined;
  for (const part of header.split(",")) {
    const [tag, ...params] = part.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (primary !== "es" && primary !== "en") continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? "es";
}

/** A catalogue message (a translation key, or a plain text passed through) in `lang`. */
export function messageFor(lang: Language, key: string): string {
  return apiMessage(lang, key as MessageKey);
}

/** The token of an `Authorization: JWT <token>` or `Bearer <token>` header; null without one. */
export function authorizationToken(header: string | undefined): string | null {
  const match = /^\s*(?:JWT|Bearer)\s+(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1] : null;
}

/**
 * The active user of the request's access token. `missing`: no usable Authorization header;
 * `invalid`: a token that is bad, expired, of the wrong type or from before a password reset.
 */
export async function getApiUser(
  deps: AccountsDeps,
  request: Request,
): Promise<{ user: User } | { user: null; reason: "missing" | "invalid" }> {
  const token = authorizationToken(request.headers.get("authorization") ?? undefined);
  if (!token) return { user: null, reason: "missing" };
  const found = await getUserForToken(deps, token, "access");
  return found ? { user: found.user } : { user: null, reason: "invalid" };
}

/**
 * Guard for authenticated API routes: sets `c.var.apiUser` or answers 401. `style` picks the
 * error body: `djoser` (`{detail, code?}`, for /auth) or `api` (`{error, detail, code?}`, for /api).
 */
export function requireApiUser(
  deps: AccountsDeps,
  opts: { style?: "djoser" | "api" } = {},
): MiddlewareHandler<ApiUserEnv> {
  const style = opts.style ?? "api";
  return async (c, next) => {
    const found = await getApiUser(deps, c.req.raw);
    if (found.user) {
      c.set("apiUser", found.user);
      return next();
    }
    const lang = requestLanguage(c);
    const key = found.reason === "missing" ? "accounts.errors.notAuthenticated" : "accounts.errors.tokenInvalid";
    const message = messageFor(lang, key);
    c.header("WWW-Authenticate", 'JWT realm="api"');
    const body = found.reason === "missing" ? { detail: message } : { detail: message, code: "token_not_valid" };
    // The /api groups answer `{error}` like their other errors, and `detail` as djoser clients
    // (and §7.4's authenticated calls) read it: one 401 shape for every /api call.
    return c.json(style === "api" ? { error: message, ...body } : body, 401);
  };
}
