/**
 * Catalogue reads (spec §7.1, §2.5, §2.8): categories, listings, product detail. The only module
 * that reads the catalogue tables; pages and the REST API both call it.
 */
import { type SQL, and, asc, desc, eq, gt, gte, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { dataChanged, onDataChange } from "~/features/cache/changes.server";
import { categories, products, reviews } from "~/db/schema";
import type { Language } from "~/i18n/languages";
import type { CategoryDto, ListingQuery, Paged, PriceRange, ProductCardDto, ProductDto, SubcategoryDto } from "./types";
import { PAGE_SIZE } from "./types";
import { isRowId } from "~/utils/ids";

// ---------------------------------------------------------------------------------------------
// In-memory cache. Catalogue reads dominate traffic and change rarely; every write through this
// module (or the modules that change stock) calls invalidateCatalog(). The short TTL bounds how
// stale another process's cache can be when several processes share one PostgreSQL.
const CACHE_TTL_MS = 10_000;
const caches = new WeakMap<Db, Map<string, { at: number; value: Promise<unknown> }>>();

/**
 * Memoises a catalogue read for a few seconds; `invalidateCatalog` drops it. Other catalogue
 * readers (search) use it so that one invalidation covers every cached read.
 */
export async function cached<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && now - hit.at < CACHE_TTL_MS) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { at: now, value });
  value.catch(() => cache.delete(key)); // never cache a failure
  if (cache.size > 5_000) cache.delete(cache.keys().next().value as string);
  return value;
}

/**
 * Drops every cached catalogue read of this database (call after any catalogue or stock write), and
 * with it the memoised settings and the server's page cache (issue 13: one signal,
 * features/cache/changes.server.ts), in this process and, on PostgreSQL, in the others.
 */
export function invalidateCatalog(db: Db): void {
  dataChanged(db);
}

/**
 * The same after a change of stock alone (an order placed or cancelled): the catalogue memo and the
 * page cache drop, the memoised exchange rate and dispatch point stay (checkout reads them per order).
 */
export function invalidateStock(db: Db): void {
  dataChanged(db, "stock");
}

// A change here or in another process (its NOTIFY) drops the memoised reads of this process.
// (The memoised settings, rate and dispatch point, listen for themselves: settings-memo.server.ts.)
onDataChange((db) => {
  caches.get(db)?.clear();
});

/**
 * Products on sale: an archived product (issue 12, `archived_at` set) leaves every listing, search,
 * the sitemap, its own page and the counts, and cannot be put in a cart or wishlist. Every read of
 * products for shoppers goes through this condition; only orders keep reading archived products.
 */
export const onSale: SQL = isNull(products.archivedAt);

// ---------------------------------------------------------------------------------------------
// Serialisation helpers (D1: integer cents in, JSON numbers with at most 2 decimals out).

/** Converts integer USD cents to a JSON number with at most 2 decimals (D1). */
export function centsToUsd(cents: number): number {
  return Math.round(cents) / 100;
}

const sub = alias(categories, "sub");
const parent = alias(categories, "parent");

const ratingStats = (db: Db) =>
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
function cardColumns(stats: ReturnType<typeof ratingStats>) {
  return {
    id: products.id,
    name: products.name,
    nameEn: products.nameEn,
    priceCents: products.priceCents,
    originalPriceCents: products.originalPriceCents,
    wholesalePriceCents: products.wholesalePriceCents,
    quantity: products.quantity,
    sold: products.sold,
    brand: products.brand,
    shopCity: products.shopCity,
    imageUrl: products.imageUrl,
    colors: products.colors,
    varieties: products.varieties,
    dateCreated: products.dateCreated,
    ratingAvg: stats.avg,
    ratingCount: stats.count,
    categoryId: sub.id,
    categorySlug: sub.slug,
    categoryName: sub.name,
    categoryNameEn: sub.nameEn,
  };
}

type CardRow = {
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
  ratingAvg: string | number | null;
  ratingCount: number | null;
  categoryId: number;
  categorySlug: string;
  categoryName: string;
  categoryNameEn: string | null;
};

/** name_en when the language is en and an English text exists, else name (D3, §2.3). */
export function localized(lang: Language, es: string, en: string | null | undefined): string {
  return lang === "en" && en ? en : es;
}

function toCardDto(row: CardRow, lang: Language): ProductCardDto {
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
  };
}

/**
 * Selects product cards with their subcategory and real rating (D10), filtered and ordered. Only
 * products on sale: archived ones are never a card (listings, search, cart, wishlist, reorder).
 */
async function selectCards(
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
  return rows.map((r) => toCardDto(r as CardRow, lang));
}

// ---------------------------------------------------------------------------------------------
// Categories

/** Every top-level category with its subcategories, in display order (§7.1). */
export function getCategories(db: Db, _lang: Language = "es"): Promise<CategoryDto[]> {
  return cached(db, "categories", async () => {
    const rows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
    const toSub = (c: (typeof rows)[number]): SubcategoryDto => ({
      id: c.id,
      slug: c.slug,
      name: c.name,
      name_en: c.nameEn,
      image_url: c.imageUrl,
    });
    return rows
      .filter((c) => c.parentId == null)
      .map((c) => ({ ...toSub(c), sub_categories: rows.filter((s) => s.parentId === c.id).map(toSub) }));
  });
}

/** The category (top level) or subcategory with this slug, with its parent when it has one. */
export async function getCategoryBySlug(
  db: Db,
  slug: string,
): Promise<{ category: CategoryDto; parent: CategoryDto | null } | null> {
  const all = await getCategories(db);
  for (const category of all) {
    if (category.slug === slug) return { category, parent: null };
    const subcategory = category.sub_categories.find((s) => s.slug === slug);
    if (subcategory) return { category: { ...subcategory, sub_categories: [] }, parent: category };
  }
  return null;
}

/** Subcategories of the category with this slug, or null when no top-level category has it. */
export async function getSubcategories(db: Db, slug: string, _lang: Language = "es"): Promise<SubcategoryDto[] | null> {
  const all = await getCategories(db);
  return all.find((c) => c.slug === slug)?.sub_categories ?? null;
}

/** Ids of the category and all its subcategories (a category's listing includes its children). */
async function categoryIdsFor(db: Db, slug: string): Promise<number[] | null> {
  const found = await getCategoryBySlug(db, slug);
  if (!found) return null;
  return [found.category.id, ...found.category.sub_categories.map((s) => s.id)];
}

/**
 * How many products each category holds, by category id: a subcategory counts its own products,
 * a top-level category its own plus its subcategories' (the category page's subcategory cards).
 * One grouped query, cached like every catalogue read.
 */
export function getCategoryProductCounts(db: Db): Promise<Record<number, number>> {
  return cached(db, "category-counts", async () => {
    const [rows, all] = await Promise.all([
      db
        .select({ categoryId: products.categoryId, count: sql<number>`count(*)::int` })
        .from(products)
        .where(onSale)
        .groupBy(products.categoryId),
      getCategories(db),
    ]);
    const counts: Record<number, number> = Object.fromEntries(rows.map((r) => [r.categoryId, r.count]));
    for (const category of all) {
      counts[category.id] =
        (counts[category.id] ?? 0) + category.sub_categories.reduce((sum, s) => sum + (counts[s.id] ?? 0), 0);
    }
    return counts;
  });
}

// ---------------------------------------------------------------------------------------------
// Home sections and listings

/** Newest products first (§2.5 new arrivals; §7.1 latest). */
export function getLatestProducts(db: Db, opts: { lang: Language; limit?: number }): Promise<ProductCardDto[]> {
  const limit = opts.limit ?? 6;
  return cached(db, `latest:${opts.lang}:${limit}`, () =>
    selectCards(db, opts.lang, { orderBy: [desc(products.dateCreated), desc(products.id)], limit }),
  );
}

/** Most sold first (§2.5 best sellers; §7.1 bestsellers). */
export function getBestsellers(db: Db, opts: { lang: Language; limit?: number }): Promise<ProductCardDto[]> {
  const limit = opts.limit ?? 6;
  return cached(db, `best:${opts.lang}:${limit}`, () =>
    selectCards(db, opts.lang, { orderBy: [desc(products.sold), desc(products.id)], limit }),
  );
}

/** D13 today's deals: in stock, price below original price, biggest saving first. */
export function getDeals(db: Db, opts: { lang: Language; limit?: number }): Promise<ProductCardDto[]> {
  const limit = opts.limit ?? 6;
  return cached(db, `deals:${opts.lang}:${limit}`, () =>
    selectCards(db, opts.lang, {
      where: and(lt(products.priceCents, products.originalPriceCents), gt(products.quantity, 0)),
      orderBy: [desc(sql`${products.originalPriceCents} - ${products.priceCents}`), asc(products.id)],
      limit,
    }),
  );
}

/**
 * Live cards (not memoised: stock and price as they are now) for any number of ids, by id, in
 * one query: the cart's and the wishlist's lines. Unknown ids are absent.
 */
export async function getProductCardMap(db: Db, ids: number[], lang: Language): Promise<Map<number, ProductCardDto>> {
  const wanted = [...new Set(ids.filter(isRowId))];
  if (wanted.length === 0) return new Map();
  const cards = await selectCards(db, lang, {
    where: inArray(products.id, wanted),
    orderBy: [asc(products.id)],
    limit: wanted.length,
  });
  return new Map(cards.map((c) => [c.id, c]));
}

/** Cards for at most 50 of the given ids, in the order given (D13 recently viewed); unknown ids are skipped. */
export async function getProductsByIds(db: Db, ids: number[], lang: Language): Promise<ProductCardDto[]> {
  const wanted = [...new Set(ids.filter(isRowId))].slice(0, 50);
  const byId = await getProductCardMap(db, wanted, lang);
  return wanted.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The price filter of §9 as a SQL condition. Labels are USD with inclusive bounds (D12b); each
 * range runs up to the next one's start so that a price such as 19.50 is never in no range.
 */
export function priceRangeCondition(range: PriceRange): SQL | undefined {
  const bounds: Record<PriceRange, [number, number | null] | null> = {
    all: null,
    "1 - 19": [100, 2000],
    "20 - 39": [2000, 4000],
    "40 - 59": [4000, 6000],
    "60 - 79": [6000, 8000],
    "More than 80": [8000, null],
  };
  const b = bounds[range];
  if (!b) return undefined;
  return b[1] == null
    ? gte(products.priceCents, b[0])
    : and(gte(products.priceCents, b[0]), lt(products.priceCents, b[1]));
}

function sortOrder(query: Pick<ListingQuery, "sortBy" | "order" | "lang">): SQL[] {
  const dir = query.order === "asc" ? asc : desc;
  const column = {
    date_created: products.dateCreated,
    price: products.priceCents,
    name:
      query.lang === "en" ? sql`lower(coalesce(${products.nameEn}, ${products.name}))` : sql`lower(${products.name})`,
    sold: products.sold,
  }[query.sortBy];
  return [dir(column), dir(products.id)];
}

/**
 * One page of a category or subcategory listing (§2.8, §7.1 `by/search`): price filter, sort and
 * 42 per page. Returns null when the slug names no category.
 */
export async function listProducts(db: Db, query: ListingQuery): Promise<Paged<ProductCardDto> | null> {
  const key = `list:${JSON.stringify(query)}`;
  return cached(db, key, async () => {
    const ids = await categoryIdsFor(db, query.categorySlug);
    if (!ids) return null;
    const where = and(onSale, inArray(products.categoryId, ids), priceRangeCondition(query.priceRange));
    const [results, [{ count }]] = await Promise.all([
      selectCards(db, query.lang, {
        where,
        orderBy: sortOrder(query),
        limit: PAGE_SIZE,
        offset: (Math.max(1, query.page) - 1) * PAGE_SIZE,
      }),
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(products)
        .where(where),
    ]);
    return { results, count };
  });
}

// ---------------------------------------------------------------------------------------------
// Product detail

/** The full product of §3 (null when unknown or archived: its page and API detail are a 404). */
export function getProduct(db: Db, id: number, lang: Language): Promise<ProductDto | null> {
  if (!isRowId(id)) return Promise.resolve(null);
  return cached(db, `product:${lang}:${id}`, async () => {
    const stats = ratingStats(db);
    const [row] = await db
      .select({
        ...cardColumns(stats),
        description: products.description,
        descriptionEn: products.descriptionEn,
        model: products.model,
        weight: products.weight,
        dimensions: products.dimensions,
        color: products.color,
        warranty: products.warranty,
        image2Url: products.image2Url,
        image3Url: products.image3Url,
        image4Url: products.image4Url,
        features: products.features,
        featuresEn: products.featuresEn,
        parentId: parent.id,
        parentSlug: parent.slug,
        parentName: parent.name,
        parentNameEn: parent.nameEn,
      })
      .from(products)
      .innerJoin(sub, eq(sub.id, products.categoryId))
      .leftJoin(parent, eq(parent.id, sub.parentId))
      .leftJoin(stats, eq(stats.productId, products.id))
      .where(and(eq(products.id, id), onSale))
      .limit(1);
    if (!row) return null;
    const card = toCardDto(row as CardRow, lang);
    const featuresEn = row.featuresEn ?? [];
    return {
      ...card,
      description: localized(lang, row.description, row.descriptionEn),
      description_en: row.descriptionEn,
      model: row.model,
      weight: row.weight,
      dimensions: row.dimensions,
      color: card.colors_list[0] ?? row.color,
      warranty: row.warranty,
      image2_url: row.image2Url,
      image3_url: row.image3Url,
      image4_url: row.image4Url,
      features_list: lang === "en" && featuresEn.length > 0 ? featuresEn : (row.features ?? []),
      parent_category:
        row.parentId == null
          ? null
          : { id: row.parentId, slug: row.parentSlug!, name: row.parentName!, name_en: row.parentNameEn },
    };
  });
}

/**
 * Related products (§2.10): the same subcategory first, then the same department, best sellers
 * first; null when the product does not exist.
 */
export async function getRelatedProducts(
  db: Db,
  id: number,
  lang: Language,
  limit = 8,
): Promise<ProductCardDto[] | null> {
  const product = await getProduct(db, id, lang);
  if (!product) return null;
  return cached(db, `related:${lang}:${id}:${limit}`, async () => {
    const sameSub = await selectCards(db, lang, {
      where: and(eq(products.categoryId, product.category.id), ne(products.id, id)),
      orderBy: [desc(products.sold), asc(products.id)],
      limit,
    });
    if (sameSub.length >= limit || !product.parent_category) return sameSub;
    const siblings = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.parentId, product.parent_category.id), ne(categories.id, product.category.id)));
    if (siblings.length === 0) return sameSub;
    const more = await selectCards(db, lang, {
      where: inArray(
        products.categoryId,
        siblings.map((s) => s.id),
      ),
      orderBy: [desc(products.sold), asc(products.id)],
      limit: limit - sameSub.length,
    });
    return [...sameSub, ...more];
  });
}

/** Every product id on sale with its last change, for the sitemap. */
export function getProductIdsForSitemap(db: Db): Promise<{ id: number; updatedAt: Date }[]> {
  return cached(db, "sitemap", async () =>
    (
      await db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(onSale)
        .orderBy(asc(products.id))
    ).map((r) => ({ id: r.id, updatedAt: new Date(r.updatedAt) })),
  );
}

/** Number of products on sale (company info's `products` figure, §3; archived ones excluded). */
export function countProducts(db: Db): Promise<number> {
  return cached(db, "count", async () => {
    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(onSale);
    return count;
  });
}

/**
 * Every image URL a product (archived ones too: orders keep them) or a category points at, for
 * the pruning of orphaned media (features/media/prune.server.ts). Never cached: the pruning must
 * see the rows as they are.
 */
export async function getCatalogImageUrls(db: Db): Promise<string[]> {
  const [productRows, categoryRows] = await Promise.all([
    db
      .select({ a: products.imageUrl, b: products.image2Url, c: products.image3Url, d: products.image4Url })
      .from(products),
    db.select({ url: categories.imageUrl }).from(categories),
  ]);
  return [...productRows.flatMap((r) => [r.a, r.b, r.c, r.d]), ...categoryRows.map((r) => r.url)].filter(
    (url): url is string => !!url,
  );
}

// Used by the search module to render its hits as the same cards as every listing.
export { selectCards as selectProductCards };
