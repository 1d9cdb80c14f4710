/**
 * A saved recipient as a shopper or an API client gives it (docs/features.md, "Family recipients"), shared by the
 * account page's forms and `/api/profile/recipients`. Messages are translation keys. The identity
 * card is the Cuban carné de identidad (11 digits); the municipality is an id of the store's Cuba
 * data, whatever its delivery state (a paused or unserved one is saved; checkout refuses it); the
 * map point is optional, both coordinates or neither, and inside Cuba.
 */
import { z } from "zod";
import { findMunicipality } from "~/features/delivery/cuba";
import { isInCuba } from "~/features/shipping/shipping";
import { textInput } from "~/utils/text";

/** The most recipients one account keeps: a family, not a mailing list. */
export const MAX_RECIPIENTS = 20;

export const RECIPIENT_FIELDS = [
  "first_name",
  "last_name",
  "id_card",
  "phone",
  "address",
  "municipality_id",
  "latitude",
  "longitude",
] as const;
export type RecipientField = (typeof RECIPIENT_FIELDS)[number];

const hasNoNul = (text: string) => !text.includes("\u0000");

const requiredText = (max: number, required: string) =>
  textInput({ error: required })
    .trim()
    .min(1, required)
    .max(max, "recipients.errors.tooLong")
    .refine(hasNoNul, "recipients.errors.invalidText");

/** Blank or absent is no coordinate; a decimal string (as a form posts it) is its number. */
function coordinateInput(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed === "") return null;
  return /^-?\d{1,3}(\.\d{1,12})?$/.test(trimmed) ? Number(trimmed) : value;
}

const coordinate = z.preprocess(
  coordinateInput,
  z.number({ error: "recipients.errors.point" }).finite("recipients.errors.point").nullable(),
);

export const RecipientSchema = z
  .object({
    first_name: requiredText(100, "recipients.errors.firstNameRequired"),
    last_name: requiredText(100, "recipients.errors.lastNameRequired"),
    id_card: textInput({ error: "recipients.errors.idCardRequired" })
      .trim()
      .min(1, "recipients.errors.idCardRequired")
      .regex(/^\d{11}$/, "recipients.errors.idCardInvalid"),
    phone: requiredText(30, "recipients.errors.phoneRequired").regex(
      /^[+\d\s()-]*\d[+\d\s()-]*$/,
      "recipients.errors.phoneInvalid",
    ),
    address: requiredText(255, "recipients.errors.addressRequired"),
    municipality_id: textInput({ error: "recipients.errors.municipalityRequired" })
      .trim()
      .min(1, "recipients.errors.municipalityRequired")
      .refine((id) => findMunicipality(id) !== undefined, "recipients.errors.municipalityUnknown"),
    latitude: coordinate.optional(),
    longitude: coordinate.optional(),
  })
  .superRefine((value, ctx) => {
    const lat = value.latitude ?? null;
    const lng = value.longitude ?? null;
    if (lat === null && lng === null) return;
    if (lat === null || lng === null || !isInCuba({ latitude: lat, longitude: lng })) {
      ctx.addIssue({ code: "custom", path: ["latitude"], message: "recipients.errors.point" });
    }
  });

/** The checked body as the recipients module stores it. */
export function toRecipientInput(value: z.output<typeof RecipientSchema>) {
  return {
    firstName: value.first_name,
    lastName: value.last_name,
    idCard: value.id_card,
    phone: value.phone,
    address: value.address,
    municipalityId: value.municipality_id,
    latitude: value.latitude ?? null,
    longitude: value.longitude ?? null,
  };
}

export type RecipientInput = ReturnType<typeof toRecipientInput>;

/** The first message key of each invalid field. */
export function recipientFieldErrors(error: z.ZodError): Partial<Record<RecipientField, string>> {
  const errors: Partial<Record<RecipientField, string>> = {};
  for (const issue of error.issues) {
    const field = (issue.path[0] ?? "first_name") as RecipientField;
    if (!errors[field]) errors[field] = issue.message;
  }
  return errors;
}
