/**
 * Authentication calls of spec §7.5, djoser + simplejwt compatible (decision “Tokens in cookies”): sign-up, activation,
 * JWT create/refresh/verify, `users/me`, password reset and Google sign-in. Thin adapters over
 * `~/features/accounts`. Every path answers with and without its trailing slash; bodies are JSON
 * or form-encoded, as djoser accepts both. Errors are djoser's: `{"field": ["message"]}` or
 * `{"detail": "message"}`, in the request's language (decision “Every message in both languages”).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  type AccountsDeps,
  getUserForToken,
  issueTokens,
  publicUser,
  refreshAccess,
  revokeSession,
} from "~/features/accounts/accounts.server";
import {
  activate,
  askPasswordReset,
  resetPassword,
  signIn,
  signInWithGoogle,
  signUp,
} from "~/features/accounts/account-commands.server";
import { GoogleSignInError, googleAuthorizationUrl } from "~/features/accounts/google.server";
import type { Language } from "~/i18n/languages";
import { clientIp } from "../proxy";
import { messageFor, requestLanguage, requireApiUser } from "./auth-user";
import { createRouter } from "./http";
import { AUTH_ROUTES } from "./auth-docs";
import { RefreshSchema, VerifySchema } from "./auth-schemas";
import { failure, invalid, invalidFields, rateLimited, readBody, tokenNotValid } from "./auth-body";
import { logger } from "~/utils/logger.server";

// --- Routes -----------------------------------------------------------------------------------

/** Routes of the /auth group (§7.5). */
export function createAuthRoutes(deps: AccountsDeps) {
  const app = createRouter();
  app.openAPIRegistry.registerComponent("securitySchemes", "jwt", {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "`JWT <access token>` (D6); `Bearer <access token>` is accepted too.",
  });
  for (const route of AUTH_ROUTES) app.openAPIRegistry.registerPath(route);

  /** The path with and without its trailing slash (djoser clients send the slash). */
  const both = (path: string) => [path, path.replace(/\/$/, "")];

  app.on("POST", both("/auth/users/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const result = await signUp(deps, { ip: clientIp(c) }, read.data, lang);
    if (result.ok) return c.json(publicUser(result.value), 201);
    if (result.reason === "rateLimited") return rateLimited(c, result.retryAfterSeconds, lang);
    if (result.reason === "invalid") return invalidFields(c, result.errors, lang);
    return failure(c, result, lang);
  });

  app.on("POST", both("/auth/users/activation/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const result = await activate(deps, { ip: clientIp(c) }, read.data);
    if (result.ok) return c.body(null, 204);
    if (result.reason === "rateLimited") return rateLimited(c, result.retryAfterSeconds, lang);
    if (result.reason === "invalid") return invalidFields(c, result.errors, lang);
    return failure(c, result, lang);
  });

  app.on("POST", both("/auth/jwt/create/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const result = await signIn(deps, { ip: clientIp(c) }, read.data);
    if (result.ok) return c.json(await issueTokens(deps, result.value), 200);
    if (result.reason === "rateLimited") return rateLimited(c, result.retryAfterSeconds, lang);
    if (result.reason === "invalid") return invalidFields(c, result.errors, lang);
    // Only whoever gave the right password learns the account was deactivated (docs/features.md, "Customers").
    const key = result.reason === "deactivated" ? "accounts.errors.deactivated" : "accounts.errors.noActiveAccount";
    return c.json({ detail: messageFor(lang, key) }, 401);
  });

  app.on("POST", both("/auth/jwt/refresh/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const parsed = RefreshSchema.safeParse(read.data);
    if (!parsed.success) return invalid(c, parsed.error, lang);
    const renewed = await refreshAccess(deps, parsed.data.refresh);
    if (!renewed) return tokenNotValid(c, lang);
    return c.json({ access: renewed.access }, 200);
  });

  app.on("POST", both("/auth/jwt/blacklist/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const parsed = RefreshSchema.safeParse(read.data);
    if (!parsed.success) return invalid(c, parsed.error, lang);
    // Only a refresh token that still works signs out (simplejwt answers 401 to anything else).
    if (!(await getUserForToken(deps, parsed.data.refresh, "refresh"))) return tokenNotValid(c, lang);
    await revokeSession(deps, [parsed.data.refresh]);
    return c.json({}, 200);
  });

  app.on("POST", both("/auth/jwt/verify/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const parsed = VerifySchema.safeParse(read.data);
    if (!parsed.success) return invalid(c, parsed.error, lang);
    // Unlike a bare signature check, a token of a deactivated account or from before a password
    // reset is refused too: §4.2 marks the visitor signed in on a successful verify.
    const token = parsed.data.token;
    const found = (await getUserForToken(deps, token, "access")) ?? (await getUserForToken(deps, token, "refresh"));
    if (!found) return tokenNotValid(c, lang);
    return c.json({}, 200);
  });

  app.on("GET", both("/auth/users/me/"), requireApiUser(deps, { style: "djoser" }), (c) =>
    c.json(publicUser(c.var.apiUser), 200),
  );

  app.on("POST", both("/auth/users/reset_password/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const result = await askPasswordReset(deps, { ip: clientIp(c) }, read.data);
    if (!result.ok && result.reason === "rateLimited") return rateLimited(c, result.retryAfterSeconds, lang);
    if (!result.ok) return invalidFields(c, result.errors, lang);
    // Answered before the lookup and the mail, so neither the answer nor its timing tells whether
    // the email is registered.
    result.value.send().catch((error: unknown) => {
      logger.error({ err: error }, "Password reset email failed");
    });
    return c.body(null, 204);
  });

  app.on("POST", both("/auth/users/reset_password_confirm/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const result = await resetPassword(deps, { ip: clientIp(c) }, read.data);
    if (result.ok) return c.body(null, 204);
    if (result.reason === "rateLimited") return rateLimited(c, result.retryAfterSeconds, lang);
    if (result.reason === "invalid") return invalidFields(c, result.errors, lang);
    return failure(c, result, lang);
  });

  app.on("GET", both("/auth/o/google-oauth2/"), async (c) => {
    const lang = requestLanguage(c);
    try {
      const url = await googleAuthorizationUrl(deps.env, c.req.query("redirect_uri") ?? "");
      return c.json({ authorization_url: url }, 200);
    } catch (error) {
      if (error instanceof GoogleSignInError) {
        const status = error.key === "accounts.errors.googleDisabled" ? 404 : 400;
        return c.json({ detail: messageFor(lang, error.key) }, status);
      }
      return googleUnreachable(c, lang, error);
    }
  });

  app.on("POST", both("/auth/o/google-oauth2/"), async (c) => {
    const lang = requestLanguage(c);
    // djoser reads state and code from the query string (§7.5: empty form-encoded body).
    const state = (c.req.query("state") ?? "").slice(0, 4096);
    const code = (c.req.query("code") ?? "").slice(0, 4096);
    const result = await signInWithGoogle(deps, { ip: clientIp(c) }, { state, code }, lang);
    if (!result.ok && result.reason === "rateLimited") return rateLimited(c, result.retryAfterSeconds, lang);
    try {
      if (!result.ok) throw result.error;
      const tokens = await issueTokens(deps, result.value);
      return c.json({ ...tokens, user: publicUser(result.value) }, 201);
    } catch (error) {
      if (error instanceof GoogleSignInError) {
        if (error.key === "accounts.errors.googleDisabled") return c.json({ detail: messageFor(lang, error.key) }, 404);
        return c.json({ non_field_errors: [messageFor(lang, error.key)] }, 400);
      }
      return googleUnreachable(c, lang, error);
    }
  });

  return app;
}

/** The issuer could not be reached (discovery failed): a 502, logged as a warning for the operator. */
function googleUnreachable(c: Context, lang: Language, error: unknown) {
  logger.warn(
    { reason: error instanceof Error ? error.message : String(error) },
    "Google sign-in: the OpenID issuer could not be used",
  );
  return c.json({ detail: messageFor(lang, "accounts.errors.googleFailed") }, 502 as ContentfulStatusCode);
}
