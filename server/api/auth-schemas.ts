/**
 * The /auth wire shapes (spec §7.5, djoser): the OpenAPI schemas of the answers, whose types live
 * in `app/features/accounts/types.ts`, and of the request bodies, which the account schemas of
 * `app/features/accounts/schemas.ts` (and the token schemas below) validate. The compile-time
 * checks at the bottom fail the typecheck when a documented shape and its type drift apart.
 */
import { z } from "@hono/zod-openapi";
import type {
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

// --- Request bodies as documented ---------------------------------------------------------

const StringField = textInput();
export const SignupBody = z
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
export const ActivationBody = z.object({ uid: StringField, token: StringField }).openapi("ActivationRequest");
export const LoginBody = z.object({ email: z.email(), password: StringField }).openapi("LoginRequest");
export const RefreshBody = z.object({ refresh: StringField }).openapi("RefreshRequest");
export const VerifyBody = z.object({ token: StringField }).openapi("VerifyRequest");
export const ResetBody = z.object({ email: z.email() }).openapi("ResetPasswordRequest");
export const ResetConfirmBody = z
  .object({ uid: StringField, token: StringField, new_password: StringField, re_new_password: StringField })
  .openapi("ResetPasswordConfirmRequest");

// --- Token bodies as validated (refresh, blacklist, verify) -----------------------------------

export const RefreshSchema = z.object({
  refresh: textInput({ error: "accounts.errors.required" })
    .min(1, "accounts.errors.required")
    .max(4096, "accounts.errors.tooLong"),
});
export const VerifySchema = z.object({
  token: textInput({ error: "accounts.errors.required" })
    .min(1, "accounts.errors.required")
    .max(4096, "accounts.errors.tooLong"),
});

// Both directions must be assignable: a field added to or removed from one side fails here. A
// request body documented here has the fields, and the types, that its validating schema reads.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(): T | undefined => undefined;
same<Same<z.infer<typeof PublicUserSchema>, PublicUserDto>>();
same<Same<z.infer<typeof TokenPairSchema>, TokenPairDto>>();
same<Same<z.infer<typeof SignupBody>, z.infer<typeof SignupSchema>>>();
same<Same<z.infer<typeof ActivationBody>, z.infer<typeof ActivationSchema>>>();
same<Same<z.infer<typeof LoginBody>, z.infer<typeof LoginSchema>>>();
same<Same<z.infer<typeof RefreshBody>, z.infer<typeof RefreshSchema>>>();
same<Same<z.infer<typeof VerifyBody>, z.infer<typeof VerifySchema>>>();
same<Same<z.infer<typeof ResetBody>, z.infer<typeof ResetRequestSchema>>>();
same<Same<z.infer<typeof ResetConfirmBody>, z.infer<typeof ResetConfirmSchema>>>();
