/**
 * The back office's categories (spec §2.7, §2.8, §3 Category; decision “Names in both languages”): the tree with
 * product counts, create and edit with an image, and reordering among siblings. Categories and
 * subcategories share one table and one slug space (decision “Names in both languages”), so a slug is checked against both. Every
 * change is audited in its own transaction and drops the storefront's memo at once.
 */
import { and, asc, count, eq, isNull, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import { isUniqueViolation } from "~/features/accounts/accounts.server";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import type { MediaStore } from "~/features/media/store.server";
import { isPickedFile, storeUploadedImage } from "~/features/media/upload.server";
import { indexProducts } from "~/features/search/search-index.server";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { type MoveDirection, movedOrder, optionalText, parseWith, requiredText } from "~/features/admin/forms.server";
import { parseRowId } from "~/utils/ids";

export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_SLUG_MAX = 80;
/** Lowercase letters a-z, digits and single hyphens between them: the slug is a URL segment (§2.2). */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type CategoryRow = typeof categories.$inferSelect;

/** What a save answers: the stored id, or each field's error (a translation key). */
export type SaveResult = { ok: true; id: number } | { ok: false; errors: Record<string, string> };

/** A slug suggested from a (Spanish) name: accents removed, lowercase, other characters as hyphens. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, CATEGORY_SLUG_MAX)
    .replace(/^-+|-+$/g, "");
}

export type CategoryTreeNode = {
  id: number;
  slug: string;
  name: string;
  nameEn: string | null;
  imageUrl: string | null;
  position: number;
  /** Products on sale in it (a top category: its own plus its subcategories'); archived ones excluded. */
  productCount: number;
  subcategories: Omit<CategoryTreeNode, "subcategories">[];
};

/** Top categories in `position` order, each with its subcategories and product counts. */
export async function getCategoryTree(db: Db): Promise<CategoryTreeNode[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .where(isNull(products.archivedAt))
      .groupBy(products.categoryId),
  ]);
  const own = new Map(counts.map((c) => [c.categoryId, Number(c.n)]));
  const node = (c: CategoryRow) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    nameEn: c.nameEn,
    imageUrl: c.imageUrl,
    position: c.position,
    productCount: own.get(c.id) ?? 0,
  });
  return rows
    .filter((c) => c.parentId == null)
    .map((top) => {
      const subcategories = rows.filter((s) => s.parentId === top.id).map(node);
      const self = node(top);
      return {
        ...self,
        productCount: self.productCount + subcategories.reduce((sum, s) => sum + s.productCount, 0),
        subcategories,
      };
    });
}

/** One category with whether it has subcategories (then it cannot become one), or null. */
export async function getCategoryForEdit(
  db: Db,
  id: number,
): Promise<{ category: CategoryRow; hasChildren: boolean } | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [category] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  if (!category) return null;
  const [{ n }] = await db.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
  return { category, hasChildren: Number(n) > 0 };
}

/** The categories a category may hang from: every top category but itself, in order. */
export async function getParentOptions(db: Db, exceptId?: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(exceptId ? and(isNull(categories.parentId), ne(categories.id, exceptId)) : isNull(categories.parentId))
    .orderBy(asc(categories.position), asc(categories.id));
}

/** The text fields of the category form; the slug's format and uniqueness are checked after. */
export const CategoryFormSchema = z.object({
  name: requiredText(CATEGORY_NAME_MAX),
  nameEn: optionalText(CATEGORY_NAME_MAX),
  slug: optionalText(CATEGORY_SLUG_MAX),
  parentId: optionalText(12).refine((v) => v === "" || parseRowId(v) !== null, "admin.form.invalid"),
});

const auditView = (c: CategoryRow) => ({
  slug: c.slug,
  name: c.name,
  nameEn: c.nameEn,
  parentId: c.parentId,
  imageUrl: c.imageUrl,
  position: c.position,
});

/**
 * Creates (no `id`) or updates a category from its posted form. Every field is checked first
 * (slug format and uniqueness across categories and subcategories, decision “Names in both languages”; parent rules; the image a
 * top category needs); only then is a picked image stored, and only then the record, with its
 * audit entry in the same transaction. A refusal stores nothing.
 */
export async function saveCategory(
  db: Db,
  deps: { media: MediaStore; actor: AuditActor },
  form: FormData,
  id?: number,
): Promise<SaveResult> {
  const existing = id === undefined ? null : await getCategoryForEdit(db, id);
  if (id !== undefined && !existing) return { ok: false, errors: { form: "admin.form.notFound" } };

  const parsed = parseWith(CategoryFormSchema, Object.fromEntries(textEntries(form)));
  const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
  const input = parsed.ok ? parsed.data : null;

  // The slug: as typed, or suggested from the Spanish name when left empty.
  let slug = "";
  if (input) {
    slug = input.slug === "" ? slugify(input.name) : input.slug;
    if (!CATEGORY_SLUG_PATTERN.test(slug)) {
      errors.slug = input.slug === "" ? "admin.categories.errors.slugEmpty" : "admin.categories.errors.slugFormat";
    } else {
      const [taken] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(id === undefined ? eq(categories.slug, slug) : and(eq(categories.slug, slug), ne(categories.id, id)))
        .limit(1);
      if (taken) errors.slug = "admin.categories.errors.slugTaken";
    }
  }

  // The parent: none (a top category) or a top category other than itself.
  let parentId: number | null = null;
  if (input && input.parentId !== "") {
    parentId = Number(input.parentId);
    const [parent] = await db.select().from(categories).where(eq(categories.id, parentId)).limit(1);
    if (parentId === id) errors.parentId = "admin.categories.errors.parentSelf";
    else if (!parent) errors.parentId = "admin.categories.errors.parentMissing";
    else if (parent.parentId != null) errors.parentId = "admin.categories.errors.parentNotTop";
    else if (existing?.hasChildren) errors.parentId = "admin.categories.errors.parentHasChildren";
  }

  // A top category shows its image as the home page's card (§2.5) while it has at most one
  // subcategory, so it needs one; a subcategory may go without (the storefront draws a placeholder).
  const image = form.get("image");
  const picked = isPickedFile(image);
  const currentImage = existing?.category.imageUrl ?? null;
  if (input && parentId === null && !picked && !currentImage && !errors.parentId) {
    errors.image = "admin.categories.errors.imageRequired";
  }
  if (!input || Object.keys(errors).length > 0) return { ok: false, errors };

  let imageUrl = currentImage;
  if (picked) {
    const stored = await storeUploadedImage(deps.media, "categories", image);
    if (!stored.ok) {
      return {
        ok: false,
        errors: { image: stored.error === "tooLarge" ? "admin.form.imageTooLarge" : "admin.form.imageNotImage" },
      };
    }
    imageUrl = stored.url;
  }

  const values = { slug, name: input.name, nameEn: input.nameEn || null, parentId, imageUrl };
  try {
    const savedId = await db.transaction(async (tx) => {
      const before = existing?.category ?? null;
      const moved = !before || before.parentId !== parentId;
      // A new category, or one given another parent, goes last among its new siblings.
      const position = moved ? await nextPosition(tx as unknown as Db, parentId) : before.position;
      const [row] = before
        ? await tx
            .update(categories)
            .set({ ...values, position })
            .where(eq(categories.id, before.id))
            .returning()
        : await tx
            .insert(categories)
            .values({ ...values, position })
            .returning();
      if (before && moved) await renumber(tx as unknown as Db, before.parentId);
      // Category names are part of each product's search document (decision “Search forgives the way people type”): a renamed or re-parented
      // category reindexes its products and its subcategories' in the same transaction.
      if (before && (moved || before.name !== row.name || before.nameEn !== row.nameEn)) {
        const held = await tx
          .select({ id: products.id })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(or(eq(categories.id, row.id), eq(categories.parentId, row.id)));
        await indexProducts(
          tx as unknown as Db,
          held.map((p) => p.id),
        );
      }
      await recordAudit(tx as unknown as Db, {
        actor: deps.actor,
        action: before ? "category.update" : "category.create",
        entity: "category",
        entityId: row.id,
        before: before ? auditView(before) : undefined,
        after: auditView(row),
      });
      return row.id;
    });
    invalidateCatalog(db);
    return { ok: true, id: savedId };
  } catch (error) {
    // Another operator took the slug between the check and the write.
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: "admin.categories.errors.slugTaken" } };
    throw error;
  }
}

/**
 * Moves a category one place up or down among its siblings (top categories, or the subcategories
 * of one category) and renumbers the siblings 1..n in one transaction, audited. False when the
 * category does not exist or is already first (up) or last (down): nothing changes then.
 */
export async function moveCategory(db: Db, actor: AuditActor, id: number, direction: MoveDirection): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).limit(1);
    if (!row) return false;
    const siblings = await tx
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(row.parentId == null ? isNull(categories.parentId) : eq(categories.parentId, row.parentId))
      .orderBy(asc(categories.position), asc(categories.id))
      .for("update");
    const order = movedOrder(
      siblings,
      siblings.findIndex((s) => s.id === id),
      direction,
    );
    if (!order) return false;
    await setPositions(
      tx as unknown as Db,
      order.map((s) => s.id),
    );
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "category.reorder",
      entity: "category",
      entityId: id,
      before: { parentId: row.parentId, order: siblings.map((s) => s.slug) },
      after: { parentId: row.parentId, order: order.map((s) => s.slug) },
    });
    return true;
  });
  if (moved) invalidateCatalog(db);
  return moved;
}

/** The form's text fields only (the image part is read apart). */
function textEntries(form: FormData): [string, string][] {
  return [...form].filter((entry): entry is [string, string] => typeof entry[1] === "string");
}

async function nextPosition(db: Db, parentId: number | null): Promise<number> {
  const [{ max }] = await db
    .select({ max: sql<number | null>`max(${categories.position})` })
    .from(categories)
    .where(parentId == null ? isNull(categories.parentId) : eq(categories.parentId, parentId));
  return Number(max ?? 0) + 1;
}

/** Renumbers the children of `parentId` (null: the top categories) 1..n in their current order. */
async function renumber(db: Db, parentId: number | null): Promise<void> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(parentId == null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
    .orderBy(asc(categories.position), asc(categories.id));
  await setPositions(
    db,
    rows.map((r) => r.id),
  );
}

async function setPositions(db: Db, ids: number[]): Promise<void> {
  for (const [index, categoryId] of ids.entries()) {
    await db
      .update(categories)
      .set({ position: index + 1 })
      .where(eq(categories.id, categoryId));
  }
}
