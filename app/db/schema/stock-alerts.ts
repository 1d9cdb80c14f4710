/** Back-in-stock alerts (docs/features.md), owned by app/features/stock-alerts. */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { createdAt } from "./columns";

export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    lang: text("lang").notNull(),
    /** Null until the emailed link is followed (a signed-in subscription is confirmed at once). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Set when the product came back in stock: the alert waits to be moved into the outbox. */
    restockedAt: timestamp("restocked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("stock_alerts_product_email_uq").on(t.productId, sql`lower(${t.email})`),
    index("stock_alerts_due_idx")
      .on(t.id)
      .where(sql`${t.restockedAt} is not null`),
  ],
);
