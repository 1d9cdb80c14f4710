/**
 * Reading a catalogue CSV (docs/features.md, "Catalogue import and export") into a plan: for each row, the product it creates or
 * updates (by id, else by SKU) and the cells it changes, or every error (row, column, message
 * key). The plan is the dry run; catalog-import-apply.server.ts applies it in one transaction.
 * Each row is checked by the product form's own rules (`checkProductValues`) against categories
 * and cities read once, and the products named are read in one query, so 5,000 rows take a
 * fraction of a second. A full import may carry only some columns: the others keep their value.
 * An inventory import reads only id or SKU and stock, and never creates a product.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { parseWith, wholeNumber } from "~/features/admin/forms.server";
import { parseCsv, unneutralise } from "~/utils/csv";
import { parseRowId } from "~/utils/ids";
import {
  CSV_COLUMNS,
  type CsvColumn,
  categorySlugs,
  colorFields,
  columnOfField,
  productCells,
  yesNo,
} from "./catalog-csv.server";
import {
  type AdminProduct,
  type ProductInput,
  MAX_STOCK,
  checkProductValues,
  productChoices,
  productColumns,
  productFormValues,
  toAdminProduct,
} from "./product-form.server";

export type ImportMode = "full" | "inventory";
/** The most rows one file may hold. */
export const MAX_IMPORT_ROWS = 20_000;

/** One problem: the file's row (the header is row 1), its column (empty for the whole row) and a message key. */
export type ImportError = { row: number; column: string; message: string };
export type ImportChange = { column: CsvColumn; before: string; after: string };
export type ImportRow = {
  row: number;
  action: "create" | "update" | "unchanged";
  productId: number | null;
  name: string;
  changes: ImportChange[];
};
/** What a row writes once the plan has no errors. */
export type ImportWrite =
  | { kind: "create"; data: ProductInput }
  | { kind: "update"; id: number; data: Partial<ProductInput> };
export type ImportPlan = {
  mode: ImportMode;
  rows: ImportRow[];
  errors: ImportError[];
  writes: ImportWrite[];
  counts: { create: number; update: number; unchanged: number };
};

const IMPORTABLE = new Set<string>(CSV_COLUMNS.map(([name]) => name));
const stockSchema = wholeNumber(0, MAX_STOCK);

/** The dry run: what `text` would do to the catalogue, read with `db` (the apply's transaction). */
export async function planImport(db: Db, text: string, mode: ImportMode): Promise<ImportPlan> {
  const plan: ImportPlan = { mode, rows: [], errors: [], writes: [], counts: { create: 0, update: 0, unchanged: 0 } };
  const fail = (row: number, column: string, message: string) => plan.errors.push({ row, column, message });
  const parsed = parseCsv(text);
  if (!parsed.ok) {
    fail(parsed.record, "", "admin.import.errors.quote");
    return plan;
  }
  const [header = [], ...records] = parsed.records;
  const columns = header.map((name) => name.trim().toLowerCase());
  columns.forEach((name, i) => {
    if (!IMPORTABLE.has(name)) fail(1, header[i], "admin.import.errors.unknownColumn");
    else if (columns.indexOf(name) !== i) fail(1, header[i], "admin.import.errors.columnTwice");
  });
  if (!columns.includes("id") && !columns.includes("sku") && mode === "inventory") {
    fail(1, "id", "admin.import.errors.needsIdOrSku");
  }
  if (mode === "inventory" && !columns.includes("stock")) fail(1, "stock", "admin.import.errors.needsStock");
  if (records.length === 0) fail(1, "", "admin.import.errors.empty");
  if (records.length > MAX_IMPORT_ROWS) fail(1, "", "admin.import.errors.tooManyRows");
  if (plan.errors.length > 0) return plan;

  // The cells of each record by column, apostrophes of neutralised formulas removed.
  const rows = records.map((record) => {
    const cells = new Map<string, string>();
    columns.forEach((name, i) => cells.set(name, unneutralise(record[i] ?? "")));
    return cells;
  });
  const wanted = (name: string) => rows.map((cells) => (cells.get(name) ?? "").trim()).filter((value) => value !== "");
  const ids = wanted("id")
    .map(parseRowId)
    .filter((id): id is number => id !== null);
  const skus = wanted("sku");
  const [found, choices, slugs] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(sql`${products.id} = any(${sql.param(ids)}::int[]) or ${products.sku} = any(${sql.param(skus)}::text[])`),
    productChoices(db),
    categorySlugs(db),
  ]);
  const byId = new Map<number, AdminProduct>();
  const bySku = new Map<string, AdminProduct>();
  for (const row of found) {
    const product = toAdminProduct(row);
    byId.set(product.id, product);
    if (product.sku) bySku.set(product.sku, product);
  }
  const seenIds = new Map<number, number>();
  const seenSkus = new Map<string, number>();
  const defaults = { quantity: "0", shopCity: choices.cities[0] ?? "" };

  rows.forEach((cells, index) => {
    const row = index + 2;
    const errorsBefore = plan.errors.length;
    const idCell = (cells.get("id") ?? "").trim();
    const skuCell = (cells.get("sku") ?? "").trim();
    let existing: AdminProduct | null = null;
    if (idCell !== "") {
      const id = parseRowId(idCell);
      existing = id === null ? null : (byId.get(id) ?? null);
      if (!existing) fail(row, "id", "admin.import.errors.unknownId");
    } else if (skuCell !== "") {
      existing = bySku.get(skuCell) ?? null;
    }
    if (!existing && idCell === "" && mode === "inventory")
      fail(row, skuCell ? "sku" : "id", "admin.import.errors.noProduct");
    if (existing) {
      const first = seenIds.get(existing.id);
      if (first !== undefined) fail(row, idCell ? "id" : "sku", "admin.import.errors.sameProductTwice");
      else seenIds.set(existing.id, row);
    }
    if (plan.errors.length > errorsBefore) return;

    if (mode === "inventory") {
      const stock = parseWith(stockSchema, cells.get("stock") ?? "");
      if (!stock.ok) return fail(row, "stock", Object.values(stock.errors)[0] ?? "admin.form.wholeNumber");
      const target = existing as AdminProduct;
      const quantity = stock.data as number;
      const changed = quantity !== target.quantity;
      plan.rows.push({
        row,
        action: changed ? "update" : "unchanged",
        productId: target.id,
        name: target.name,
        changes: changed ? [{ column: "stock", before: String(target.quantity), after: String(quantity) }] : [],
      });
      plan.counts[changed ? "update" : "unchanged"]++;
      if (changed) plan.writes.push({ kind: "update", id: target.id, data: { quantity } });
      return;
    }

    // The form's values: the stored product's (or the new product's defaults), then the file's cells.
    const values: Record<string, string> = existing ? productFormValues(existing) : { ...defaults };
    for (const [column, field] of CSV_COLUMNS) {
      if (!field || !cells.has(column)) continue;
      const cell = cells.get(column) as string;
      if (field === "colors") {
        for (const key of Object.keys(values)) if (/^color(Name|NameEn|Hex)\d+$/.test(key)) delete values[key];
        const colours = colorFields(cell);
        if (colours) Object.assign(values, colours);
        else fail(row, column, "admin.import.errors.tooManyColors");
      } else if (field === "warranty") {
        const warranty = yesNo(cell);
        if (warranty === null) fail(row, column, "admin.import.errors.yesNo");
        if (warranty) values.warranty = "on";
        else delete values.warranty;
      } else {
        values[field] = cell;
      }
    }
    const checked = checkProductValues(values, choices);
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.errors)) fail(row, columnOfField(field), message);
    }
    if (plan.errors.length > errorsBefore || !checked.ok) return;
    const data = checked.data;
    if (data.sku !== null) {
      const holder = bySku.get(data.sku);
      const twice = seenSkus.get(data.sku);
      if ((holder && holder.id !== existing?.id) || twice !== undefined) {
        return fail(row, "sku", "admin.products.errors.skuTaken");
      }
      seenSkus.set(data.sku, row);
    }
    if (!existing) {
      plan.rows.push({ row, action: "create", productId: null, name: data.name, changes: [] });
      plan.counts.create++;
      plan.writes.push({ kind: "create", data });
      return;
    }
    const slug = (id: number) => slugs.get(id) ?? "";
    const before = productCells(existing, slug(existing.categoryId));
    const after = productCells({ ...existing, ...data }, slug(data.categoryId));
    const changes: ImportChange[] = [];
    for (const [column, field] of CSV_COLUMNS) {
      if (field && before[column] !== after[column]) {
        changes.push({ column, before: before[column], after: after[column] });
      }
    }
    const action = changes.length > 0 ? "update" : "unchanged";
    plan.rows.push({ row, action, productId: existing.id, name: data.name, changes });
    plan.counts[action]++;
    if (action === "update") plan.writes.push({ kind: "update", id: existing.id, data });
  });
  plan.errors.sort((a, b) => a.row - b.row);
  return plan;
}
