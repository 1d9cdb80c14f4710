/** Orders, their lines and status history (spec §3 Order), owned by app/features/orders. */
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
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
import { createdAt } from "./columns";
import { coupons } from "./coupons";

export const orderStatuses = ["not_processed", "processed", "shipping", "delivered", "cancelled"] as const;

export type OrderStatus = (typeof orderStatuses)[number];

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    transactionId: text("transaction_id").notNull().unique(), // decision “Order ids are unguessable and private”: random, unguessable
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status").$type<OrderStatus>().notNull().default("not_processed"),
    /** Goods after coupon plus nothing else, in USD cents (decision “The server decides every figure” recomputes it on the server). */
    amountCents: integer("amount_cents").notNull(),
    goodsCents: integer("goods_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    couponId: integer("coupon_id").references(() => coupons.id),
    couponName: text("coupon_name"),
    shippingPriceCup: integer("shipping_price_cup").notNull().default(0), // decision “Prices are kept in US cents”: whole CUP
    shippingName: text("shipping_name").notNull(),
    shippingTime: text("shipping_time").notNull(),
    deliveryOption: text("delivery_option").$type<"standard" | "express">().notNull().default("standard"),
    exchangeRate: numeric("exchange_rate", { precision: 10, scale: 2 }),
    fullName: text("full_name").notNull(),
    clientId: text("client_id").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    stateProvinceRegion: text("state_province_region").notNull(),
    postalZipCode: text("postal_zip_code").notNull().default(""),
    country: text("country").notNull().default("Cuba"),
    phoneNumber: text("phone_number").notNull(),
    deliveryLatitude: doublePrecision("delivery_latitude").notNull(),
    deliveryLongitude: doublePrecision("delivery_longitude").notNull(),
    isGift: boolean("is_gift").notNull().default(false),
    giftMessage: text("gift_message").notNull().default(""),
    paymentType: text("payment_type").notNull().default("cash"),
    /** decision “The server decides every figure”: a repeated submission of the same checkout creates one order. */
    idempotencyKey: text("idempotency_key"),
    language: text("language").notNull().default("es"),
    dateIssued: timestamp("date_issued", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId),
    uniqueIndex("orders_idempotency_uq").on(t.userId, t.idempotencyKey),
    // The back office's order list: newest first, optionally of one status.
    index("orders_date_idx").on(t.dateIssued),
    index("orders_status_date_idx").on(t.status, t.dateIssued),
    // Its search (admin/orders.server.ts): an id's first characters, a name (accents and case
    // ignored) or a phone's digits anywhere, without reading every order (bench/scale.ts).
    index("orders_transaction_prefix_idx").using("btree", sql`${t.transactionId} text_pattern_ops`),
    index("orders_full_name_trgm_idx").using("gin", sql`f_unaccent(lower(${t.fullName})) gin_trgm_ops`),
    index("orders_phone_digits_trgm_idx").using("gin", sql`translate(${t.phoneNumber}, ' +-().', '') gin_trgm_ops`),
  ],
);

/** Each status an order has had, with when (§4.1 tracking timeline; the back office writes moves). */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").$type<OrderStatus>().notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.createdAt)],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    variety: text("variety").notNull().default(""),
    color: text("color").notNull().default(""),
    count: integer("count").notNull(),
    /** Unit price actually charged (wholesale when it applied, decision “The wholesale price”), USD cents. */
    priceCents: integer("price_cents").notNull(),
  },
  // An order's lines are read by order (its page, the invoice, the emails): never a full scan.
  (t) => [index("order_items_order_idx").on(t.orderId)],
);
