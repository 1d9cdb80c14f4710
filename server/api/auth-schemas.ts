/**
 * The /auth wire shapes (spec §7.5, djoser): the OpenAPI schemas of the answers, whose types live
 * in `app/features/accounts/types.ts`, and of the request bodies, which the account schemas of
 * `app/features/accounts/schemas.ts` (and the token schemas below) validate. The compile-time
 * checks at the bottom fail the typecheck when a documented shape and its type drift apart.
 */
import { z } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import {
  ActivationSchema,
  LoginSchema,
  ResetConfirmSchema,
  ResetRequestSchema,
  SignupSchema,
} from "~/features/accounts/schemas";
import type { PublicUserDto, TokenPairDto } from "~/features/accounts/types";
import { textInput } from "~/utils/text";

// --- Answers --------------------------------------------------------------------------------

export const PublicUserSchema = z
  .object({
    id: z.number().int(),
    email: textInput().openapi({ example: "ana@example.cu" }),
    username: textInput().openapi({ example: "ana" }),
    first_name: textInput().openapi({ example: "Ana" }),
    last_name: textInput().openapi({ example: "Pérez" }),
  })
  .openapi("User");

export const TokenPairSchema = z.object({ access: textInput(), refresh: textInput() }).openapi("TokenPair");

export const DetailSchema = z
  .object({
    detail: textInput().openapi({ example: "No active account found with the given credentials" }),
    code: textInput().optional().openapi({ example: "token_not_valid" }),
  })
  .openapi("Detail");

export const FieldErrorsSchema = z.record(textInput(), z.array(textInput())).openapi("FieldErrors", {
  description: 'djoser field errors: `{"field": ["message"]}`; `non_field_errors` for the whole request.',
  example: { password: ["Password does not meet the security requirements."] },
});

// --- Request bodies: the schemas that validate them --------------------------------------------

// The account commands parse each body with the account feature's schemas
// (app/features/accounts/schemas.ts, shared with the sign-up and sign-in pages, so they are made
// with plain zod and carry no OpenAPI code). `named` gives the same schema (its definition: every
// check and rule) a name in the document, which thus shows exactly what is validated. It goes
// through the OpenAPI extension's own method rather than zod's `meta({ id })`, whose global id
// registry refuses a second evaluation of this module (a dev server reloading it).
function named<T extends ZodType>(schema: T, refId: string, metadata: { description?: string } = {}): T {
  const openapi = (z.ZodType.prototype as unknown as { openapi: (this: T, id: string, meta: object) => T }).openapi;
  return openapi.call(schema, refId, metadata);
}
export const SignupBody = named(SignupSchema, "SignupRequest", {
  description:
    "§5: username 3 to 30 of a-z, 0-9, - and _, starting with a letter or digit; password 8+ characters, not all digits, not common, not like your data; re_password the same.",
});
export const ActivationBody = named(ActivationSchema, "ActivationRequest");
export const LoginBody = named(LoginSchema, "LoginRequest");
export const ResetBody = named(ResetRequestSchema, "ResetPasswordRequest");
export const ResetConfirmBody = named(ResetConfirmSchema, "ResetPasswordConfirmRequest", {
  description: "§5 password rules for new_password; re_new_password the same.",
});

// --- Token bodies as validated (refresh, blacklist, verify) -----------------------------------

export const RefreshSchema = z
  .object({
    refresh: textInput({ error: "accounts.errors.required" })
      .min(1, "accounts.errors.required")
      .max(4096, "accounts.errors.tooLong"),
  })
  .openapi("RefreshRequest");
export const VerifySchema = z
  .object({
    token: textInput({ error: "accounts.errors.required" })
      .min(1, "accounts.errors.required")
      .max(4096, "accounts.errors.tooLong"),
  })
  .openapi("VerifyRequest");

// Both directions must be assignable: a field added to or removed from one side fails here. The
// answers' schemas are checked against the types the account feature returns.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T | undefined => undefined;
same<Same<z.infer<typeof PublicUserSchema>, PublicUserDto>>();
same<Same<z.infer<typeof TokenPairSchema>, TokenPairDto>>();
