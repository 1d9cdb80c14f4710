/**
 * The account page's "Destinatarios" forms (docs/features.md, "Family recipients"), plain posts told apart by `intent`:
 * `recipient-save` (a new one, or `id` to edit) and `recipient-delete`. Errors come back by field
 * with what was typed; the owner check is the recipients module's (someone else's id is missing).
 */
import type { Db } from "~/db/client.server";
import { PROVINCES, MUNICIPALITIES } from "~/features/delivery/cuba";
import { createRecipient, deleteRecipient, getRecipient, updateRecipient } from "./recipients.server";
import { RECIPIENT_FIELDS, RecipientSchema, recipientFieldErrors, toRecipientInput } from "./schemas";

export type RecipientFormResult = {
  recipientErrors?: Record<string, string>;
  recipientValues?: Record<string, string>;
  /** The recipient being edited ("new" for a new one). */
  recipientId?: string;
  recipientFormError?: string;
  /** The municipality select's options, for the form shown again. */
  groups?: ReturnType<typeof municipalityGroups>;
};

export type RecipientActionResult =
  | { ok: true; flash: "recipients.created" | "recipients.updated" | "recipients.deleted" }
  | { ok: false; status: 400 | 404 | 409; result: RecipientFormResult };

export const isRecipientIntent = (intent: unknown) => intent === "recipient-save" || intent === "recipient-delete";

const rowId = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;

export async function recipientAction(db: Db, userId: number, form: FormData): Promise<RecipientActionResult> {
  const id = rowId(form.get("id"));
  const notFound = { ok: false as const, status: 404 as const, result: { recipientFormError: "recipients.notFound" } };
  if (form.get("intent") === "recipient-delete") {
    return id !== null && (await deleteRecipient(db, userId, id))
      ? { ok: true, flash: "recipients.deleted" }
      : notFound;
  }
  const values = Object.fromEntries(
    RECIPIENT_FIELDS.map((field) => [field, String(form.get(field) ?? "").slice(0, 300)]),
  ) as Record<string, string>;
  const parsed = RecipientSchema.safeParse(values);
  const recipientId = id === null ? "new" : String(id);
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      result: { recipientErrors: recipientFieldErrors(parsed.error), recipientValues: values, recipientId },
    };
  }
  const input = toRecipientInput(parsed.data);
  if (id !== null)
    return (await updateRecipient(db, userId, id, input)) ? { ok: true, flash: "recipients.updated" } : notFound;
  const created = await createRecipient(db, userId, input);
  if (!created.ok) {
    return {
      ok: false,
      status: 409,
      result: { recipientFormError: created.error, recipientValues: values, recipientId },
    };
  }
  return { ok: true, flash: "recipients.created" };
}

/** The form's initial values: the recipient being edited, or blanks. Null: not theirs. */
export async function recipientFormValues(
  db: Db,
  userId: number,
  which: string,
): Promise<Record<string, string> | null> {
  if (which === "new") return Object.fromEntries(RECIPIENT_FIELDS.map((f) => [f, ""]));
  const id = rowId(which);
  const r = id === null ? null : await getRecipient(db, userId, id);
  if (!r) return null;
  return {
    first_name: r.first_name,
    last_name: r.last_name,
    id_card: r.id_card,
    phone: r.phone,
    address: r.address,
    municipality_id: r.municipality_id,
    latitude: r.latitude === null ? "" : String(r.latitude),
    longitude: r.longitude === null ? "" : String(r.longitude),
  };
}

/** The municipality select's options, by province (the store's Cuba data). */
export function municipalityGroups() {
  return PROVINCES.map((p) => ({
    name: p.name,
    municipalities: MUNICIPALITIES.filter((m) => m.provinceId === p.id).map((m) => ({ id: m.id, name: m.name })),
  }));
}
