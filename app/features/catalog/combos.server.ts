/**
 * Combos (docs/decisions/015-combos.md): a combo is a product row marked `is_combo` whose parts
 * live in `combo_parts`. It holds no stock of its own: its stock is computed from its parts every
 * time it is read (`stockSql`), and an order of a combo takes its parts' stock (`orderStockNeeds`).
 */
import { type SQL, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { comboParts, products } from "~/db/schema/catalog";
import type { Language } from "~/i18n/languages";
import type { StockUnits } from "./stock.server";

/** One part of a combo as shoppers see it. */
export type ComboPartDto = { id: number; name: string; quantity: number };

/**
 * A product's stock as shoppers can buy it, as one SQL expression over the product row `row`
 * (default the `products` table itself; `sql.raw("p")` for a query that aliases it): a plain
 * product's quantity; for a combo, the number of whole combos its parts allow (the least of
 * floor(part stock / quantity per combo); 0 when a part is archived or it has none). Every read of
 * stock for shoppers (cards, product page, search, cart, checkout) uses it, so a combo's stock is
 * never stored and cannot drift from its parts'.
 */
export function stockSql(row: SQL = sql`${products}`): SQL<number> {
  return sql<number>`(case when ${row}."is_combo" then coalesce((
      select min(case when cpp."archived_at" is null then cpp."quantity" / cmb."quantity" else 0 end)
      from ${comboParts} as cmb join ${products} as cpp on cpp."id" = cmb."product_id"
      where cmb."combo_id" = ${row}."id"), 0)
    else ${row}."quantity" end)::int`.mapWith(Number);
}

/** The parts of the given combos, in the language asked for, by combo id (ids that are no combo are absent). */
export async function getComboParts(
  db: Db,
  comboIds: readonly number[],
  lang: Language,
): Promise<Map<number, ComboPartDto[]>> {
  const byCombo = new Map<number, ComboPartDto[]>();
  if (comboIds.length === 0) return byCombo;
  const rows = await db
    .select({
      comboId: comboParts.comboId,
      id: products.id,
      name: products.name,
      nameEn: products.nameEn,
      quantity: comboParts.quantity,
    })
    .from(comboParts)
    .innerJoin(products, eq(products.id, comboParts.productId))
    .where(inArray(comboParts.comboId, [...new Set(comboIds)]))
    .orderBy(asc(comboParts.comboId), asc(products.id));
  for (const row of rows) {
    const list = byCombo.get(row.comboId) ?? [];
    list.push({ id: row.id, name: lang === "en" && row.nameEn ? row.nameEn : row.name, quantity: row.quantity });
    byCombo.set(row.comboId, list);
  }
  return byCombo;
}

/**
 * Locks, in ascending id order (the order every stock writer follows), the products `ids` names
 * (a subquery) and the parts of those that are combos, before a checkout locks its cart lines: a
 * checkout of a combo then never holds a combo row while waiting for a part another checkout holds.
 */
export async function lockProductsWithParts(tx: Db, ids: SQL): Promise<void> {
  await tx.execute(sql`select p."id" from ${products} as p
    where p."id" in (${ids})
      or p."id" in (select cmb."product_id" from ${comboParts} as cmb where cmb."combo_id" in (${ids}))
    order by p."id" for update of p`);
}

export type StockNeeds = {
  /** Units to take from each stock-holding product (a combo's parts, a plain product itself). */
  take: StockUnits;
  /** Combos ordered: units added to their own `sold` (their parts' are in `take`). */
  combos: StockUnits;
  /** The first product ordered (in `wanted`'s order) that the locked stock cannot serve, if any. */
  short: { productId: number; stock: number } | null;
};

/**
 * What an order of `wanted` (units per product id, combos included) takes from stock, read under
 * row locks in the caller's transaction: a combo's units become its parts' units, added to the
 * same parts ordered alone or in other combos, and each part's total is checked against its
 * locked stock. A product is short when one of the parts it needs is; its `stock` is what it
 * could still have on its own (a combo's computed stock).
 */
export async function orderStockNeeds(tx: Db, wanted: ReadonlyMap<number, number>): Promise<StockNeeds> {
  const ids = [...wanted.keys()];
  const parts = ids.length
    ? await tx
        .select({ comboId: comboParts.comboId, productId: comboParts.productId, quantity: comboParts.quantity })
        .from(comboParts)
        .where(inArray(comboParts.comboId, ids))
    : [];
  const partsOf = new Map<number, Array<{ productId: number; quantity: number }>>();
  for (const part of parts) partsOf.set(part.comboId, [...(partsOf.get(part.comboId) ?? []), part]);

  const take: StockUnits = new Map();
  const combos: StockUnits = new Map();
  const add = (id: number, n: number) => take.set(id, (take.get(id) ?? 0) + n);
  for (const [id, count] of wanted) {
    const list = partsOf.get(id);
    if (!list) add(id, count);
    else {
      combos.set(id, count);
      for (const part of list) add(part.productId, count * part.quantity);
    }
  }

  const held = [...take.keys()].sort((a, b) => a - b);
  const rows = held.length
    ? await tx
        .select({
          id: products.id,
          quantity: products.quantity,
          isCombo: products.isCombo,
          archivedAt: products.archivedAt,
        })
        .from(products)
        .where(inArray(products.id, held))
        .orderBy(asc(products.id))
        .for("update")
    : [];
  const stockOf = new Map(rows.map((r) => [r.id, r.isCombo ? 0 : r.quantity]));
  // A part taken off sale after the combo was made leaves the combo with no stock.
  const archived = new Set(rows.filter((r) => r.archivedAt !== null).map((r) => r.id));

  let short: StockNeeds["short"] = null;
  for (const id of ids) {
    const list = partsOf.get(id) ?? [{ productId: id, quantity: 1 }];
    const isShort = list.some((p) => (take.get(p.productId) ?? 0) > (stockOf.get(p.productId) ?? 0));
    const partArchived = partsOf.has(id) && list.some((p) => archived.has(p.productId));
    if (isShort || partArchived) {
      const stock = partArchived
        ? 0
        : Math.min(...list.map((p) => Math.floor((stockOf.get(p.productId) ?? 0) / p.quantity)));
      short = { productId: id, stock };
      break;
    }
  }
  return { take, combos, short };
}

/**
 * The products whose stock `units` (per product id) moves, with the combos holding any of them:
 * the ids whose shopper-visible stock may change, for the back-in-stock alerts (decision 015).
 */
export async function stockOfAffected(tx: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const result = await tx.execute(sql`select p."id" as id, ${stockSql(sql.raw("p"))} as stock
    from ${products} as p
    where p."id" in (${list})
      or p."id" in (select cmb."combo_id" from ${comboParts} as cmb where cmb."product_id" in (${list}))`);
  const rows = (result as unknown as { rows: Array<{ id: number; stock: number }> }).rows;
  return new Map(rows.map((r) => [Number(r.id), Number(r.stock)]));
}
