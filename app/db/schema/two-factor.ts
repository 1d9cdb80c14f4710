/**
 * Staff two-factor sign-in (docs/decisions/017-staff-two-factor.md), owned by app/features/accounts
 * (two-factor.server.ts): each staff account's TOTP secret, its single-use recovery codes (hashed)
 * and the sign-in sessions (`sid` of the signed tokens) that have passed the second factor.
 */
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const staffTotp = pgTable("staff_totp", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Base32 (RFC 4648) secret; shown once at enrolment for manual entry. */
  secret: text("secret").notNull(),
  /** Null while enrolling: the secret counts only once a code from it has been accepted. */
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** The last 30-second step whose code was accepted: a code of that step or an earlier one is refused (replay). */
  lastStep: bigint("last_step", { mode: "number" }).notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the 80-bit code (decision 017). */
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export const staffVerifiedSessions = pgTable(
  "staff_verified_sessions",
  {
    sid: text("sid").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("staff_verified_sessions_user_idx").on(t.userId),
    index("staff_verified_sessions_expires_idx").on(t.expiresAt),
  ],
);
