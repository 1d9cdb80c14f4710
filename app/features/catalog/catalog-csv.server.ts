/**
 * The catalogue as a CSV file (docs/features.md, "Catalogue import and export"): one row per product, archived ones included,
 * with its Spanish and English texts, prices, stock, category, colours, varieties and image URLs.
 * The columns and how a product becomes cells live here once, for the export and for the import
 * (catalog-import.server.ts), which reads the same file back: a file exported and imported
 * unchanged changes nothing. Cells reuse the product form's own values (`productFormValues`), so
 * a price is written as the form shows it and read back by the form's rules.
 */
import { asc } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type ColorOption, categories, products } from "~/db/schema/catalog";
import { UTF8_BOM, csvLine } from "~/utils/csv";
import { havanaDate } from "~/utils/dates";
import {
  type AdminProduct,
  COLOR_ROWS,
  productColumns,
  productFormValues,
  toAdminProduct,
} from "./product-form.server";

/**
 * The file's columns in order, each with the product form field it feeds on import (`null`: read
 * on export only — the id names the product, the category slug, sold units and the image URLs
 * are shown but never imported, since images are uploaded, not fetched, decision “offline”).
 */
export const CSV_COLUMNS = [
  ["id", null],
  ["sku", "sku"],
  ["name_es", "name"],
  ["name_en", "nameEn"],
  ["description_es", "description"],
  ["description_en", "descriptionEn"],
  ["category_id", "categoryId"],
  ["category_slug", null],
  ["price_usd", "price"],
  ["original_price_usd", "originalPrice"],
  ["wholesale_price_usd", "wholesalePrice"],
  ["stock", "quantity"],
  ["brand", "brand"],
  ["model", "model"],
  ["weight", "weight"],
  ["dimensions", "dimensions"],
  ["color", "color"],
  ["colors", "colors"],
  ["varieties", "varieties"],
  ["features_es", "features"],
  ["features_en", "featuresEn"],
  ["warranty", "warranty"],
  ["shop_city", "shopCity"],
  ["sold", null],
  ["archived", null],
  ["image_url", null],
  ["image2_url", null],
  ["image3_url", null],
  ["image4_url", null],
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number][0];
export const CSV_HEADER: readonly CsvColumn[] = CSV_COLUMNS.map(([name]) => name);

/** The CSV column of a product form field (`colorName2` is in `colors`). */
export function columnOfField(field: string): CsvColumn | "" {
  if (/^color(Name|NameEn|Hex)\d+$/.test(field)) return "colors";
  return CSV_COLUMNS.find(([, formField]) => formField === field)?.[0] ?? "";
}

const YES = "yes";
const NO = "no";

/** Colours one a line, `name|English name|#hex` (the English name may be left empty). */
export function colorsCell(colors: readonly ColorOption[]): string {
  return colors.map((c) => `${c.name}|${c.name_en ?? ""}|${c.hex}`).join("\n");
}

/** A colours cell as the product form's colour fields; null when it has more rows than the form. */
export function colorFields(cell: string): Record<string, string> | null {
  const lines = cell
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > COLOR_ROWS) return null;
  const fields: Record<string, string> = {};
  lines.forEach((line, i) => {
    const parts = line.split("|").map((part) => part.trim());
    const [name, nameEn, hex] = parts.length >= 3 ? parts : [parts[0], "", parts[1] ?? ""];
    fields[`colorName${i}`] = name;
    fields[`colorNameEn${i}`] = nameEn;
    fields[`colorHex${i}`] = hex;
  });
  return fields;
}

/** A warranty cell: yes / sí / no (any case), true / false, 1 / 0, or empty for no; null otherwise. */
export function yesNo(cell: string): boolean | null {
  const value = cell.trim().toLowerCase();
  if (["yes", "sí", "si", "true", "1", "y", "s"].includes(value)) return true;
  if (["no", "false", "0", "n", ""].includes(value)) return false;
  return null;
}

/** A product as its row's cells, by column. */
export function productCells(product: AdminProduct, categorySlug: string): Record<CsvColumn, string> {
  const form = productFormValues(product);
  const cells = {} as Record<CsvColumn, string>;
  for (const [column, field] of CSV_COLUMNS) if (field) cells[column] = form[field] ?? "";
  cells.id = String(product.id);
  cells.category_slug = categorySlug;
  cells.colors = colorsCell(product.colors);
  cells.warranty = product.warranty ? YES : NO;
  cells.sold = String(product.sold);
  cells.archived = product.archivedAt ? YES : NO;
  cells.image_url = product.imageUrl ?? "";
  cells.image2_url = product.image2Url ?? "";
  cells.image3_url = product.image3Url ?? "";
  cells.image4_url = product.image4Url ?? "";
  return cells;
}

/** Category slugs by id. */
export async function categorySlugs(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  return new Map(rows.map((row) => [row.id, row.slug]));
}

/**
 * The whole catalogue as one CSV text: BOM, header, one row per product by id, CRLF line ends.
 * Image URLs are made absolute against `origin` when they are paths, so a spreadsheet links them.
 */
export async function catalogCsv(db: Db, origin = ""): Promise<string> {
  const [rows, slugs] = await Promise.all([
    db.select(productColumns).from(products).orderBy(asc(products.id)),
    categorySlugs(db),
  ]);
  const lines = [csvLine(CSV_HEADER)];
  const absolute = (url: string) => (url.startsWith("/") ? `${origin}${url}` : url);
  for (const row of rows) {
    const cells = productCells(toAdminProduct(row), slugs.get(row.categoryId) ?? "");
    for (const column of ["image_url", "image2_url", "image3_url", "image4_url"] as const) {
      cells[column] = absolute(cells[column]);
    }
    lines.push(csvLine(CSV_HEADER.map((column) => cells[column])));
  }
  return `${UTF8_BOM}${lines.join("\r\n")}\r\n`;
}

/** `productos-2026-03-01.csv`, the day in Havana. */
export function catalogCsvFilename(now = new Date()): string {
  return `productos-${havanaDate(now)}.csv`;
}
