/** Categories and subcategories (§7.1): the tree, one by slug, and product counts per category. */
import { asc, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import type { Language } from "~/i18n/languages";
import { cached } from "./catalog-cache.server";
import { onSale } from "./product-cards.server";
import type { CategoryDto, SubcategoryDto } from "./types";

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
export async function categoryIdsFor(db: Db, slug: string): Promise<number[] | null> {
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
