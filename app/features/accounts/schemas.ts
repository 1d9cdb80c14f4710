/**
 * Account rules of spec §5 (username, password, sign-up, reset confirm, profile), shared by the
 * browser (live checklists, field constraints) and the server (authoritative parse in the page
 * actions and the /auth API). Messages are translation keys (docs/style.md), translated when shown.
 */
import { z } from "zod";
import { COMMON_PASSWORDS } from "./common-passwords";
import { textInput } from "~/utils/text";

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const PASSWORD_MAX = 128;
/** Parts of a name or email shorter than this do not count for similarity (§5). */
const SIMILARITY_MIN_PART = 3;

export type Check = { id: string; ok: boolean };

/** §5 username rules, one entry per rule of the live checklist. */
export function usernameChecks(username: string): Check[] {
  return [
    { id: "length", ok: username.length >= USERNAME_MIN && username.length <= USERNAME_MAX },
    { id: "noSpaces", ok: username.length > 0 && !/\s/.test(username) },
    { id: "lowercase", ok: username.length > 0 && username === username.toLowerCase() },
    { id: "characters", ok: /^[A-Za-z0-9_-]+$/.test(username) },
    { id: "start", ok: /^[A-Za-z0-9]/.test(username) },
  ];
}

export type PersonalData = { username?: string; firstName?: string; lastName?: string; email?: string };

/** Lower-cased, accents removed: 'Fernández' and 'fernandez' are the same name for §5. */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** The parts of the personal data a password must not resemble (§5): 3 or more characters each. */
function similarityParts(data: PersonalData): string[] {
  const local = (data.email ?? "").split("@")[0] ?? "";
  return [data.username, data.firstName, data.lastName, local]
    .map((part) => fold((part ?? "").trim()))
    .filter((part) => part.length >= SIMILARITY_MIN_PART);
}

/** §5: the password contains a part, or a part contains the password (case- and accent-insensitive). */
export function isSimilarToPersonalData(password: string, data: PersonalData): boolean {
  const pw = fold(password);
  if (!pw) return false;
  return similarityParts(data).some((part) => pw.includes(part) || part.includes(pw));
}

/** §5 password rules, one entry per rule of the live checklist. */
export function passwordChecks(password: string, data: PersonalData = {}): Check[] {
  return [
    { id: "length", ok: password.length >= PASSWORD_MIN },
    { id: "notNumeric", ok: password.length > 0 && !/^\d+$/.test(password) },
    { id: "notCommon", ok: password.length > 0 && !COMMON_PASSWORDS.has(password.toLowerCase()) },
    { id: "notSimilar", ok: password.length > 0 && !isSimilarToPersonalData(password, data) },
  ];
}

export const allOk = (checks: Check[]) => checks.every((check) => check.ok);

/** The longest value each text field of the account forms accepts (the schemas below use these). */
export const FIELD_MAX = {
  email: 254,
  username: 30,
  first_name: 150,
  last_name: 150,
  address: 255,
  city: 100,
  state_province_region: 100,
  zipcode: 20,
  phone: 30,
} as const;

/** PostgreSQL text cannot hold NUL: such input is refused here rather than failing the query (500). */
const hasNoNul = (text: string) => !text.includes("\u0000");
const trimmed = (max: number) =>
  textInput({ error: "accounts.errors.required" })
    .trim()
    .max(max, "accounts.errors.tooLong")
    .refine(hasNoNul, "accounts.errors.required");
const required = (max: number) => trimmed(max).min(1, "accounts.errors.required");

/** Emails are compared and stored lower-cased: one account per mailbox. */
export const EmailSchema = textInput({ error: "accounts.errors.required" })
  .trim()
  .min(1, "accounts.errors.required")
  .max(FIELD_MAX.email, "accounts.errors.tooLong")
  .pipe(z.email("accounts.errors.email"))
  .transform((email) => email.toLowerCase());

const PasswordField = textInput({ error: "accounts.errors.required" })
  .min(1, "accounts.errors.required")
  .max(PASSWORD_MAX, "accounts.errors.tooLong");

/** Cross-field rules run on any object input, even one with broken fields (see SignupSchema). */
const isObjectPayload = (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null;
const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0;
const textOrUndefined = (value: unknown) => (typeof value === "string" ? value : undefined);

/** §5 sign-up: every field required, the §5 username and password rules, both passwords equal. */
export const SignupSchema = z
  .object({
    email: EmailSchema,
    username: textInput({ error: "accounts.errors.required" }).min(1, "accounts.errors.required"),
    first_name: required(FIELD_MAX.first_name),
    last_name: required(FIELD_MAX.last_name),
    password: PasswordField,
    re_password: textInput({ error: "accounts.errors.required" }).min(1, "accounts.errors.required"),
  })
  // The cross-field rules run even when another field is missing or mistyped (zod skips them then
  // by default), so that one answer names every broken field (§5 'Please correct the following
  // errors'). A field that is not a string is left to its own "required" message.
  .refine((data) => !isText(data.username) || allOk(usernameChecks(data.username)), {
    path: ["username"],
    message: "accounts.errors.username",
    when: isObjectPayload,
  })
  .refine(
    (data) =>
      !isText(data.password) ||
      allOk(
        passwordChecks(data.password, {
          username: textOrUndefined(data.username),
          firstName: textOrUndefined(data.first_name),
          lastName: textOrUndefined(data.last_name),
          email: textOrUndefined(data.email),
        }),
      ),
    { path: ["password"], message: "accounts.errors.password", when: isObjectPayload },
  )
  .refine((data) => !isText(data.password) || !isText(data.re_password) || data.password === data.re_password, {
    path: ["re_password"],
    message: "accounts.errors.passwordMismatch",
    when: isObjectPayload,
  });
export type SignupInput = z.infer<typeof SignupSchema>;

export const LoginSchema = z.object({
  email: textInput({ error: "accounts.errors.required" })
    .trim()
    .min(1, "accounts.errors.required")
    .max(FIELD_MAX.email, "accounts.errors.tooLong")
    .refine(hasNoNul, "accounts.errors.email")
    .toLowerCase(),
  password: PasswordField,
});

export const ActivationSchema = z.object({
  uid: textInput({ error: "accounts.errors.required" }).min(1, "accounts.errors.required").max(64),
  token: textInput({ error: "accounts.errors.required" }).min(1, "accounts.errors.required").max(128),
});

export const ResetRequestSchema = z.object({ email: EmailSchema });

/** §5 reset confirm: the §5 password rules, and 'Passwords do not match' on a mismatch. */
export const ResetConfirmSchema = ActivationSchema.extend({
  new_password: PasswordField,
  re_new_password: textInput({ error: "accounts.errors.required" }).min(1, "accounts.errors.required"),
}).superRefine((data, ctx) => {
  if (data.new_password !== data.re_new_password) {
    ctx.addIssue({ code: "custom", path: ["re_new_password"], message: "accounts.errors.passwordMismatch" });
  }
});

/**
 * §2.16 / §7.4: only these five fields are saved (names, username and email are read-only).
 * Every field may be blank; the phone, when given, holds digits, spaces, +, -, ( and ).
 */
const profileFields = {
  address: trimmed(FIELD_MAX.address),
  city: trimmed(FIELD_MAX.city),
  state_province_region: trimmed(FIELD_MAX.state_province_region),
  zipcode: trimmed(FIELD_MAX.zipcode),
  phone: trimmed(FIELD_MAX.phone).regex(/^[+\d\s()-]*$/, "accounts.errors.phone"),
};

export const ProfileSchema = z.object({
  address: profileFields.address.default(""),
  city: profileFields.city.default(""),
  state_province_region: profileFields.state_province_region.default(""),
  zipcode: profileFields.zipcode.default(""),
  phone: profileFields.phone.default(""),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

/**
 * `PUT /api/profile/update`: a field left out keeps its value, so a client that sends
 * only the phone does not blank the address; a body with none of the five fields is refused.
 */
export const ProfileUpdateSchema = z
  .object(profileFields)
  .partial()
  .refine((data) => Object.values(data).some((value) => value !== undefined), {
    message: "accounts.errors.profileEmpty",
    path: [],
  });

/** The first message key per field of a failed parse: `{ field: key }`. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    out[field] ??= issue.message;
  }
  return out;
}
