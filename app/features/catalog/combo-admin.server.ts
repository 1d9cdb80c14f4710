/**
 * The back office's side of combos (docs/decisions/015-combos.md): the parts a combo form posts,
 * checked on the server (every part an existing product on sale that is no combo, each once,
 * 1 to 99 units), and written with the new combo in its transaction. A combo's parts are fixed
 * once it exists: a cancelled order puts back the parts the combo has, which must be the ones it
 * took.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { comboParts, products } from "~/db/schema/catalog";
import type { Language } from "~/i18n/languages";
import { localized } from "./product-cards.server";

/** Part rows the form offers (each: a product and its units); empty rows are ignored. */
export const COMBO_PART_ROWS = 6;
export const MAX_PART_UNITS = 99;

export type ComboPartInput = { productId: number; quantity: number };

/** The products a combo may hold (on sale, not combos), as select options [id, name], by name. */
export async function comboPartOptions(db: Db, lang: Language): Promise<Array<[string, string]>> {
  const rows = await db
    .select({ id: products.id, name: products.name, nameEn: products.nameEn })
    .from(products)
    .where(and(isNull(products.archivedAt), eq(products.isCombo, false)))
    .orderBy(asc(products.name), asc(products.id));
  return rows.map((row) => [String(row.id), localized(lang, row.name, row.nameEn)]);
}

/**
 * Reads and checks the posted part rows (`part1`/`partQty1` .. `part6`/`partQty6`): errors by
 * field, as translation keys, beside the row that has them.
 */
export async function parseComboParts(
  db: Db,
  form: FormData,
): Promise<{ ok: true; parts: ComboPartInput[] } | { ok: false; errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  const rows: Array<ComboPartInput & { row: number }> = [];
  for (let row = 1; row <= COMBO_PART_ROWS; row++) {
    const idText = String(form.get(`part${row}`) ?? "").trim();
    const qtyText = String(form.get(`partQty${row}`) ?? "").trim();
    if (!idText && !qtyText) continue;
    if (!/^\d{1,9}$/.test(idText)) {
      errors[`part${row}`] = "admin.combos.errors.part";
      continue;
    }
    const quantity = /^\d{1,2}$/.test(qtyText) ? Number(qtyText) : qtyText === "" ? 1 : NaN;
    if (!(quantity >= 1 && quantity <= MAX_PART_UNITS)) {
      errors[`partQty${row}`] = "admin.combos.errors.quantity";
      continue;
    }
    if (rows.some((r) => r.productId === Number(idText))) {
      errors[`part${row}`] = "admin.combos.errors.twice";
      continue;
    }
    rows.push({ row, productId: Number(idText), quantity });
  }
  if (rows.length === 0 && Object.keys(errors).length === 0) errors.part1 = "admin.combos.errors.noParts";
  if (rows.length > 0) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          inArray(
            products.id,
            rows.map((r) => r.productId),
          ),
          isNull(products.archivedAt),
          eq(products.isCombo, false),
        ),
      );
    const ok = new Set(found.map((f) => f.id));
    for (const r of rows) if (!ok.has(r.productId)) errors[`part${r.row}`] = "admin.combos.errors.part";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, parts: rows.map(({ productId, quantity }) => ({ productId, quantity })) };
}

/** Writes a new combo's parts, inside the transaction `tx` that created it. */
export async function insertComboParts(tx: Db, comboId: number, parts: readonly ComboPartInput[]): Promise<void> {
  await tx.insert(comboParts).values(parts.map((part) => ({ comboId, ...part })));
}

/** The parts of one combo as stored, for the audit log and the edit page. */
export async function comboPartsOf(db: Db, comboId: number): Promise<ComboPartInput[]> {
  return db
    .select({ productId: comboParts.productId, quantity: comboParts.quantity })
    .from(comboParts)
    .where(eq(comboParts.comboId, comboId))
    .orderBy(asc(comboParts.productId));
}
