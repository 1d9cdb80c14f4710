/** The server cart and its lines (spec §3 Cart), and the carts shared by a link (docs/features.md, "Shareable cart"), owned by app/features/cart. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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

/** A line of a shared cart: what it holds and nothing more (no name, no price, no shopper). */
export type SharedCartLine = { productId: number; count: number; color: string; variety: string };

/**
 * A cart shared by a link (docs/features.md, "Shareable cart"): an unguessable token, the lines' products and counts,
 * and when the link stops working. No shopper is recorded, so the row holds no personal data.
 */
export const sharedCarts = pgTable(
  "shared_carts",
  {
    token: text("token").primaryKey(),
    lines: jsonb("lines").$type<SharedCartLine[]>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("shared_carts_expires_idx").on(t.expiresAt)],
);
