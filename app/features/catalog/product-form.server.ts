/**
 * The back office's product form (spec §3 Product): the stored product as the
 * form and the audit log see it, and the submitted form read and checked on the server (every
 * rule the form shows), images checked before anything is stored.
 */
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { type ColorOption, categories, products } from "~/db/schema/catalog";
import { MAX_UPLOAD_BYTES, isPickedFile } from "~/features/media/upload.server";
import { optionalText, parseWith, requiredText, usdCents, wholeNumber, checkbox } from "~/features/admin/forms.server";
import { textInput } from "~/utils/text";
import { shopCityOptions } from "./product-admin-list.server";
import { isRowId, parseRowId } from "~/utils/ids";

/** How many colour rows the form offers (each: name es, name en, hex); empty rows are ignored. */
export const COLOR_ROWS = 6;
/** Image slots of a product (spec §9: up to 4 images). */
export const IMAGE_SLOTS = 4;
/** Most lines kept from the varieties and features boxes, and the longest line. */
const MAX_LIST_ITEMS = 30;
const MAX_LINE = 200;
/** Most units a product may have in stock. */
export const MAX_STOCK = 1_000_000;

// ------------------------------------------------------------------------------------------------
// The stored product as the form and the audit log see it.

export type AdminProduct = {
  id: number;
  sku: string | null;
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
  /** A combo (decision 015): its stock comes from its parts, its own quantity stays 0. */
  isCombo: boolean;
  /** updated_at to the microsecond, as text: the edit form's guard against a lost update. */
  version: string;
};

export const versionSql = sql<string>`(extract(epoch from ${products.updatedAt}) * 1000000)::bigint::text`;

export const productColumns = {
  id: products.id,
  sku: products.sku,
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
  isCombo: products.isCombo,
  version: versionSql,
};

export function toAdminProduct(
  row: Omit<AdminProduct, "archivedAt"> & { archivedAt: Date | string | null },
): AdminProduct {
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
export function auditView(product: AdminProduct | null): Record<string, unknown> | null {
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
    sku: product.sku ?? "",
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
  // A category id beyond the column's range is no category (never a failed query).
  categoryId: requiredText(12).refine((v) => parseRowId(v) !== null, "admin.products.errors.category"),
  price: usdCents(),
  originalPrice: usdCents({ optional: true }),
  wholesalePrice: usdCents({ optional: true }),
  quantity: wholeNumber(0, MAX_STOCK),
  sku: optionalText(64),
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
  sku: string | null;
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
 * the price (decision “The wholesale price” applies it only then). Colour rows: a row with anything typed needs a Spanish
 * name and a hex `#rrggbb`; empty rows are ignored.
 */
export async function parseProductFields(db: Db, form: FormData): Promise<ParsedProduct> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return checkProductValues(values, await productChoices(db));
}

export type ParsedProduct = { ok: true; data: ProductInput } | { ok: false; errors: Record<string, string> };

/** What a product's category and shop city may be: read once, then checked for many rows (an import). */
export type ProductChoices = { categoryIds: ReadonlySet<number>; cities: readonly string[] };

export async function productChoices(db: Db): Promise<ProductChoices> {
  const [rows, cities] = await Promise.all([db.select({ id: categories.id }).from(categories), shopCityOptions(db)]);
  return { categoryIds: new Set(rows.map((row) => row.id)), cities };
}

/** The rules of `parseProductFields` on plain values, against choices read beforehand (no query). */
export function checkProductValues(values: Record<string, string>, choices: ProductChoices): ParsedProduct {
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
    if (!choices.categoryIds.has(Number(data.categoryId))) errors.categoryId ??= "admin.products.errors.category";
    if (!choices.cities.includes(data.shopCity)) errors.shopCity ??= "admin.products.errors.city";
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
          sku: data.sku || null,
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
export async function checkPickedImages(
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
  | {
      ok: true;
      id: number;
      /** Back-in-stock alerts the save made due (docs/features.md, "Back-in-stock alerts"). */ alertsDue: number;
    }
  | { ok: false; errors: Record<string, string>; formError?: string };

/**
 * Creates (no `existing`) or updates a product from its posted form, all or nothing: the fields
 * are checked, then the images (nothing stored while any field is refused), then the images are
 * stored with their WebP widths, then the product is written with its search index and its audit
 * entry in one transaction. An update must carry the `version` it was read at: another change in
 * between refuses it with `admin.form.conflict`.
 */
