/**
 * The back office's products (spec §3 Product): the list with its filters,
 * the create and edit form read and checked on the server, images stored only once every other
 * field is valid, then the product saved, indexed for search (decision “Search forgives the way people type”) and audited in one transaction,
 * and the storefront's caches dropped so shoppers see the change at once. Archiving takes a product
 * off sale (listings, search, its page, carts) while the orders that hold it keep their lines.
 */
import { and, eq, sql } from "drizzle-orm";
import { redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import type { MediaStore } from "~/features/media/store.server";
import { storeUploadedImage } from "~/features/media/upload.server";
import { indexProducts } from "~/features/search/search-index.server";
import { kickStockAlerts } from "~/features/stock-alerts/queue.server";
import { noteStockChanges } from "~/features/stock-alerts/restock.server";
import type { Env } from "~/utils/env.server";
import { insertComboParts, parseComboParts } from "./combo-admin.server";
import { stockOfAffected } from "./combos.server";
import { lockStock } from "./stock.server";
import type { Language } from "~/i18n/languages";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { refuse } from "~/features/admin/forms.server";
import { readForm } from "~/utils/forms.server";
import {
  type AdminProduct,
  type ProductSaveResult,
  IMAGE_SLOTS,
  auditView,
  checkPickedImages,
  getAdminProduct,
  parseProductFields,
  productColumns,
  productImages,
  toAdminProduct,
  versionSql,
} from "./product-form.server";

export async function saveProductForm(
  deps: { db: Db; media: MediaStore },
  actor: AuditActor,
  form: FormData,
  existing: AdminProduct | null,
  opts: { combo?: boolean } = {},
): Promise<ProductSaveResult> {
  const { db } = deps;
  // A combo's stock comes from its parts (decision 015): its own quantity stays 0.
  const isCombo = existing ? existing.isCombo : Boolean(opts.combo);
  if (isCombo) form.set("quantity", "0");
  const fields = await parseProductFields(db, form);
  const images = await checkPickedImages(form);
  const parts = isCombo && !existing ? await parseComboParts(db, form) : null;
  const errors: Record<string, string> = {
    ...(fields.ok ? {} : fields.errors),
    ...images.errors,
    ...(parts && !parts.ok ? parts.errors : {}),
  };
  if (fields.ok && fields.data.sku !== null) {
    const holder = await productIdBySku(db, fields.data.sku);
    if (holder !== null && holder !== existing?.id) errors.sku = "admin.products.errors.skuTaken";
  }
  const picked = images.files.some(Boolean);
  if (!fields.ok || Object.keys(errors).length > 0) {
    // A browser never sends a file again: say so when some were picked.
    return { ok: false, errors, formError: picked ? "admin.products.errors.pickAgain" : undefined };
  }
  if (existing && form.get("version") !== existing.version) {
    return { ok: false, errors: {}, formError: "admin.form.conflict" };
  }

  // Every field is valid: store the images, slot by slot, then keep the non-empty ones in order.
  const current = existing ? productImages(existing) : [null, null, null, null];
  const slots: Array<string | null> = [];
  for (let i = 0; i < IMAGE_SLOTS; i++) {
    const file = images.files[i];
    if (file) {
      const stored = await storeUploadedImage(deps.media, "products", file);
      if (!stored.ok) {
        const key = stored.error === "tooLarge" ? "admin.form.imageTooLarge" : "admin.form.imageNotImage";
        return { ok: false, errors: { [`image${i + 1}`]: key }, formError: "admin.products.errors.pickAgain" };
      }
      slots.push(stored.url);
    } else {
      slots.push(form.get(`removeImage${i + 1}`) === null ? current[i] : null);
    }
  }
  const kept = slots.filter((url): url is string => Boolean(url));
  const imageColumns = {
    imageUrl: kept[0] ?? null,
    image2Url: kept[1] ?? null,
    image3Url: kept[2] ?? null,
    image4Url: kept[3] ?? null,
  };
  const values = { ...fields.data, ...imageColumns, isCombo };

  let alertsDue = 0;
  const outcome = await db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    let row: { id: number } | undefined;
    if (existing) {
      await lockStock(handle, existing.id);
      // The product's stock as shoppers see it, and its combos' (decision 015), before and after.
      const before = await stockOfAffected(handle, [existing.id]);
      [row] = await handle
        .update(products)
        .set({ ...values, updatedAt: sql`clock_timestamp()` })
        .where(and(eq(products.id, existing.id), sql`${versionSql} = ${existing.version}`))
        .returning({ id: products.id });
      if (!row) return null;
      const after = await stockOfAffected(handle, [existing.id]);
      alertsDue = await noteStockChanges(
        handle,
        [...after].map(([productId, stock]) => ({ productId, before: before.get(productId) ?? 0, after: stock })),
      );
    } else {
      [row] = await handle.insert(products).values(values).returning({ id: products.id });
      if (parts?.ok) await insertComboParts(handle, row.id, parts.parts);
    }
    await indexProducts(handle, [row.id]);
    const [after] = await handle.select(productColumns).from(products).where(eq(products.id, row.id));
    await recordAudit(handle, {
      actor,
      action: existing ? "product.update" : parts ? "combo.create" : "product.create",
      entity: "product",
      entityId: row.id,
      before: auditView(existing),
      after: { ...auditView(toAdminProduct(after)), ...(parts?.ok && { comboParts: parts.parts }) },
    });
    return row.id;
  });
  if (outcome === null) return { ok: false, errors: {}, formError: "admin.form.conflict" };
  invalidateCatalog(db);
  return { ok: true, id: outcome, alertsDue };
}

/** The product holding this SKU, or null. */
export async function productIdBySku(db: Db, sku: string): Promise<number | null> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.sku, sku)).limit(1);
  return row?.id ?? null;
}

/** Archives (takes off sale) or restores a product, audited; false when there is no such product. */
export async function setProductArchived(db: Db, actor: AuditActor, id: number, archived: boolean): Promise<boolean> {
  const before = await getAdminProduct(db, id);
  if (!before) return false;
  if ((before.archivedAt !== null) === archived) return true; // already so: nothing to record
  await db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    await handle
      .update(products)
      .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`clock_timestamp()` })
      .where(eq(products.id, id));
    const [after] = await handle.select(productColumns).from(products).where(eq(products.id, id));
    await recordAudit(handle, {
      actor,
      action: archived ? "product.archive" : "product.restore",
      entity: "product",
      entityId: id,
      before: auditView(before),
      after: auditView(toAdminProduct(after)),
    });
  });
  invalidateCatalog(db);
  return true;
}

/**
 * The create and edit pages' action (one helper for both): reads the multipart form, saves, and
 * redirects (303) to the edit page with `?saved=1` / `?created=1`, or answers the refusal (400)
 * with each field's error and what was typed. On the edit page `intent` may also be `archive` or
 * `restore`. Malformed bodies are refused, never a 500.
 */
export async function productFormAction(
  deps: { db: Db; media: MediaStore; env: Env },
  actor: AuditActor,
  request: Request,
  lang: Language,
  existing: AdminProduct | null,
  opts: { combo?: boolean } = {},
) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (existing && (intent === "archive" || intent === "restore")) {
    await setProductArchived(deps.db, actor, existing.id, intent === "archive");
    return redirect(`/${lang}/admin/products/${existing.id}?${intent === "archive" ? "archived" : "restored"}=1`, 303);
  }
  const result = await saveProductForm(deps, actor, form, existing, opts);
  if (!result.ok) {
    if (existing && result.formError === "admin.form.conflict") {
      // The next save, once the operator has checked, is against the record as it is now.
      const fresh = await getAdminProduct(deps.db, existing.id);
      if (!fresh) return refuse({}, form, "admin.form.notFound");
      form.set("version", fresh.version);
    }
    return refuse(result.errors, form, result.formError);
  }
  // Back in stock: its alerts go out after this answer (docs/features.md, "Back-in-stock alerts").
  if (result.alertsDue > 0) void kickStockAlerts(deps);
  return redirect(`/${lang}/admin/products/${result.id}?${existing ? "saved" : "created"}=1`, 303);
}
