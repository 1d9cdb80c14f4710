/**
 * The back office's products (issue 12, point 4; spec §3 Product): the list with its filters,
 * the create and edit form read and checked on the server, images stored only once every other
 * field is valid, then the product saved, indexed for search (D12) and audited in one transaction,
 * and the storefront's caches dropped so shoppers see the change at once. Archiving takes a product
 * off sale (listings, search, its page, carts) while the orders that hold it keep their lines.
 */
import { type SQL, and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { redirect } from "react-router";
import sharp from "sharp";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { type ColorOption, categories, products } from "~/db/schema";
import { invalidateCatalog, localized } from "~/features/catalog/catalog.server";
import type { MediaStore } from "~/features/media/store.server";
import { MAX_UPLOAD_BYTES, isPickedFile, storeUploadedImage } from "~/features/media/upload.server";
import { indexProducts } from "~/features/search/search.server";
import type { Language } from "~/i18n/languages";
import { type AuditActor, recordAudit, escapeLike } from "./audit.server";
import { LOW_STOCK_BELOW } from "./dashboard.server";
import { optionalText, parseWith, refuse, requiredText, usdCents, wholeNumber, checkbox } from "./forms.server";
import { readForm } from "~/utils/forms.server";
import { textInput } from "~/utils/text";
import { isRowId, parseRowId } from "~/utils/ids";

export const PRODUCTS_PAGE_SIZE = 50;
export const PRODUCT_QUERY_MAX = 200;
/** How many colour rows the form offers (each: name es, name en, hex); empty rows are ignored. */
export const COLOR_ROWS = 6;
/** Image slots of a product (spec §9: up to 4 images). */
export const IMAGE_SLOTS = 4;
/** Most lines kept from the varieties and features boxes, and the longest line. */
const MAX_LIST_ITEMS = 30;
const MAX_LINE = 200;
const MAX_STOCK = 1_000_000;

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
 * One page of the list, newest first: search in both names, brand, model or the id; a category
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
  if (filters.stock === "out") where.push(eq(products.quantity, 0));
  if (filters.stock === "low") where.push(and(gt(products.quantity, 0), lt(products.quantity, LOW_STOCK_BELOW))!);
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
        quantity: products.quantity,
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

// ------------------------------------------------------------------------------------------------
// The stored product as the form and the audit log see it.

export type AdminProduct = {
  id: number;
  categoryId: number;
  name: string;
  nameEn: string | null;
  description: string;
  descriptionEn: string | null;
  priceCents: number;
  originalPriceCents: number;
  wholesalePriceCents: number | null;
  quantity: number;
  sold: number;
  brand: string;
  model: string;
  weight: string;
  dimensions: string;
  color: string;
  colors: ColorOption[];
  varieties: string[];
  features: string[];
  featuresEn: string[];
  warranty: boolean;
  shopCity: string;
  imageUrl: string | null;
  image2Url: string | null;
  image3Url: string | null;
  image4Url: string | null;
  archivedAt: Date | null;
  /** updated_at to the microsecond, as text: the edit form's guard against a lost update. */
  version: string;
};

const versionSql = sql<string>`(extract(epoch from ${products.updatedAt}) * 1000000)::bigint::text`;

const productColumns = {
  id: products.id,
  categoryId: products.categoryId,
  name: products.name,
  nameEn: products.nameEn,
  description: products.description,
  descriptionEn: products.descriptionEn,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  wholesalePriceCents: products.wholesalePriceCents,
  quantity: products.quantity,
  sold: products.sold,
  brand: products.brand,
  model: products.model,
  weight: products.weight,
  dimensions: products.dimensions,
  color: products.color,
  colors: products.colors,
  varieties: products.varieties,
  features: products.features,
  featuresEn: products.featuresEn,
  warranty: products.warranty,
  shopCity: products.shopCity,
  imageUrl: products.imageUrl,
  image2Url: products.image2Url,
  image3Url: products.image3Url,
  image4Url: products.image4Url,
  archivedAt: products.archivedAt,
  version: versionSql,
};

function toAdminProduct(row: Omit<AdminProduct, "archivedAt"> & { archivedAt: Date | string | null }): AdminProduct {
  return {
    ...row,
    archivedAt: row.archivedAt === null ? null : new Date(row.archivedAt),
    version: String(row.version),
  };
}

/** The product with this id, archived or not (null when there is none). */
export async function getAdminProduct(db: Db, id: number): Promise<AdminProduct | null> {
  if (!isRowId(id)) return null;
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  return row ? toAdminProduct(row) : null;
}

/** What the audit log keeps of a product: every field but the version and the search index. */
function auditView(product: AdminProduct | null): Record<string, unknown> | null {
  if (!product) return null;
  const { version: _version, ...rest } = product;
  return rest;
}

export function productImages(product: Pick<AdminProduct, "imageUrl" | "image2Url" | "image3Url" | "image4Url">) {
  return [product.imageUrl, product.image2Url, product.image3Url, product.image4Url];
}

const centsText = (cents: number | null | undefined) => (cents == null ? "" : (cents / 100).toFixed(2));

/** The form's text fields filled from a stored product (the edit page's first view). */
export function productFormValues(product: AdminProduct): Record<string, string> {
  const values: Record<string, string> = {
    name: product.name,
    nameEn: product.nameEn ?? "",
    description: product.description,
    descriptionEn: product.descriptionEn ?? "",
    categoryId: String(product.categoryId),
    price: centsText(product.priceCents),
    originalPrice: product.originalPriceCents === product.priceCents ? "" : centsText(product.originalPriceCents),
    wholesalePrice: centsText(product.wholesalePriceCents),
    quantity: String(product.quantity),
    brand: product.brand,
    model: product.model,
    weight: product.weight,
    dimensions: product.dimensions,
    color: product.color,
    varieties: product.varieties.join("\n"),
    features: product.features.join("\n"),
    featuresEn: product.featuresEn.join("\n"),
    shopCity: product.shopCity,
    version: product.version,
  };
  if (product.warranty) values.warranty = "on";
  product.colors.slice(0, COLOR_ROWS).forEach((colour, i) => {
    values[`colorName${i}`] = colour.name;
    values[`colorNameEn${i}`] = colour.name_en ?? "";
    values[`colorHex${i}`] = colour.hex;
  });
  return values;
}

// ------------------------------------------------------------------------------------------------
// Reading the form.

/** One line per item: trimmed, empty lines dropped, at most MAX_LIST_ITEMS of at most MAX_LINE. */
const lines = textInput()
  .optional()
  .transform((text, ctx) => {
    const items = (text ?? "")
      .replaceAll("\u0000", "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (items.length > MAX_LIST_ITEMS || items.some((line) => line.length > MAX_LINE)) {
      ctx.addIssue({ code: "custom", message: "admin.products.errors.tooManyLines" });
      return z.NEVER;
    }
    return items;
  });

const HEX = /^#[0-9a-fA-F]{6}$/;

const baseSchema = z.object({
  name: requiredText(200),
  nameEn: optionalText(200),
  description: optionalText(5000),
  descriptionEn: optionalText(5000),
  // Issue 22 point 5: a category id beyond the column's range is no category (never a failed query).
  categoryId: requiredText(12).refine((v) => parseRowId(v) !== null, "admin.products.errors.category"),
  price: usdCents(),
  originalPrice: usdCents({ optional: true }),
  wholesalePrice: usdCents({ optional: true }),
  quantity: wholeNumber(0, MAX_STOCK),
  brand: optionalText(100),
  model: optionalText(100),
  weight: optionalText(100),
  dimensions: optionalText(100),
  color: optionalText(100),
  varieties: lines,
  features: lines,
  featuresEn: lines,
  warranty: checkbox,
  shopCity: requiredText(100),
});

export type ProductInput = {
  categoryId: number;
  name: string;
  nameEn: string | null;
  description: string;
  descriptionEn: string | null;
  priceCents: number;
  originalPriceCents: number;
  wholesalePriceCents: number | null;
  quantity: number;
  brand: string;
  model: string;
  weight: string;
  dimensions: string;
  color: string;
  colors: ColorOption[];
  varieties: string[];
  features: string[];
  featuresEn: string[];
  warranty: boolean;
  shopCity: string;
};

/**
 * The form's text fields checked (every rule the page shows is checked here), or each field's
 * error key. Prices: the original price may be left empty (no discount: it is stored equal to the
 * price); when given it must be at least the price. The wholesale price, when given, must be below
 * the price (D13b applies it only then). Colour rows: a row with anything typed needs a Spanish
 * name and a hex `#rrggbb`; empty rows are ignored.
 */
export async function parseProductFields(
  db: Db,
  form: FormData,
): Promise<{ ok: true; data: ProductInput } | { ok: false; errors: Record<string, string> }> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  const parsed = parseWith(baseSchema, values);
  const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };

  const colors: ColorOption[] = [];
  for (let i = 0; i < COLOR_ROWS; i++) {
    const name = (values[`colorName${i}`] ?? "").replaceAll("\u0000", "").trim();
    const nameEn = (values[`colorNameEn${i}`] ?? "").replaceAll("\u0000", "").trim();
    const hex = (values[`colorHex${i}`] ?? "").trim();
    if (!name && !nameEn && !hex) continue;
    if (!name) errors[`colorName${i}`] = "admin.form.required";
    else if (name.length > 60) errors[`colorName${i}`] = "admin.form.tooLong";
    if (nameEn.length > 60) errors[`colorNameEn${i}`] = "admin.form.tooLong";
    if (!HEX.test(hex)) errors[`colorHex${i}`] = "admin.products.errors.hex";
    colors.push({ name, ...(nameEn && { name_en: nameEn }), hex: hex.toLowerCase() });
  }
  if (new Set(colors.map((c) => c.name.toLowerCase())).size !== colors.length) {
    const i = colors.findIndex(
      (c, index) => colors.findIndex((d) => d.name.toLowerCase() === c.name.toLowerCase()) !== index,
    );
    errors[`colorName${i}`] ??= "admin.products.errors.colorTwice";
  }

  if (parsed.ok) {
    const data = parsed.data;
    // Required fields: their schemas never let `undefined` through.
    const price = data.price as number;
    const quantity = data.quantity as number;
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, Number(data.categoryId)))
      .limit(1);
    if (!category) errors.categoryId ??= "admin.products.errors.category";
    if (!(await shopCityOptions(db)).includes(data.shopCity)) errors.shopCity ??= "admin.products.errors.city";
    if (data.originalPrice !== undefined && data.originalPrice < price) {
      errors.originalPrice ??= "admin.products.errors.originalBelowPrice";
    }
    if (data.wholesalePrice !== undefined && data.wholesalePrice >= price) {
      errors.wholesalePrice ??= "admin.products.errors.wholesaleNotBelow";
    }
    if (Object.keys(errors).length === 0) {
      return {
        ok: true,
        data: {
          categoryId: Number(data.categoryId),
          name: data.name,
          nameEn: data.nameEn || null,
          description: data.description,
          descriptionEn: data.descriptionEn || null,
          priceCents: price,
          originalPriceCents: data.originalPrice ?? price,
          wholesalePriceCents: data.wholesalePrice ?? null,
          quantity,
          brand: data.brand,
          model: data.model,
          weight: data.weight,
          dimensions: data.dimensions,
          color: data.color,
          colors,
          varieties: data.varieties,
          features: data.features,
          featuresEn: data.featuresEn,
          warranty: data.warranty,
          shopCity: data.shopCity,
        },
      };
    }
  }
  return { ok: false, errors };
}

/**
 * The picked image files checked without storing anything: too large, or not decodable as an
 * image (its header read by sharp). Errors under `image1`..`image4`.
 */
async function checkPickedImages(
  form: FormData,
): Promise<{ files: Array<File | null>; errors: Record<string, string> }> {
  const files: Array<File | null> = [];
  const errors: Record<string, string> = {};
  for (let slot = 1; slot <= IMAGE_SLOTS; slot++) {
    const value = form.get(`image${slot}`);
    if (!isPickedFile(value)) {
      files.push(null);
      continue;
    }
    files.push(value);
    if (value.size > MAX_UPLOAD_BYTES) {
      errors[`image${slot}`] = "admin.form.imageTooLarge";
      continue;
    }
    try {
      const meta = await sharp(Buffer.from(await value.arrayBuffer())).metadata();
      if (!meta.width || !meta.height) errors[`image${slot}`] = "admin.form.imageNotImage";
    } catch {
      errors[`image${slot}`] = "admin.form.imageNotImage";
    }
  }
  return { files, errors };
}

export type ProductSaveResult =
  | { ok: true; id: number }
  | { ok: false; errors: Record<string, string>; formError?: string };

/**
 * Creates (no `existing`) or updates a product from its posted form, all or nothing: the fields
 * are checked, then the images (nothing stored while any field is refused), then the images are
 * stored with their WebP widths, then the product is written with its search index and its audit
 * entry in one transaction. An update must carry the `version` it was read at: another change in
 * between refuses it with `admin.form.conflict`.
 */
export async function saveProductForm(
  deps: { db: Db; media: MediaStore },
  actor: AuditActor,
  form: FormData,
  existing: AdminProduct | null,
): Promise<ProductSaveResult> {
  const { db } = deps;
  const fields = await parseProductFields(db, form);
  const images = await checkPickedImages(form);
  const errors = { ...(fields.ok ? {} : fields.errors), ...images.errors };
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
  const values = { ...fields.data, ...imageColumns };

  const outcome = await db.transaction(async (tx) => {
    const handle = tx as unknown as Db;
    let row: { id: number } | undefined;
    if (existing) {
      [row] = await handle
        .update(products)
        .set({ ...values, updatedAt: sql`clock_timestamp()` })
        .where(and(eq(products.id, existing.id), sql`${versionSql} = ${existing.version}`))
        .returning({ id: products.id });
      if (!row) return null;
    } else {
      [row] = await handle.insert(products).values(values).returning({ id: products.id });
    }
    await indexProducts(handle, [row.id]);
    const [after] = await handle.select(productColumns).from(products).where(eq(products.id, row.id));
    await recordAudit(handle, {
      actor,
      action: existing ? "product.update" : "product.create",
      entity: "product",
      entityId: row.id,
      before: auditView(existing),
      after: auditView(toAdminProduct(after)),
    });
    return row.id;
  });
  if (outcome === null) return { ok: false, errors: {}, formError: "admin.form.conflict" };
  invalidateCatalog(db);
  return { ok: true, id: outcome };
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
  deps: { db: Db; media: MediaStore },
  actor: AuditActor,
  request: Request,
  lang: Language,
  existing: AdminProduct | null,
) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (existing && (intent === "archive" || intent === "restore")) {
    await setProductArchived(deps.db, actor, existing.id, intent === "archive");
    return redirect(`/${lang}/admin/products/${existing.id}?${intent === "archive" ? "archived" : "restored"}=1`, 303);
  }
  const result = await saveProductForm(deps, actor, form, existing);
  if (!result.ok) {
    if (existing && result.formError === "admin.form.conflict") {
      // The next save, once the operator has checked, is against the record as it is now.
      const fresh = await getAdminProduct(deps.db, existing.id);
      if (!fresh) return refuse({}, form, "admin.form.notFound");
      form.set("version", fresh.version);
    }
    return refuse(result.errors, form, result.formError);
  }
  return redirect(`/${lang}/admin/products/${result.id}?${existing ? "saved" : "created"}=1`, 303);
}
