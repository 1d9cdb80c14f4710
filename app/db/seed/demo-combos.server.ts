/**
 * Writes the demo combos' parts (docs/decisions/015-combos.md) once the catalogue, combos
 * included (data/combos.ts), is in.
 */
import type { Db } from "~/db/client.server";
import { comboParts } from "~/db/schema/catalog";
import type { DemoProduct } from "./data/catalog";
import { DEMO_COMBOS, demoComboPart } from "./data/combos";

/** `ids` are the products' ids in `plan` order. */
export async function insertDemoComboParts(db: Db, plan: DemoProduct[], ids: number[]): Promise<void> {
  for (const combo of DEMO_COMBOS) {
    const at = plan.findIndex((p) => p.fields.isCombo && p.fields.name === combo.name[0]);
    if (at < 0) continue;
    await db.insert(comboParts).values(
      combo.parts.map(([start, quantity]) => ({
        comboId: ids[at],
        productId: ids[demoComboPart(plan, start)],
        quantity,
      })),
    );
  }
}
