/**
 * Authentication calls of spec §7.5, djoser + simplejwt compatible (D6): sign-up, activation,
 * JWT create/refresh/verify, `users/me`, password reset and Google sign-in. Thin adapters over
 * `~/features/accounts`. Every path answers with and without its trailing slash; bodies are JSON
 * or form-encoded, as djoser accepts both. Errors are djoser's: `{"field": ["message"]}` or
 * `{"detail": "message"}`, in the request's language (D4).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  type AccountsDeps,
  type AuthAction,
  type FieldErrors,
  activateUser,
  authenticate,
  checkAuthRateLimit,
  confirmPasswordReset,
  createUser,
  getUserForToken,
  issueTokens,
  publicUser,
  refreshAccess,
  revokeSession,
  requestPasswordReset,
} from "~/features/accounts/accounts.server";
import { GoogleSignInError, googleAuthorizationUrl, googleSignIn } from "~/features/accounts/google.server";
import {
  ActivationSchema,
  LoginSchema,
  ResetConfirmSchema,
  ResetRequestSchema,
  SignupSchema,
  allOk,
  fieldErrors,
  passwordChecks,
} from "~/features/accounts/schemas";
import { interpolate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { clientIp } from "../proxy";
import { messageFor, requestLanguage, requireApiUser } from "./auth-user";
import { createRouter, jsonContent } from "./http";
import { logger } from "~/utils/logger.server";
import { textInput } from "~/utils/text";

const tags = ["auth"];

// --- Wire schemas (documentation of the djoser shapes) -------------------------------------

const PublicUserSchema = z
  .object({
    id: z.number().int(),
    email: textInput().openapi({ example: "ana@example.cu" }),
    username: textInput().openapi({ example: "ana" }),
    first_name: textInput().openapi({ example: "Ana" }),
    last_name: textInput().openapi({ example: "Pérez" }),
  })
  .openapi("User");

const TokenPairSchema = z.object({ access: textInput(), refresh: textInput() }).openapi("TokenPair");

const DetailSchema = z
  .object({
    detail: textInput().openapi({ example: "No active account found with the given credentials" }),
    code: textInput().optional().openapi({ example: "token_not_valid" }),
  })
  .openapi("Detail");

const FieldErrorsSchema = z.record(textInput(), z.array(textInput())).openapi("FieldErrors", {
  description: 'djoser field errors: `{"field": ["message"]}`; `non_field_errors` for the whole request.',
  example: { password: ["Password does not meet the security requirements."] },
});

const detail = (description: string) => jsonContent(DetailSchema, description);
const fieldErrorsResponse = (description: string) => jsonContent(FieldErrorsSchema, description);

const StringField = textInput();
const SignupBody = z
  .object({
    username: StringField.openapi({ description: "§5: 3 to 30 of a-z, 0-9, - and _; starts with a letter or digit." }),
    first_name: StringField,
    last_name: StringField,
    email: z.email(),
    password: StringField.openapi({
      description: "§5: 8+ characters, not all digits, not common, not like your data.",
    }),
    re_password: StringField,
  })
  .openapi("SignupRequest");
const ActivationBody = z.object({ uid: StringField, token: StringField }).openapi("ActivationRequest");
const LoginBody = z.object({ email: z.email(), password: StringField }).openapi("LoginRequest");
const RefreshBody = z.object({ refresh: StringField }).openapi("RefreshRequest");
const VerifyBody = z.object({ token: StringField }).openapi("VerifyRequest");
const ResetBody = z.object({ email: z.email() }).openapi("ResetPasswordRequest");
const ResetConfirmBody = z
  .object({ uid: StringField, token: StringField, new_password: StringField, re_new_password: StringField })
  .openapi("ResetPasswordConfirmRequest");

/** JSON or form-encoded, as djoser reads both. */
function body<T extends z.ZodType>(schema: T) {
  return {
    content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } },
    required: true,
  };
}

const LangParam = textInput()
  .optional()
  .openapi({
    param: { name: "lang", in: "query" },
    description: "`en` for English, anything else Spanish; without it, `Accept-Language` decides (D4).",
  });

const rateLimited = {
  429: detail("Too many attempts (AUTH_RATE_LIMIT per minute per IP and per account); see Retry-After"),
};
const badBody = {
  413: jsonContent(z.object({ error: textInput() }), "Body over 64 KB"),
  415: detail("Neither JSON nor form-encoded"),
};

const routes = [
  createRoute({
    method: "post",
    path: "/auth/users/",
    tags,
    summary:
      "Sign up: creates an inactive account and emails the activation link (sent from the outbox, never waited for)",
    request: { query: z.object({ lang: LangParam }), body: body(SignupBody) },
    responses: {
      201: jsonContent(PublicUserSchema, "The new account (inactive until activated)"),
      400: fieldErrorsResponse("A §5 rule fails, or the email or username is taken"),
      ...badBody,
      ...rateLimited,
    },
  }),
  createRoute({
    method: "post",
    path: "/auth/users/activation/",
    tags,
    summary: "Activates an account with the uid and token of the emailed link",
    request: { query: z.object({ lang: LangParam }), body: body(ActivationBody) },
    responses: {
      204: { description: "Activated" },
      400: fieldErrorsResponse("Bad uid or token"),
      403: detail("The account is already active (stale token)"),
      ...badBody,
      ...rateLimited,
    },
  }),
  createRoute({
    method: "post",
    path: "/auth/jwt/create/",
    tags,
    summary: "Sign in: an access and a refresh token",
    request: { query: z.object({ lang: LangParam }), body: body(LoginBody) },
    responses: {
      200: jsonContent(TokenPairSchema, "The tokens"),
      400: fieldErrorsResponse("A field is missing"),
      401: detail("Unknown email, wrong password or account not activated"),
      ...badBody,
      ...rateLimited,
    },
  }),
  createRoute({
    method: "post",
    path: "/auth/jwt/refresh/",
    tags,
    summary: "A new access token for a refresh token",
    request: { query: z.object({ lang: LangParam }), body: body(RefreshBody) },
    responses: {
      200: jsonContent(z.object({ access: textInput() }), "The new access token"),
      400: fieldErrorsResponse("The field is missing"),
      401: detail("Invalid or expired token (code token_not_valid)"),
      ...badBody,
    },
  }),
  createRoute({
    method: "post",
    path: "/auth/jwt/blacklist/",
    tags,
    summary: "Signs out: ends the refresh token's session (simplejwt's blacklist)",
    description:
      "After this the refresh token no longer gives access tokens, and the access tokens of the same sign-in " +
      "are refused too. Other sign-ins of the account go on.",
    request: { query: z.object({ lang: LangParam }), body: body(RefreshBody) },
    responses: {
      200: jsonContent(z.object({}), "Signed out"),
      400: fieldErrorsResponse("The field is missing"),
      401: detail("Invalid or expired token (code token_not_valid)"),
      ...badBody,
    },
  }),
  createRoute({
    method: "post",
    path: "/auth/jwt/verify/",
    tags,
    summary: "Checks that a token (access or refresh) is valid",
    request: { query: z.object({ lang: LangParam }), body: body(VerifyBody) },
    responses: {
      200: jsonContent(z.object({}), "Valid"),
      400: fieldErrorsResponse("The field is missing"),
      401: detail("Invalid or expired token (code token_not_valid)"),
      ...badBody,
    },
  }),
  createRoute({
    method: "get",
    path: "/auth/users/me/",
    tags,
    summary: "The signed-in user",
    security: [{ jwt: [] }],
    request: { query: z.object({ lang: LangParam }) },
    responses: {
      200: jsonContent(PublicUserSchema, "The user"),
      401: detail("No token, or an invalid one"),
    },
  }),
  createRoute({
    method: "post",
    path: "/auth/users/reset_password/",
    tags,
    summary: "Emails a password reset link (204 whether or not the email is registered)",
    request: { query: z.object({ lang: LangParam }), body: body(ResetBody) },
    responses: {
      204: { description: "Accepted" },
      400: fieldErrorsResponse("Missing or invalid email"),
      ...badBody,
      ...rateLimited,
    },
  }),
  createRoute({
    method: "post",
    path: "/auth/users/reset_password_confirm/",
    tags,
    summary: "Sets a new password with the uid and token of the emailed link (works once)",
    request: { query: z.object({ lang: LangParam }), body: body(ResetConfirmBody) },
    responses: {
      204: { description: "Password changed; earlier tokens stop working" },
      400: fieldErrorsResponse("Mismatch, a §5 rule fails, or a bad or used link"),
      ...badBody,
      ...rateLimited,
    },
  }),
  createRoute({
    method: "get",
    path: "/auth/o/google-oauth2/",
    tags,
    summary: "Google's authorization URL for an allowed redirect URI",
    request: {
      query: z.object({
        redirect_uri: textInput().openapi({ example: "http://localhost:3000/es/auth/social-callback" }),
        lang: LangParam,
      }),
    },
    responses: {
      200: jsonContent(z.object({ authorization_url: textInput() }), "Where to send the browser"),
      400: detail("The redirect URI is not allowed"),
      404: detail("Sign-in with Google is not configured (GOOGLE_CLIENT_ID unset)"),
      502: detail("Google could not be reached"),
    },
  }),
  createRoute({
    method: "post",
    path: "/auth/o/google-oauth2/",
    tags,
    summary: "Exchanges Google's code: tokens and the user, creating an active account on first sign-in",
    request: { query: z.object({ state: textInput(), code: textInput(), lang: LangParam }) },
    responses: {
      201: jsonContent(TokenPairSchema.extend({ user: PublicUserSchema }), "Signed in"),
      400: fieldErrorsResponse("Bad or expired state, or Google refused the code (non_field_errors)"),
      404: detail("Sign-in with Google is not configured"),
      502: detail("Google could not be reached"),
    },
  }),
];

// --- Request plumbing -------------------------------------------------------------------------

type Body = Record<string, unknown>;
type BodyResult = { ok: true; data: Body } | { ok: false; response: Response };

/**
 * The request body as an object: JSON or form-encoded (djoser's parsers). An empty body is `{}`
 * (every field then reports "required"); any other content type is 415; malformed JSON or a JSON
 * value that is not an object is 400.
 */
async function readBody(c: Context): Promise<BodyResult> {
  const contentType = c.req.header("content-type") ?? "";
  const media = contentType.split(";")[0].trim().toLowerCase();
  const isJson = media === "application/json" || /^application\/[a-z0-9.-]+\+json$/.test(media);
  const isForm = media === "application/x-www-form-urlencoded";
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    return { ok: false, response: c.json({ detail: "Could not read the request body." }, 400) };
  }
  if (!isJson && !isForm) {
    if (text.trim() === "") return { ok: true, data: {} };
    const shown = media.slice(0, 100).replace(/[^\w.+/-]/g, "");
    return { ok: false, response: c.json({ detail: `Unsupported media type "${shown}" in request.` }, 415) };
  }
  if (isForm) {
    const data: Body = {};
    for (const [key, value] of new URLSearchParams(text)) data[key] = value;
    return { ok: true, data };
  }
  if (text.trim() === "") return { ok: true, data: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, response: c.json({ detail: "JSON parse error." }, 400) };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    const got = Array.isArray(parsed) ? "list" : parsed === null ? "null" : typeof parsed;
    return {
      ok: false,
      response: c.json({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${got}.`] }, 400),
    };
  }
  return { ok: true, data: parsed as Body };
}

/** Translation keys per field -> djoser's `{"field": ["message"]}` in `lang`. */
function translateErrors(errors: FieldErrors | Record<string, string>, lang: Language): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(errors)) {
    const list = Array.isArray(keys) ? keys : [keys];
    out[field === "form" ? "non_field_errors" : field] = list.map((key) => messageFor(lang, key));
  }
  return out;
}

/**
 * A failed accounts command in djoser's shape: `{detail}` for an error about the whole request
 * (403 stale activation), else the field errors.
 */
function failure(c: Context, result: { status: 400 | 403; errors: FieldErrors }, lang: Language) {
  const { detail: detailKeys, ...fields } = result.errors;
  if (detailKeys?.length) return c.json({ detail: messageFor(lang, detailKeys[0]) }, result.status);
  return c.json(translateErrors(fields, lang), result.status);
}

/** A failed zod parse as a djoser 400: every broken field with its first message. */
function invalid(c: Context, error: z.ZodError, lang: Language) {
  return c.json(translateErrors(fieldErrors(error), lang), 400);
}

const accountOf = (value: unknown) => (typeof value === "string" ? value.slice(0, 254) : undefined);

/** The issue's abuse policy: 429 with Retry-After and `{detail}` when over AUTH_RATE_LIMIT. */
async function rateLimit(c: Context, deps: AccountsDeps, action: AuthAction, account: unknown, lang: Language) {
  const result = await checkAuthRateLimit(deps, { action, ip: clientIp(c), account: accountOf(account) });
  if (result.ok) return null;
  c.header("Retry-After", String(result.retryAfterSeconds));
  const message = interpolate(messageFor(lang, "accounts.errors.rateLimited"), { seconds: result.retryAfterSeconds });
  return c.json({ detail: message }, 429);
}

const tokenNotValid = (c: Context, lang: Language) =>
  c.json({ detail: messageFor(lang, "accounts.errors.tokenInvalid"), code: "token_not_valid" }, 401);

const RefreshSchema = z.object({
  refresh: textInput({ error: "accounts.errors.required" })
    .min(1, "accounts.errors.required")
    .max(4096, "accounts.errors.tooLong"),
});
const VerifySchema = z.object({
  token: textInput({ error: "accounts.errors.required" })
    .min(1, "accounts.errors.required")
    .max(4096, "accounts.errors.tooLong"),
});

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
  for (const route of routes) app.openAPIRegistry.registerPath(route);

  /** The path with and without its trailing slash (djoser clients send the slash). */
  const both = (path: string) => [path, path.replace(/\/$/, "")];

  app.on("POST", both("/auth/users/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const limited = await rateLimit(c, deps, "signup", read.data.email, lang);
    if (limited) return limited;
    const parsed = SignupSchema.safeParse(read.data);
    if (!parsed.success) return invalid(c, parsed.error, lang);
    const result = await createUser(deps, parsed.data, lang);
    if (!result.ok) return failure(c, result, lang);
    return c.json(publicUser(result.value), 201);
  });

  app.on("POST", both("/auth/users/activation/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const limited = await rateLimit(c, deps, "activation", read.data.uid, lang);
    if (limited) return limited;
    const parsed = ActivationSchema.safeParse(read.data);
    if (!parsed.success) return invalid(c, parsed.error, lang);
    const result = await activateUser(deps, parsed.data.uid, parsed.data.token);
    if (result.ok) return c.body(null, 204);
    return failure(c, result, lang);
  });

  app.on("POST", both("/auth/jwt/create/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const limited = await rateLimit(c, deps, "signin", read.data.email, lang);
    if (limited) return limited;
    const parsed = LoginSchema.safeParse(read.data);
    if (!parsed.success) return invalid(c, parsed.error, lang);
    const user = await authenticate(deps, parsed.data.email, parsed.data.password);
    if (!user) return c.json({ detail: messageFor(lang, "accounts.errors.noActiveAccount") }, 401);
    return c.json(await issueTokens(deps, user), 200);
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
    const limited = await rateLimit(c, deps, "reset", read.data.email, lang);
    if (limited) return limited;
    const parsed = ResetRequestSchema.safeParse(read.data);
    if (!parsed.success) return invalid(c, parsed.error, lang);
    // Answered before the lookup and the mail, so neither the answer nor its timing tells whether
    // the email is registered.
    requestPasswordReset(deps, parsed.data.email).catch((error: unknown) => {
      logger.error({ err: error }, "Password reset email failed");
    });
    return c.body(null, 204);
  });

  app.on("POST", both("/auth/users/reset_password_confirm/"), async (c) => {
    const lang = requestLanguage(c);
    const read = await readBody(c);
    if (!read.ok) return read.response;
    const limited = await rateLimit(c, deps, "reset", read.data.uid, lang);
    if (limited) return limited;
    const parsed = ResetConfirmSchema.safeParse(read.data);
    if (!parsed.success) return invalid(c, parsed.error, lang);
    const result = await confirmPasswordReset(deps, parsed.data, (password, user) =>
      allOk(
        passwordChecks(password, {
          username: user.username,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
        }),
      ),
    );
    if (!result.ok) return failure(c, result, lang);
    return c.body(null, 204);
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
    const limited = await rateLimit(c, deps, "signin", undefined, lang);
    if (limited) return limited;
    try {
      if (!state || !code)
        throw new GoogleSignInError(state ? "accounts.errors.googleFailed" : "accounts.errors.googleState");
      const user = await googleSignIn(deps, { state, code }, lang);
      const tokens = await issueTokens(deps, user);
      return c.json({ ...tokens, user: publicUser(user) }, 201);
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
