/**
 * The back office's product list: its filters read from the URL, one page of
 * products with stock and status, and the options the form's selects offer (categories, cities).
 */
import { type SQL, and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import { localized } from "~/features/catalog/product-cards.server";
import type { Language } from "~/i18n/languages";
import { escapeLike } from "~/utils/text";
import { LOW_STOCK_BELOW } from "~/features/catalog/low-stock.server";
import { stockSql } from "./combos.server";
import { isRowId, parseRowId } from "~/utils/ids";

export const PRODUCTS_PAGE_SIZE = 50;
export const PRODUCT_QUERY_MAX = 200;

/**
 * The cities the store sells from (the seed's shop cities, spec §3 shop_city); the form also offers
 * any other city a product already has, so editing an older product never loses its city.
 */
export const SHOP_CITIES = ["La Habana", "Santiago de Cuba", "Camagüey", "Holguín", "Santa Clara", "Matanzas"] as const;

export const stockFilters = ["all", "out", "low"] as const;
export type StockFilter = (typeof stockFilters)[number];
export const statusFilters = ["active", "archived", "all"] as const;
export type StatusFilter = (typeof statusFilters)[number];

export type ProductListFilters = {
  q: string;
  /** A category or subcategory id (a category includes its subcategories), or null for all. */
  categoryId: number | null;
  stock: StockFilter;
  status: StatusFilter;
  page: number;
};

export type ProductListRow = {
  id: number;
  name: string;
  category: string;
  imageUrl: string | null;
  priceCents: number;
  wholesalePriceCents: number | null;
  /** A combo (decision 015): its quantity is the number of whole combos its parts allow. */
  isCombo: boolean;
  quantity: number;
  sold: number;
  archived: boolean;
};

/** Reads the list's GET parameters; anything unknown falls back to no filter. */
export function readListFilters(url: URL): ProductListFilters {
  const q = (url.searchParams.get("q") ?? "").replaceAll("\u0000", "").trim().slice(0, PRODUCT_QUERY_MAX);
  const categoryText = url.searchParams.get("category") ?? "";
  const categoryId = parseRowId(categoryText);
  const stockText = url.searchParams.get("stock") ?? "all";
  const statusText = url.searchParams.get("status") ?? "active";
  const asked = Number.parseInt(url.searchParams.get("p") ?? "1", 10);
  return {
    q,
    categoryId,
    stock: (stockFilters as readonly string[]).includes(stockText) ? (stockText as StockFilter) : "all",
    status: (statusFilters as readonly string[]).includes(statusText) ? (statusText as StatusFilter) : "active",
    page: Number.isFinite(asked) && asked > 0 ? Math.min(asked, 1_000_000) : 1,
  };
}

/**
 * One page of the list, newest first: search in both names, brand, model, SKU or the id; a category
 * (with its subcategories); out of stock (0) or low stock (1 to 4, the dashboard's "below 5");
 * on sale, archived or both.
 */
export async function listAdminProducts(
  db: Db,
  lang: Language,
  filters: ProductListFilters,
): Promise<{ rows: ProductListRow[]; total: number; pageCount: number }> {
  const where: SQL[] = [];
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    const text = [
      ilike(products.name, pattern),
      ilike(products.nameEn, pattern),
      ilike(products.brand, pattern),
      ilike(products.model, pattern),
      ilike(products.sku, pattern),
    ];
    const asId = /^#?(\d{1,10})$/.exec(filters.q);
    if (asId && isRowId(Number(asId[1]))) text.push(eq(products.id, Number(asId[1])));
    where.push(or(...text)!);
  }
  if (filters.categoryId !== null) {
    const children = db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.parentId, filters.categoryId));
    where.push(or(eq(products.categoryId, filters.categoryId), inArray(products.categoryId, children))!);
  }
  // A combo's stock is its parts' (decision 015).
  if (filters.stock === "out") where.push(eq(stockSql(), 0));
  if (filters.stock === "low") where.push(and(gt(stockSql(), 0), lt(stockSql(), LOW_STOCK_BELOW))!);
  if (filters.status === "active") where.push(isNull(products.archivedAt));
  if (filters.status === "archived") where.push(isNotNull(products.archivedAt));
  const condition = where.length ? and(...where) : undefined;
  const cat = alias(categories, "cat");
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        nameEn: products.nameEn,
        categoryName: cat.name,
        categoryNameEn: cat.nameEn,
        imageUrl: products.imageUrl,
        priceCents: products.priceCents,
        wholesalePriceCents: products.wholesalePriceCents,
        quantity: stockSql(),
        isCombo: products.isCombo,
        sold: products.sold,
        archivedAt: products.archivedAt,
      })
      .from(products)
      .innerJoin(cat, eq(cat.id, products.categoryId))
      .where(condition)
      .orderBy(desc(products.dateCreated), desc(products.id))
      .limit(PRODUCTS_PAGE_SIZE)
      .offset((filters.page - 1) * PRODUCTS_PAGE_SIZE),
    db.select({ total: count() }).from(products).where(condition),
  ]);
  return {
    total: Number(total),
    pageCount: Math.max(1, Math.ceil(Number(total) / PRODUCTS_PAGE_SIZE)),
    rows: rows.map((row) => ({
      id: row.id,
      name: localized(lang, row.name, row.nameEn),
      category: localized(lang, row.categoryName, row.categoryNameEn),
      imageUrl: row.imageUrl,
      priceCents: row.priceCents,
      wholesalePriceCents: row.wholesalePriceCents,
      quantity: row.quantity,
      isCombo: row.isCombo,
      sold: row.sold,
      archived: row.archivedAt !== null,
    })),
  };
}

/** Every category and subcategory as [id, label] in display order; a subcategory reads "Parent › Sub". */
export async function categoryOptions(db: Db, lang: Language): Promise<Array<[string, string]>> {
  const rows = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
  const out: Array<[string, string]> = [];
  for (const top of rows.filter((c) => c.parentId === null)) {
    const topName = localized(lang, top.name, top.nameEn);
    out.push([String(top.id), topName]);
    for (const child of rows.filter((c) => c.parentId === top.id)) {
      out.push([String(child.id), `${topName} › ${localized(lang, child.name, child.nameEn)}`]);
    }
  }
  return out;
}

/** The shop cities the form offers: the store's cities plus any a product already has. */
export async function shopCityOptions(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ city: products.shopCity }).from(products);
  const extra = rows.map((r) => r.city).filter((city) => city && !(SHOP_CITIES as readonly string[]).includes(city));
  return [...SHOP_CITIES, ...extra.sort((a, b) => a.localeCompare(b, "es"))];
}
