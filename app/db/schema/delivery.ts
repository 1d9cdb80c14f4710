/** Delivery zones, owned by app/features/delivery: what the operator set for a municipality. */
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per municipality an operator has set (`municipality_id` is an id of
 * app/features/delivery/cuba.ts); a municipality without a row has the default zone (served, open,
 * 1 to 2 days, express offered, no minimum): see zones.ts.
 */
export const deliveryZones = pgTable(
  "delivery_zones",
  {
    municipalityId: text("municipality_id").primaryKey(),
    served: boolean("served").notNull(),
    paused: boolean("paused").notNull(),
    pauseReasonEs: text("pause_reason_es").notNull(),
    pauseReasonEn: text("pause_reason_en").notNull(),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    express: boolean("express").notNull(),
    minOrderCents: integer("min_order_cents").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("delivery_zones_days", sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays} and ${t.maxDays} <= 60`),
    check("delivery_zones_min_order", sql`${t.minOrderCents} >= 0`),
  ],
);
