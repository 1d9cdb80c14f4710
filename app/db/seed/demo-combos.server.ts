/**
 * The demo store's combos (issue 26 point 6, decision 015): a few boxes of staples made of seeded
 * products that are in stock, priced a little below their parts, each shown with its first part's
 * image. A combo holds no stock of its own: the parts' stock gives it.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { comboParts, products } from "~/db/schema/catalog";
import { createProduct } from "../../../tests/factories";
import type { DemoProduct } from "./data/catalog";

type DemoCombo = {
  name: [string, string];
  description: [string, string];
  /** Each part: the start of a seeded product's Spanish name, and its units per combo. */
  parts: Array<[string, number]>;
};

const DEMO_COMBOS: DemoCombo[] = [
  {
    name: ["Combo básico de la semana", "Weekly basics combo"],
    description: [
      "Arroz, frijoles negros, aceite y azúcar para la semana, a mejor precio que por separado.",
      "Rice, black beans, oil and sugar for the week, for less than buying them one by one.",
    ],
    parts: [
      ["Arroz blanco de grano largo", 2],
      ["Frijoles negros", 1],
      ["Aceite vegetal", 1],
      ["Azúcar refino", 1],
    ],
  },
  {
    name: ["Combo aseo del hogar", "Home cleaning combo"],
    description: [
      "Detergente en polvo y aceite para cocinar: lo que más se busca, en una sola caja.",
      "Laundry powder and cooking oil: the most wanted, in one box.",
    ],
    parts: [
      ["Detergente en polvo", 2],
      ["Aceite vegetal", 1],
    ],
  },
];

/** Inserts the demo combos (after the catalogue, before the search index is built); skips one whose parts are missing. */
export async function insertDemoCombos(db: Db, plan: DemoProduct[], ids: number[]): Promise<void> {
  // The first seeded product of each name that is in stock, so that every demo combo can be bought.
  const find = (start: string) => {
    const at = plan.findIndex((p) => p.fields.name.startsWith(start) && (p.fields.quantity ?? 0) > 0);
    return at < 0 ? null : { id: ids[at], plan: plan[at] };
  };
  for (const combo of DEMO_COMBOS) {
    const parts = combo.parts.map(([start, quantity]) => ({ found: find(start), quantity }));
    if (parts.some((part) => !part.found)) continue;
    const first = parts[0].found!;
    const [categoryRow] = await db
      .select({ categoryId: products.categoryId, imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.id, first.id));
    const worth = parts.reduce((sum, part) => sum + (part.found!.plan.fields.priceCents ?? 0) * part.quantity, 0);
    const price = Math.max(100, Math.round((worth * 0.9) / 5) * 5);
    const [row] = await db
      .insert(products)
      .values(
        createProduct({
          categoryId: categoryRow.categoryId,
          name: combo.name[0],
          nameEn: combo.name[1],
          description: combo.description[0],
          descriptionEn: combo.description[1],
          priceCents: price,
          originalPriceCents: worth,
          quantity: 0,
          sold: 0,
          brand: "",
          model: "",
          weight: "",
          dimensions: "",
          imageUrl: categoryRow.imageUrl,
          isCombo: true,
        }),
      )
      .returning({ id: products.id });
    await db
      .insert(comboParts)
      .values(parts.map((part) => ({ comboId: row.id, productId: part.found!.id, quantity: part.quantity })));
  }
}
