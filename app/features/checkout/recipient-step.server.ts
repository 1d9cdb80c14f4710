/**
 * Checkout's "who receives the order" (docs/features.md, "Family recipients"): the shopper, a saved recipient or a new
 * one. Choosing one ("Usar este destinatario", a plain post) fills the draft's delivery fields
 * from it on the server, so it works without JavaScript; a new recipient is saved on request when
 * the shipping step passes, and the order then copies the fields like any order (its snapshot).
 */
import type { Db } from "~/db/client.server";
import { municipalityNamed } from "~/features/delivery/cuba";
import { type Recipient, createRecipient, getRecipient, listRecipients } from "~/features/recipients/recipients.server";
import {
  type RecipientField,
  RecipientSchema,
  recipientFieldErrors,
  toRecipientInput,
} from "~/features/recipients/schemas";
import type { ShippingFormValues } from "./checkout-view";
import type { CheckoutDraft } from "./draft.server";

/** A saved recipient as checkout's options list it. */
export type RecipientOption = { id: string; name: string; where: string };

export async function recipientOptions(db: Db, userId: number): Promise<RecipientOption[]> {
  return (await listRecipients(db, userId)).map((r) => ({
    id: String(r.id),
    name: `${r.first_name} ${r.last_name}`,
    where: `${r.municipality}, ${r.province}`,
  }));
}

/** The delivery fields of a saved recipient, with its map point when it has one. */
function recipientDraft(draft: CheckoutDraft, r: Recipient): CheckoutDraft {
  const point = r.latitude !== null && r.longitude !== null;
  return {
    ...draft,
    address: {
      ...draft.address,
      first_name: r.first_name,
      last_name: r.last_name,
      client_id: r.id_card,
      address: r.address,
      city: r.municipality,
      state: r.province,
      phone: r.phone,
    },
    ...(point ? { place: "map", latitude: r.latitude!, longitude: r.longitude! } : {}),
    recipient: String(r.id),
    saveRecipient: false,
    shippingDone: false,
  };
}

/**
 * The draft after choosing `choice`: a saved recipient's fields, blank fields for a new one, or
 * (the shopper) no fields, so the profile's fill them again. Null: no such recipient of theirs.
 */
export async function chooseRecipient(
  db: Db,
  userId: number,
  draft: CheckoutDraft,
  choice: string,
): Promise<CheckoutDraft | null> {
  if (choice === "self")
    return { ...draft, address: undefined, recipient: "self", saveRecipient: false, shippingDone: false };
  if (choice === "new") {
    const blank = { first_name: "", last_name: "", client_id: "", address: "", city: "", state: "", phone: "" };
    return { ...draft, address: { ...draft.address, ...blank }, recipient: "new", shippingDone: false };
  }
  const recipient = await getRecipient(db, userId, Number(choice));
  return recipient ? recipientDraft(draft, recipient) : null;
}

/** Which shipping field shows each recipient field's error. */
const FIELD_OF: Record<RecipientField, string> = {
  first_name: "first_name",
  last_name: "last_name",
  id_card: "client_id",
  phone: "phone",
  address: "address",
  municipality_id: "city",
  latitude: "delivery_latitude",
  longitude: "delivery_latitude",
};

export type NewRecipientCheck =
  | { ok: true; save: (db: Db, userId: number) => Promise<string | null> }
  | { ok: false; errors: Record<string, string> };

/**
 * 'Guardar este destinatario' on a new recipient: the shipping values checked as a recipient
 * (an 11-digit identity card, a municipality of the store's Cuba data), errors beside the
 * shipping fields. `save` stores it and answers its id (null when the account keeps too many).
 */
export function checkNewRecipient(values: ShippingFormValues): NewRecipientCheck {
  const municipality = municipalityNamed(values.city, values.state);
  const parsed = RecipientSchema.safeParse({
    first_name: values.first_name,
    last_name: values.last_name,
    id_card: values.client_id,
    phone: values.phone,
    address: values.address,
    municipality_id: municipality?.id ?? (values.city.trim() ? "?" : ""),
    latitude: values.delivery_latitude,
    longitude: values.delivery_longitude,
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const [field, key] of Object.entries(recipientFieldErrors(parsed.error))) {
      errors[FIELD_OF[field as RecipientField]] ??= key;
    }
    return { ok: false, errors };
  }
  const input = toRecipientInput(parsed.data);
  return {
    ok: true,
    save: async (db, userId) => {
      const result = await createRecipient(db, userId, input);
      return result.ok ? String(result.recipient.id) : null;
    },
  };
}
