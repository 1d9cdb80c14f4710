/**
 * The whole data model of spec §3, in one pg-core schema shared by PGlite and PostgreSQL.
 * Money is integer USD cents (D1); shipping is whole CUP (D1, D15).
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Categories and subcategories share one table so that a slug names exactly one of them (D3). */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    nameEn: text("name_en"),
    imageUrl: text("image_url"),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("categories_parent_idx").on(t.parentId)],
);

export type ColorOption = { name: string; name_en?: string; hex: string };

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    name: text("name").notNull(),
    nameEn: text("name_en"),
    description: text("description").notNull().default(""),
    descriptionEn: text("description_en"),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents").notNull(),
    wholesalePriceCents: integer("wholesale_price_cents"),
    quantity: integer("quantity").notNull().default(0),
    sold: integer("sold").notNull().default(0),
    brand: text("brand").notNull().default(""),
    model: text("model").notNull().default(""),
    weight: text("weight").notNull().default(""),
    dimensions: text("dimensions").notNull().default(""),
    color: text("color").notNull().default(""),
    colors: jsonb("colors").$type<ColorOption[]>().notNull().default([]),
    varieties: text("varieties")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    featuresEn: text("features_en")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    warranty: boolean("warranty").notNull().default(false),
    shopCity: text("shop_city").notNull().default("La Habana"),
    imageUrl: text("image_url"),
    image2Url: text("image2_url"),
    image3Url: text("image3_url"),
    image4Url: text("image4_url"),
    /** Maintained by the search module (D12): Spanish, English and accent-free simple forms. */
    searchVector: tsvector("search_vector"),
    /** The kind of product (the head of its names), for the ranking; maintained with search_vector. */
    headVector: tsvector("head_vector"),
    /** The names' own words, unstemmed, for the ranking; maintained with search_vector. */
    nameWordsVector: tsvector("name_words_vector"),
    dateCreated: timestamp("date_created", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when an operator archives the product (issue 12): it leaves listings, search and its own
     * page, but the orders that hold it keep their lines. Null for a product on sale.
     */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId),
    index("products_date_idx").on(t.dateCreated),
    index("products_sold_idx").on(t.sold),
    index("products_price_idx").on(t.priceCents),
    index("products_search_idx").using("gin", t.searchVector),
    check("products_quantity_nonneg", sql`${t.quantity} >= 0`),
    check("products_price_nonneg", sql`${t.priceCents} >= 0 and ${t.originalPriceCents} >= 0`),
  ],
);

/** Vocabulary of catalogue words, for one-typo tolerance in search (D12). */
export const searchTerms = pgTable("search_terms", { term: text("term").primaryKey() }, (t) => [
  index("search_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`),
]);

/**
 * Synonym groups operators add in the back office (issue 23 point 1), beside the groups of
 * app/features/search/vocabulary/*.json: each row is one group of words or phrases that mean the
 * same in a search, for one language's list.
 */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: serial("id").primaryKey(),
    language: text("language").notNull(),
    terms: text("terms").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("search_synonyms_language", sql`${t.language} in ('es', 'en')`)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    username: text("username").notNull().unique(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    passwordHash: text("password_hash"),
    isActive: boolean("is_active").notNull().default(false),
    isStaff: boolean("is_staff").notNull().default(false),
    /** D24, issue 12: operators run the back office; everyone else is a customer. */
    role: text("role").$type<"customer" | "operator">().notNull().default("customer"),
    googleSub: text("google_sub").unique(),
    /** Bumped by a password reset: tokens issued before it are refused (issue: sessions). */
    tokenVersion: integer("token_version").notNull().default(0),
    language: text("language").notNull().default("es"),
    dateJoined: timestamp("date_joined", { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp("last_login", { withTimezone: true }),
  },
  // The back office finds an order by part of its account's email (bench/scale.ts).
  (t) => [index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`)],
);

export const profiles = pgTable("profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  address: text("address").notNull().default(""),
  city: text("city").notNull().default(""),
  stateProvinceRegion: text("state_province_region").notNull().default(""),
  zipcode: text("zipcode").notNull().default(""),
  phone: text("phone").notNull().default(""),
});

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

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("wishlist_items_uq").on(t.userId, t.productId)],
);

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
    uniqueIndex("reviews_user_product_uq").on(t.userId, t.productId), // D11
    index("reviews_product_idx").on(t.productId),
    check("reviews_rating_range", sql`${t.rating} >= 1 and ${t.rating} <= 5`),
  ],
);

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

export const orderStatuses = ["not_processed", "processed", "shipping", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    transactionId: text("transaction_id").notNull().unique(), // D19: random, unguessable
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status").$type<OrderStatus>().notNull().default("not_processed"),
    /** Goods after coupon plus nothing else, in USD cents (D18 recomputes it on the server). */
    amountCents: integer("amount_cents").notNull(),
    goodsCents: integer("goods_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    couponId: integer("coupon_id").references(() => coupons.id),
    couponName: text("coupon_name"),
    shippingPriceCup: integer("shipping_price_cup").notNull().default(0), // D1: whole CUP
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
    /** D18: a repeated submission of the same checkout creates one order. */
    idempotencyKey: text("idempotency_key"),
    language: text("language").notNull().default("es"),
    dateIssued: timestamp("date_issued", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_idx").on(t.userId),
    uniqueIndex("orders_idempotency_uq").on(t.userId, t.idempotencyKey),
    // The back office's order list: newest first, optionally of one status (issue 12).
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
    /** Unit price actually charged (wholesale when it applied, D13b), USD cents. */
    priceCents: integer("price_cents").notNull(),
  },
  // An order's lines are read by order (its page, the invoice, the emails): never a full scan.
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

export const slides = pgTable("slides", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  titleEn: text("title_en"),
  subtitle: text("subtitle").notNull().default(""),
  subtitleEn: text("subtitle_en"),
  imageUrl: text("image_url").notNull(),
  link: text("link"),
  /** Mobile-app link (iPhone, iPad, iPod, Android) used instead of `link` on such devices (§2.5). */
  appLink: text("app_link"),
  hasWhatsapp: boolean("has_whatsapp").notNull().default(false),
  phoneNumber: text("phone_number").notNull().default(""),
  whatsappMessage: text("whatsapp_message").notNull().default(""),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

/** A single row (id = 1) holding the company record of §3. */
export const companyInfo = pgTable("company_info", {
  id: smallint("id").primaryKey().default(1),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  descriptionEn: text("description_en"),
  companyLogoUrl: text("company_logo_url").notNull().default(""),
  facebookUrl: text("facebook_url").notNull().default(""),
  twitterUrl: text("twitter_url").notNull().default(""),
  instagramUrl: text("instagram_url").notNull().default(""),
  linkedinUrl: text("linkedin_url").notNull().default(""),
  attPhone: text("att_phone").notNull().default(""),
  supportEmail: text("support_email").notNull().default(""),
  sellsPhone: text("sells_phone").notNull().default(""),
  salesEmail: text("sales_email").notNull().default(""),
  address: text("address").notNull().default(""),
  dispatchLatitude: doublePrecision("dispatch_latitude").notNull().default(23.1136), // D15
  dispatchLongitude: doublePrecision("dispatch_longitude").notNull().default(-82.3666),
});

/** Date-stamped CUP-per-USD rates; the newest one is current (D2). */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: serial("id").primaryKey(),
    rate: numeric("rate", { precision: 10, scale: 2 }).notNull(),
    effectiveDate: date("effective_date").notNull(),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("exchange_rates_date_idx").on(t.effectiveDate, t.createdAt)],
);

export const providerApplications = pgTable("provider_applications", {
  id: serial("id").primaryKey(),
  businessName: text("business_name").notNull(),
  contactName: text("contact_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
  address: text("address").notNull(),
  providerType: text("provider_type").$type<"local" | "warehouse">().notNull(),
  productCategories: text("product_categories").notNull(),
  businessDescription: text("business_description").notNull(),
  termsAccepted: boolean("terms_accepted").notNull(),
  status: text("status").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
  language: text("language").notNull().default("es"), // the applicant's emails speak it
  /** The operator's decision (issue 12): the note sent to the applicant, when, and by whom. */
  reviewNote: text("review_note").notNull().default(""),
  reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  reviewedBy: text("reviewed_by"),
  createdAt: createdAt(),
});

export const chatConversations = pgTable("chat_conversations", {
  sessionId: uuid("session_id").primaryKey(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  language: text("language").notNull().default("es"),
  /** Set while a reply is being written: a second message meanwhile gets 409 (issue 11). */
  pendingSince: timestamp("pending_since", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => chatConversations.sessionId, { onDelete: "cascade" }),
    role: text("role").$type<"user" | "assistant">().notNull(),
    content: text("content").notNull(),
    isError: boolean("is_error").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_session_idx").on(t.sessionId, t.createdAt)],
);

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  email: text("email").primaryKey(), // stored lower-cased: one row per address (D25)
  language: text("language").notNull().default("es"),
  createdAt: createdAt(),
});

/** Rate-limit counters live in the database so several app processes share them. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Sessions ended before their tokens expire (sign-out, issue 9): every token carries its session
 * id (`sid`), and a token whose session is listed here is refused. Rows can go once `expires_at`
 * (the refresh token's expiry) has passed.
 */
export const revokedSessions = pgTable(
  "revoked_sessions",
  {
    sid: text("sid").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("revoked_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Every change made in the back office or by the operator command (issue 12): who, when, what,
 * and the record before and after. The actor's email is kept so an entry outlives its account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_entity_idx").on(t.entity, t.entityId)],
);

/**
 * Emails waiting to go out (issue 10): written in the same transaction as what they tell about (an
 * order placed, a status change), sent after commit by the outbox sender, so a crash between the
 * two loses none and the shopper's answer never waits for the mail server. A sender claims a row
 * by setting `locked_until` (a lease, `FOR UPDATE SKIP LOCKED`), so several processes on one
 * PostgreSQL never send one row twice; a failed send is retried from `next_attempt_at`.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    /** Which renderer builds the message from `payload` at send time (e.g. `order.confirmation`). */
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Settings every process of one store must share, created once (`insert … on conflict do
 * nothing`): today the generated signing secret when `SECRET_KEY` is unset (app/db/secret.server.ts).
 */
export const serverSettings = pgTable("server_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
