/**
 * Catalogue reads (spec §7.1, §2.5, §2.8): home sections, category listings, product detail, the
 * sitemap's ids. Pages and the REST API both call it; categories live in categories.server.ts and
 * product cards in product-cards.server.ts.
 */
import { type SQL, and, asc, desc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import type { Language } from "~/i18n/languages";
import type { ListingQuery, Paged, PriceRange, ProductCardDto, ProductDto } from "./types";
import { PAGE_SIZE } from "./types";
import { isRowId } from "~/utils/ids";
import { cached } from "./catalog-cache.server";
import { stockSql } from "./combos.server";
import { categoryIdsFor } from "./categories.server";
import {
  type CardRow,
  cardColumns,
  localized,
  onSale,
  ratingStats,
  selectProductCards,
  sub,
  toCardDto,
  withComboParts,
} from "./product-cards.server";

const parent = alias(categories, "parent");

// ---------------------------------------------------------------------------------------------
// Home sections and listings

/** Newest products first (§2.5 new arrivals; §7.1 latest). */
export function getLatestProducts(db: Db, opts: { lang: Language; limit?: number }): Promise<ProductCardDto[]> {
  const limit = opts.limit ?? 6;
  return cached(db, `latest:${opts.lang}:${limit}`, () =>
    selectProductCards(db, opts.lang, { orderBy: [desc(products.dateCreated), desc(products.id)], limit }),
  );
}

/** Most sold first (§2.5 best sellers; §7.1 bestsellers). */
export function getBestsellers(db: Db, opts: { lang: Language; limit?: number }): Promise<ProductCardDto[]> {
  const limit = opts.limit ?? 6;
  return cached(db, `best:${opts.lang}:${limit}`, () =>
    selectProductCards(db, opts.lang, { orderBy: [desc(products.sold), desc(products.id)], limit }),
  );
}

/** decision “Home sections” today's deals: in stock, price below original price, biggest saving first. */
export function getDeals(db: Db, opts: { lang: Language; limit?: number }): Promise<ProductCardDto[]> {
  const limit = opts.limit ?? 6;
  return cached(db, `deals:${opts.lang}:${limit}`, () =>
    selectProductCards(db, opts.lang, {
      where: and(lt(products.priceCents, products.originalPriceCents), gt(stockSql(), 0)),
      orderBy: [desc(sql`${products.originalPriceCents} - ${products.priceCents}`), asc(products.id)],
      limit,
    }),
  );
}

/** Combos on sale (docs/decisions/015-combos.md): those in stock first, then most sold, newest. */
export function getCombos(db: Db, opts: { lang: Language; limit?: number }): Promise<ProductCardDto[]> {
  const limit = opts.limit ?? 6;
  return cached(db, `combos:${opts.lang}:${limit}`, () =>
    selectProductCards(db, opts.lang, {
      where: eq(products.isCombo, true),
      orderBy: [desc(sql`${stockSql()} > 0`), desc(products.sold), desc(products.id)],
      limit,
    }),
  );
}

/**
 * The price filter of §9 as a SQL condition. Labels are USD with inclusive bounds (decision “Listing filters”); each
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
      selectProductCards(db, query.lang, {
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
    const [card] = await withComboParts(db, [toCardDto(row as CardRow, lang)], lang);
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
    const sameSub = await selectProductCards(db, lang, {
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
    const more = await selectProductCards(db, lang, {
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
