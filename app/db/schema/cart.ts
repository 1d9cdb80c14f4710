/** The server cart and its lines (spec §3 Cart), owned by app/features/cart. */
import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { products } from "./catalog";
import { createdAt } from "./columns";

export const carts = pgTable("carts", {
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    count: integer("count").notNull(),
    color: text("color").notNull().default(""),
    variety: text("variety").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    // One line per product+colour+variety (§4.3): concurrent adds merge instead of duplicating.
    uniqueIndex("cart_items_line_uq").on(t.cartId, t.productId, t.color, t.variety),
    check("cart_items_count_pos", sql`${t.count} >= 1`),
  ],
);
