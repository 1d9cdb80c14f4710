/**
 * The seller application of spec §3 (Provider application), §5 (Seller application) and §4.7: one
 * schema for the browser's check, the page action and `POST /api/provider-form/provider-application`
 * (docs/style.md: the server checks exactly what the form checks). Messages are translation keys; the
 * `{min}` / `{max}` of a length message come from PROVIDER_FIELD_LIMITS when shown
 * (`providerErrorValues`).
 *
 * §5 says every field is required, the email must be valid, providerType is local or warehouse
 * and the terms box must be ticked; it leaves length bounds open. Ours (trimmed lengths, in
 * characters):
 *
 * | field               | min | max  | also                                                         |
 * |---------------------|-----|------|--------------------------------------------------------------|
 * | businessName        | 2   | 120  | one line                                                     |
 * | contactName         | 2   | 120  | one line                                                     |
 * | email               | -   | 254  | a valid address (RFC 5321 caps a path at 254)                |
 * | phone               | 6   | 30   | digits, spaces, `+ ( ) - .` only, at least 6 digits          |
 * | address             | 5   | 300  | one line                                                     |
 * | productCategories   | 2   | 300  | one line of free text                                        |
 * | businessDescription | 20  | 2000 | line breaks and tabs allowed                                 |
 * | providerType        |     |      | `local` or `warehouse`                                       |
 * | termsAccepted       |     |      | the boolean `true` (the API refuses `"true"`, 1 or false)    |
 *
 * Strings are trimmed first, so whitespace only is blank. Control characters (NUL above all,
 * which PostgreSQL text refuses) are refused rather than stored; unknown extra fields are ignored.
 */
import { z } from "zod";
import { PROVIDER_TYPES } from "~/features/content/policy";
import { textInput } from "~/utils/text";

export const PROVIDER_FIELD_LIMITS = {
  businessName: { min: 2, max: 120 },
  contactName: { min: 2, max: 120 },
  email: { min: 1, max: 254 },
  phone: { min: 6, max: 30 },
  address: { min: 5, max: 300 },
  productCategories: { min: 2, max: 300 },
  businessDescription: { min: 20, max: 2000 },
} as const;

export type ProviderTextField = keyof typeof PROVIDER_FIELD_LIMITS;

/** Every field of the form, in the order of §3 (and of the form, so the first error is the first field). */
export const PROVIDER_FIELDS = [
  "businessName",
  "contactName",
  "email",
  "phone",
  "address",
  "providerType",
  "productCategories",
  "businessDescription",
  "termsAccepted",
] as const;
export type ProviderField = (typeof PROVIDER_FIELDS)[number];

/** At least this many digits in a phone number (a Cuban landline has 8, a mobile 8 after +53). */
export const PHONE_MIN_DIGITS = 6;

const ONE_LINE_CONTROL = /\p{Cc}/u;
const TEXT_CONTROL = /[^\P{Cc}\n\r\t]/u;

/** A missing value reads 'required'; a value of the wrong type (a number, an object) 'invalid'. */
const typeError = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? "sell.errors.required" : "sell.errors.invalid";

function text(field: ProviderTextField, opts: { multiline?: boolean } = {}) {
  const { min, max } = PROVIDER_FIELD_LIMITS[field];
  const control = opts.multiline ? TEXT_CONTROL : ONE_LINE_CONTROL;
  // Blank first: a blank field reads 'required', not 'too short'.
  return textInput({ error: typeError })
    .trim()
    .min(1, { error: "sell.errors.required" })
    .min(min, { error: "sell.errors.tooShort" })
    .max(max, { error: "sell.errors.tooLong" })
    .refine((value) => !control.test(value), { error: "sell.errors.invalid" });
}

export const ProviderApplicationSchema = z.object({
  businessName: text("businessName"),
  contactName: text("contactName"),
  email: textInput({ error: typeError })
    .trim()
    .min(1, { error: "sell.errors.required" })
    .max(PROVIDER_FIELD_LIMITS.email.max, { error: "sell.errors.tooLong" })
    .email({ error: "sell.errors.email" }),
  phone: text("phone")
    .refine((value) => /^[\d\s+().-]*$/.test(value), { error: "sell.errors.phone" })
    .refine((value) => value.replace(/\D/g, "").length >= PHONE_MIN_DIGITS, { error: "sell.errors.phone" }),
  address: text("address"),
  providerType: z.enum(PROVIDER_TYPES, { error: "sell.errors.providerType" }),
  productCategories: text("productCategories"),
  businessDescription: text("businessDescription", { multiline: true }),
  termsAccepted: z.literal(true, {
    error: (issue) =>
      typeof issue.input === "boolean" || issue.input === undefined ? "sell.errors.terms" : "sell.errors.invalid",
  }),
});

export type ProviderApplicationInput = z.infer<typeof ProviderApplicationSchema>;

/** Field -> translation key of its first error, in the form's order; `form` for a body that is not an object. */
export function providerFieldErrors(error: z.ZodError): Partial<Record<ProviderField | "form", string>> {
  const out: Partial<Record<ProviderField | "form", string>> = {};
  for (const issue of error.issues) {
    const field = (issue.path.length ? String(issue.path[0]) : "form") as ProviderField | "form";
    out[field] ??= issue.message;
  }
  return out;
}

/** The `{min}` and `{max}` of a field's length messages. */
export function providerErrorValues(field: string): { min: number; max: number } | undefined {
  return Object.hasOwn(PROVIDER_FIELD_LIMITS, field) ? PROVIDER_FIELD_LIMITS[field as ProviderTextField] : undefined;
}

/**
 * What a posted form holds, in the schema's shape: text fields as strings (absent: empty), the
 * terms box as a boolean (a ticked checkbox sends its value; an unticked one sends nothing).
 */
export function providerFormInput(form: FormData): Record<ProviderField, string | boolean> {
  const get = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const out = {} as Record<ProviderField, string | boolean>;
  for (const field of PROVIDER_FIELDS) out[field] = field === "termsAccepted" ? form.has(field) : get(field);
  return out;
}
