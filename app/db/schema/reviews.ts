/** Product reviews (spec §3 Review), owned by app/features/reviews. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: numeric("rating", { precision: 2, scale: 1 }).notNull(),
    comment: text("comment").notNull(),
    helpfulCount: integer("helpful_count").notNull().default(0),
    verifiedPurchase: boolean("verified_purchase").notNull().default(false),
    dateCreated: timestamp("date_created", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_user_product_uq").on(t.userId, t.productId), // decision “Review comments”
    index("reviews_product_idx").on(t.productId),
    check("reviews_rating_range", sql`${t.rating} >= 1 and ${t.rating} <= 5`),
  ],
);
