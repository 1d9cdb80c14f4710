/**
 * A shopper's saved recipients (docs/features.md, "Family recipients"): the people an order can go to, kept in the
 * account. Every call is scoped to the owner: another account's recipient reads as missing. An
 * order copies the recipient's details when it is placed (orders' own delivery columns), so
 * editing or deleting a recipient never changes a placed order.
 */
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { recipients } from "~/db/schema/recipients";
import { findMunicipality, findProvince } from "~/features/delivery/cuba";
import { MAX_RECIPIENTS, type RecipientInput } from "./schemas";

/** A recipient as the pages and the API show it, with its municipality and province named. */
export type Recipient = {
  id: number;
  first_name: string;
  last_name: string;
  id_card: string;
  phone: string;
  address: string;
  municipality_id: string;
  municipality: string;
  province_id: string;
  province: string;
  latitude: number | null;
  longitude: number | null;
};

type Row = typeof recipients.$inferSelect;

function toRecipient(row: Row): Recipient {
  const municipality = findMunicipality(row.municipalityId);
  const province = municipality ? findProvince(municipality.provinceId) : undefined;
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    id_card: row.idCard,
    phone: row.phone,
    address: row.address,
    municipality_id: row.municipalityId,
    municipality: municipality?.name ?? "",
    province_id: province?.id ?? "",
    province: province?.name ?? "",
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

const owned = (userId: number, id: number) => and(eq(recipients.userId, userId), eq(recipients.id, id));

/** The owner's recipients, oldest first. */
export async function listRecipients(db: Db, userId: number): Promise<Recipient[]> {
  const rows = await db.select().from(recipients).where(eq(recipients.userId, userId)).orderBy(asc(recipients.id));
  return rows.map(toRecipient);
}

/** One of the owner's recipients, or null (unknown, or someone else's). */
export async function getRecipient(db: Db, userId: number, id: number): Promise<Recipient | null> {
  const [row] = await db.select().from(recipients).where(owned(userId, id)).limit(1);
  return row ? toRecipient(row) : null;
}

export type CreateResult = { ok: true; recipient: Recipient } | { ok: false; error: "recipients.errors.tooMany" };

/** Saves a new recipient, up to MAX_RECIPIENTS per account. */
export async function createRecipient(db: Db, userId: number, input: RecipientInput): Promise<CreateResult> {
  const [{ n }] = await db.select({ n: count() }).from(recipients).where(eq(recipients.userId, userId));
  if (n >= MAX_RECIPIENTS) return { ok: false, error: "recipients.errors.tooMany" };
  const [row] = await db
    .insert(recipients)
    .values({ userId, ...input })
    .returning();
  return { ok: true, recipient: toRecipient(row) };
}

/** Replaces the owner's recipient's details; null when it is not theirs. */
export async function updateRecipient(
  db: Db,
  userId: number,
  id: number,
  input: RecipientInput,
): Promise<Recipient | null> {
  const [row] = await db
    .update(recipients)
    .set({ ...input, updatedAt: new Date() })
    .where(owned(userId, id))
    .returning();
  return row ? toRecipient(row) : null;
}

/** Deletes the owner's recipient; false when it is not theirs. */
export async function deleteRecipient(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(recipients).where(owned(userId, id)).returning({ id: recipients.id });
  return rows.length > 0;
}
