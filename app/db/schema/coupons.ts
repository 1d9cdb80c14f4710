/** Coupons (spec §3 Coupon), owned by app/features/coupons. */
import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const coupons = pgTable("coupons", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  /** Either a percentage (0-100) or a fixed USD amount in cents. */
  discountPercent: integer("discount_percent"),
  discountCents: integer("discount_cents"),
  minTotalCents: integer("min_total_cents").notNull().default(0),
  validFrom: timestamp("valid_from", { withTimezone: true }),
  validUntil: timestamp("valid_until", { withTimezone: true }),
  maxUses: integer("max_uses"),
  uses: integer("uses").notNull().default(0),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});
