/**
 * The OpenAPI description of the /auth calls (spec §7.5, djoser shapes): request and response
 * schemas per path, registered by createAuthRoutes (auth.ts) for the documented API.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { jsonContent } from "./http";
import { textInput } from "~/utils/text";
import {
  ActivationBody,
  DetailSchema,
  FieldErrorsSchema,
  LoginBody,
  PublicUserSchema,
  ResetBody,
  RefreshSchema,
  ResetConfirmBody,
  SignupBody,
  TokenPairSchema,
  VerifySchema,
} from "./auth-schemas";

const tags = ["auth"];

const detail = (description: string) => jsonContent(DetailSchema, description);
const fieldErrorsResponse = (description: string) => jsonContent(FieldErrorsSchema, description);

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

export const AUTH_ROUTES = [
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
    request: { query: z.object({ lang: LangParam }), body: body(RefreshSchema) },
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
    request: { query: z.object({ lang: LangParam }), body: body(RefreshSchema) },
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
    request: { query: z.object({ lang: LangParam }), body: body(VerifySchema) },
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
