/** Defect claims (docs/product-decisions.md, "Returns and warranty"), owned by app/features/claims. */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { orders } from "./orders";

export const claimStatuses = ["pending", "approved", "rejected"] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

export const defectClaims = pgTable(
  "defect_claims",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The claimed line: its position in the order (0-based, lines in id order) and what it was. */
    lineIndex: integer("line_index").notNull(),
    productId: integer("product_id"),
    productName: text("product_name").notNull(),
    variety: text("variety").notNull().default(""),
    color: text("color").notNull().default(""),
    count: integer("count").notNull(),
    description: text("description").notNull(),
    /** `/media/claims/<random>.webp` URLs, at most MAX_CLAIM_PHOTOS. */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    status: text("status").$type<ClaimStatus>().notNull().default("pending"),
    /** The operator's note on a decision (shown to the shopper and emailed). */
    note: text("note").notNull().default(""),
    /** The zero-cost order an approval made. */
    replacementOrderId: integer("replacement_order_id").references(() => orders.id, { onDelete: "set null" }),
    lang: text("lang").notNull().default("es"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("defect_claims_order_idx").on(t.orderId),
    index("defect_claims_status_idx").on(t.status, t.createdAt),
    // One open claim per order line: a second while the first is pending is refused.
    uniqueIndex("defect_claims_pending_line_uq")
      .on(t.orderId, t.lineIndex)
      .where(sql`${t.status} = 'pending'`),
  ],
);
