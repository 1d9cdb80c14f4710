/**
 * Product cards (§7.1): the shape every listing, search hit, cart and wishlist line shows, read
 * with their subcategory and real rating, and the money and language helpers they are built with.
 */
import { type SQL, and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import { reviews } from "~/db/schema/reviews";
import type { Language } from "~/i18n/languages";
import { getComboParts, stockSql } from "./combos.server";
import type { ProductCardDto } from "./types";
import { isRowId } from "~/utils/ids";

/**
 * Products on sale: an archived product (`archived_at` set) leaves every listing, search,
 * the sitemap, its own page and the counts, and cannot be put in a cart or wishlist. Every read of
 * products for shoppers goes through this condition; only orders keep reading archived products.
 */
export const onSale: SQL = isNull(products.archivedAt);

// ---------------------------------------------------------------------------------------------
// Serialisation helpers (decision “Prices are kept in US cents”: integer cents in, JSON numbers with at most 2 decimals out).

/** Converts integer USD cents to a JSON number with at most 2 decimals (decision “Prices are kept in US cents”). */
export function centsToUsd(cents: number): number {
  return Math.round(cents) / 100;
}

export const sub = alias(categories, "sub");

export const ratingStats = (db: Db) =>
  db
    .select({
      productId: reviews.productId,
      avg: sql<string>`round(avg(${reviews.rating}), 1)`.as("avg"),
      count: sql<number>`count(*)::int`.as("count"),
    })
    .from(reviews)
    .groupBy(reviews.productId)
    .as("rating_stats");

/** The columns a product card needs, selected once for every listing. */
export function cardColumns(stats: ReturnType<typeof ratingStats>) {
  return {
    id: products.id,
    name: products.name,
    nameEn: products.nameEn,
    priceCents: products.priceCents,
    originalPriceCents: products.originalPriceCents,
    wholesalePriceCents: products.wholesalePriceCents,
    quantity: stockSql(),
    sold: products.sold,
    brand: products.brand,
    shopCity: products.shopCity,
    imageUrl: products.imageUrl,
    colors: products.colors,
    varieties: products.varieties,
    dateCreated: products.dateCreated,
    isCombo: products.isCombo,
    ratingAvg: stats.avg,
    ratingCount: stats.count,
    categoryId: sub.id,
    categorySlug: sub.slug,
    categoryName: sub.name,
    categoryNameEn: sub.nameEn,
  };
}

export type CardRow = {
  id: number;
  name: string;
  nameEn: string | null;
  priceCents: number;
  originalPriceCents: number;
  wholesalePriceCents: number | null;
  quantity: number;
  sold: number;
  brand: string;
  shopCity: string;
  imageUrl: string | null;
  colors: { name: string; name_en?: string; hex: string }[];
  varieties: string[];
  dateCreated: Date | string;
  isCombo: boolean;
  ratingAvg: string | number | null;
  ratingCount: number | null;
  categoryId: number;
  categorySlug: string;
  categoryName: string;
  categoryNameEn: string | null;
};

/** name_en when the language is en and an English text exists, else name (decision “Names in both languages”, §2.3). */
export function localized(lang: Language, es: string, en: string | null | undefined): string {
  return lang === "en" && en ? en : es;
}

export function toCardDto(row: CardRow, lang: Language): ProductCardDto {
  const colors = row.colors ?? [];
  return {
    id: row.id,
    name: row.name,
    name_en: row.nameEn,
    display_name: localized(lang, row.name, row.nameEn),
    price: centsToUsd(row.priceCents),
    original_price: centsToUsd(row.originalPriceCents),
    compare_price: centsToUsd(row.originalPriceCents),
    wholesale_price: row.wholesalePriceCents == null ? null : centsToUsd(row.wholesalePriceCents),
    quantity: row.quantity,
    sold: row.sold,
    brand: row.brand,
    shop_city: row.shopCity,
    image_url: row.imageUrl,
    colors_list: colors.map((c) => localized(lang, c.name, c.name_en)),
    // §3: colour name to hex; grey when a colour has none.
    color_hex_mapping: Object.fromEntries(colors.map((c) => [localized(lang, c.name, c.name_en), c.hex || "#9ca3af"])),
    has_multiple_colors: colors.length > 1,
    varieties_list: row.varieties ?? [],
    rating: row.ratingAvg == null ? null : Number(row.ratingAvg),
    reviews_count: row.ratingCount ?? 0,
    category: { id: row.categoryId, slug: row.categorySlug, name: row.categoryName, name_en: row.categoryNameEn },
    date_created: new Date(row.dateCreated).toISOString(),
    is_combo: row.isCombo,
    combo_parts: [],
  };
}

/** Fills in the contents of the combos among `cards` (one query, none when there is no combo). */
export async function withComboParts<T extends ProductCardDto>(db: Db, cards: T[], lang: Language): Promise<T[]> {
  const combos = cards.filter((card) => card.is_combo).map((card) => card.id);
  if (combos.length === 0) return cards;
  const parts = await getComboParts(db, combos, lang);
  return cards.map((card) => (card.is_combo ? { ...card, combo_parts: parts.get(card.id) ?? [] } : card));
}

/**
 * Selects product cards with their subcategory and real rating (decision “Real ratings”), filtered and ordered. Only
 * products on sale: archived ones are never a card (listings, search, cart, wishlist, reorder).
 */
export async function selectProductCards(
  db: Db,
  lang: Language,
  opts: { where?: SQL; orderBy: SQL[]; limit: number; offset?: number },
): Promise<ProductCardDto[]> {
  const stats = ratingStats(db);
  const rows = await db
    .select(cardColumns(stats))
    .from(products)
    .innerJoin(sub, eq(sub.id, products.categoryId))
    .leftJoin(stats, eq(stats.productId, products.id))
    .where(and(onSale, opts.where))
    .orderBy(...opts.orderBy)
    .limit(opts.limit)
    .offset(opts.offset ?? 0);
  return withComboParts(
    db,
    rows.map((r) => toCardDto(r as CardRow, lang)),
    lang,
  );
}

/**
 * Live cards (not memoised: stock and price as they are now) for any number of ids, by id, in
 * one query: the cart's and the wishlist's lines. Unknown ids are absent.
 */
export async function getProductCardMap(db: Db, ids: number[], lang: Language): Promise<Map<number, ProductCardDto>> {
  const wanted = [...new Set(ids.filter(isRowId))];
  if (wanted.length === 0) return new Map();
  const cards = await selectProductCards(db, lang, {
    where: inArray(products.id, wanted),
    orderBy: [asc(products.id)],
    limit: wanted.length,
  });
  return new Map(cards.map((c) => [c.id, c]));
}

/** Cards for at most 50 of the given ids, in the order given (decision “Home sections” recently viewed); unknown ids are skipped. */
export async function getProductsByIds(db: Db, ids: number[], lang: Language): Promise<ProductCardDto[]> {
  const wanted = [...new Set(ids.filter(isRowId))].slice(0, 50);
  const byId = await getProductCardMap(db, wanted, lang);
  return wanted.flatMap((id) => byId.get(id) ?? []);
}
