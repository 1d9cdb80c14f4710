/**
 * Applying a catalogue CSV (docs/features.md, "Catalogue import and export"): all or nothing. The file is planned again inside
 * one transaction (what the dry run showed, read now); any error and nothing is written. Rows are
 * locked in ascending id order (the order create-order locks them in, stock.server.ts), stock
 * changes go to the stock alerts' one home (`noteStockChanges`) so products back from 0 have their
 * alerts marked due, written products are indexed for search, one audit entry keeps the counts.
 */
import { type SQL, asc, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import { indexProducts } from "~/features/search/search-index.server";
import { kickStockAlerts } from "~/features/stock-alerts/queue.server";
import { type StockChange, noteStockChanges } from "~/features/stock-alerts/restock.server";
import type { Env } from "~/utils/env.server";
import { invalidateCatalog } from "./catalog-cache.server";
import { type ImportMode, type ImportPlan, planImport } from "./catalog-import.server";
import type { ProductInput } from "./product-form.server";

export type ImportOutcome = { applied: boolean; plan: ImportPlan; alertsDue: number };

const INSERT_CHUNK = 500;
/** Rows per update statement: 1,000 rows of 22 columns stay below PostgreSQL's 65,535 parameters. */
const UPDATE_CHUNK = 1000;

type Update = { id: number; data: Partial<ProductInput> };

/**
 * One `update … from (values …)` for many rows (one statement per row took 15 s for 5,000 rows
 * on PGlite). Every write of one plan sets the same columns (all of the form's, or the stock).
 */
function bulkUpdateSql(updates: readonly Update[]): SQL {
  const table = getTableColumns(products);
  const keys = Object.keys(updates[0].data) as Array<keyof ProductInput>;
  const columns = keys.map((key) => ({ key, name: table[key].name, type: table[key].getSQLType() }));
  const value = (key: keyof ProductInput, v: unknown) => (key === "colors" ? JSON.stringify(v) : v);
  const rows = updates.map(
    (u) =>
      sql`(${sql.join(
        [sql`${u.id}::int`, ...columns.map((c) => sql`${sql.param(value(c.key, u.data[c.key]))}::${sql.raw(c.type)}`)],
        sql`, `,
      )})`,
  );
  const names = sql.raw(["id", ...columns.map((c) => `"${c.name}"`)].join(", "));
  const sets = sql.raw(columns.map((c) => `"${c.name}" = v."${c.name}"`).join(", "));
  return sql`update ${products} as p set ${sets}, updated_at = clock_timestamp()
    from (values ${sql.join(rows, sql`, `)}) as v(${names})
    where p.id = v.id`;
}

/** Thrown inside the transaction to roll it back when the plan has errors. */
class PlanRefused extends Error {
  constructor(readonly plan: ImportPlan) {
    super("import refused");
  }
}

/**
 * Plans and, when no row has an error, writes the file in one transaction. Back-in-stock alerts
 * marked due are returned (`alertsDue`); `kickImportAlerts` sends them after the answer.
 */
export async function applyImport(db: Db, actor: AuditActor, text: string, mode: ImportMode): Promise<ImportOutcome> {
  try {
    const outcome = await db.transaction(async (tx) => {
      const handle = tx as unknown as Db;
      const plan = await planImport(handle, text, mode);
      if (plan.errors.length > 0) throw new PlanRefused(plan);
      const updates = plan.writes.flatMap((w) => (w.kind === "update" ? [w] : []));
      const creates = plan.writes.flatMap((w) => (w.kind === "create" ? [w.data] : []));
      const locked = new Map<number, number>();
      if (updates.length > 0) {
        const ids = updates.map((w) => w.id);
        const rows = await handle
          .select({ id: products.id, quantity: products.quantity })
          .from(products)
          .where(sql`${products.id} = any(${sql.param(ids)}::int[])`)
          .orderBy(asc(products.id))
          .for("update");
        for (const row of rows) locked.set(row.id, row.quantity);
      }
      const stock: StockChange[] = [];
      for (let i = 0; i < updates.length; i += UPDATE_CHUNK) {
        await handle.execute(bulkUpdateSql(updates.slice(i, i + UPDATE_CHUNK)));
      }
      for (const write of updates) {
        if (write.data.quantity !== undefined) {
          stock.push({ productId: write.id, before: locked.get(write.id) ?? 0, after: write.data.quantity });
        }
      }
      const created: number[] = [];
      for (let i = 0; i < creates.length; i += INSERT_CHUNK) {
        const rows = await handle
          .insert(products)
          .values(creates.slice(i, i + INSERT_CHUNK))
          .returning({ id: products.id });
        created.push(...rows.map((row) => row.id));
      }
      const alertsDue = await noteStockChanges(handle, stock);
      if (mode === "full") await indexProducts(handle, [...updates.map((w) => w.id), ...created]);
      await recordAudit(handle, {
        actor,
        action: mode === "full" ? "product.import" : "product.importStock",
        entity: "product",
        after: { ...plan.counts, rows: plan.rows.length, created },
      });
      return { applied: true, plan, alertsDue };
    });
    if (outcome.plan.writes.length > 0) invalidateCatalog(db);
    return outcome;
  } catch (error) {
    if (error instanceof PlanRefused) return { applied: false, plan: error.plan, alertsDue: 0 };
    throw error;
  }
}

/** Sends the alerts an applied import made due, after the answer (docs/features.md, "Back-in-stock alerts"). */
export function kickImportAlerts(deps: { db: Db; env: Env }, outcome: ImportOutcome): void {
  if (outcome.alertsDue > 0) void kickStockAlerts(deps);
}
