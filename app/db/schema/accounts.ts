/** Accounts, profiles and revoked sessions (spec §3 User, Profile), owned by app/features/accounts. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    username: text("username").notNull().unique(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    passwordHash: text("password_hash"),
    isActive: boolean("is_active").notNull().default(false),
    isStaff: boolean("is_staff").notNull().default(false),
    /** Staff roles run the back office (decision 016, app/features/staff/permissions.ts); everyone else is a customer. */
    role: text("role")
      .$type<"customer" | "owner" | "manager" | "dispatcher" | "support">()
      .notNull()
      .default("customer"),
    googleSub: text("google_sub").unique(),
    /** Bumped by a password reset: tokens issued before it are refused (issue: sessions). */
    tokenVersion: integer("token_version").notNull().default(0),
    language: text("language").notNull().default("es"),
    dateJoined: timestamp("date_joined", { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    /**
     * When the store deactivated this customer (docs/features.md, "Customers"), null while they may sign in. Not
     * `isActive`, which says the email was confirmed: a deactivated account signs in nowhere and
     * its sessions stop at once (`getUserForToken`); its orders stay.
     */
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  },
  // The back office finds an order by part of its account's email (bench/scale.ts).
  (t) => [index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`)],
);

export const profiles = pgTable("profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  address: text("address").notNull().default(""),
  city: text("city").notNull().default(""),
  stateProvinceRegion: text("state_province_region").notNull().default(""),
  zipcode: text("zipcode").notNull().default(""),
  phone: text("phone").notNull().default(""),
});

/**
 * Sessions ended before their tokens expire (sign-out): every token carries its session
 * id (`sid`), and a token whose session is listed here is refused. Rows can go once `expires_at`
 * (the refresh token's expiry) has passed.
 */
export const revokedSessions = pgTable(
  "revoked_sessions",
  {
    sid: text("sid").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("revoked_sessions_expires_idx").on(t.expiresAt)],
);
