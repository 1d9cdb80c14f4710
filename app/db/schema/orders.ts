/** Orders, their lines and status history (spec §3 Order), owned by app/features/orders. */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
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
    // The back office's reports (docs/features.md, "Reports"): a date range read from the index alone
    // (Drizzle cannot declare INCLUDE columns: the migration 0019 adds them).
    index("orders_report_idx").on(t.dateIssued),
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

/*
 * The reports' daily rollups (migration 0021, docs/decisions/018-report-rollups.md): figures of
 * closed Havana days, filled and read only by app/features/orders/sales-rollup.server.ts and
 * sales-report.server.ts, forgotten by the triggers on `orders` and `order_items`.
 */
export const salesDaily = pgTable("sales_daily", {
  day: date("day").primaryKey(),
  placed: integer("placed").notNull(),
  cancelled: integer("cancelled").notNull(),
  goodsCents: bigint("goods_cents", { mode: "number" }).notNull(),
  shippingCup: bigint("shipping_cup", { mode: "number" }).notNull(),
});

export const salesDailyProducts = pgTable(
  "sales_daily_products",
  {
    day: date("day").notNull(),
    productId: integer("product_id"),
    /** The line's name when it has no product: the group is the product, else the name. */
    nameKey: text("name_key"),
    name: text("name").notNull(),
    units: bigint("units", { mode: "number" }).notNull(),
    revenue: bigint("revenue", { mode: "number" }).notNull(),
  },
  (t) => [index("sales_daily_products_day_idx").on(t.day)],
);

export const salesDailyPlaces = pgTable(
  "sales_daily_places",
  {
    day: date("day").notNull(),
    city: text("city").notNull(),
    province: text("province").notNull(),
    orders: integer("orders").notNull(),
    goods: bigint("goods", { mode: "number" }).notNull(),
  },
  (t) => [index("sales_daily_places_day_idx").on(t.day)],
);
