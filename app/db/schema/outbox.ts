/** Emails waiting to go out, owned by app/features/outbox. */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Emails waiting to go out: written in the same transaction as what they tell about (an
 * order placed, a status change), sent after commit by the outbox sender, so a crash between the
 * two loses none and the shopper's answer never waits for the mail server. A sender claims a row
 * by setting `locked_until` (a lease, `FOR UPDATE SKIP LOCKED`), so several processes on one
 * PostgreSQL never send one row twice; a failed send is retried from `next_attempt_at`.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    /** Which renderer builds the message from `payload` at send time (e.g. `order.confirmation`). */
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
