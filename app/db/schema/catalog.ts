/** Categories and products (spec §3), owned by app/features/catalog. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tsvector } from "./columns";

/** Categories and subcategories share one table so that a slug names exactly one of them (decision “Names in both languages”). */
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
    /** The operator's own stock-keeping code (docs/features.md, "Catalogue import and export"): optional, unique when given; CSV imports match on it. */
    sku: text("sku"),
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
    /** Maintained by the search module (decision “Search forgives the way people type”): Spanish, English and accent-free simple forms. */
    searchVector: tsvector("search_vector"),
    /** The kind of product (the head of its names), for the ranking; maintained with search_vector. */
    headVector: tsvector("head_vector"),
    /** The names' own words, unstemmed, for the ranking; maintained with search_vector. */
    nameWordsVector: tsvector("name_words_vector"),
    dateCreated: timestamp("date_created", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when an operator archives the product: it leaves listings, search and its own
     * page, but the orders that hold it keep their lines. Null for a product on sale.
     */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /**
     * A combo (docs/decisions/015-combos.md) is sold as one product but holds no stock of its own: its stock is
     * computed from its parts (`combo_parts`, decision 015); its `quantity` stays 0.
     */
    isCombo: boolean("is_combo").notNull().default(false),
  },
  (t) => [
    uniqueIndex("products_sku_uq").on(t.sku),
    index("products_category_idx").on(t.categoryId),
    index("products_date_idx").on(t.dateCreated),
    index("products_sold_idx").on(t.sold),
    index("products_price_idx").on(t.priceCents),
    index("products_search_idx").using("gin", t.searchVector),
    check("products_quantity_nonneg", sql`${t.quantity} >= 0`),
    check("products_price_nonneg", sql`${t.priceCents} >= 0 and ${t.originalPriceCents} >= 0`),
  ],
);

/** The parts of a combo and how many of each one combo holds (decision 015); fixed once the combo exists. */
export const comboParts = pgTable(
  "combo_parts",
  {
    comboId: integer("combo_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.comboId, t.productId] }),
    index("combo_parts_product_idx").on(t.productId),
    check("combo_parts_quantity_range", sql`${t.quantity} between 1 and 99`),
    check("combo_parts_not_itself", sql`${t.comboId} <> ${t.productId}`),
  ],
);
