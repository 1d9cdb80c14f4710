/** A shopper's saved recipients (docs/features.md, "Family recipients"), owned by app/features/recipients. */
import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const recipients = pgTable(
  "recipients",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** The Cuban carné de identidad: 11 digits. */
    idCard: text("id_card").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    /** A municipality id of the store's Cuba data (app/features/delivery/cuba.ts); its province follows. */
    municipalityId: text("municipality_id").notNull(),
    /** The map point, when one was picked: both or neither. */
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recipients_user_idx").on(t.userId, t.id)],
);
