/**
 * The demo store's combos (docs/decisions/015-combos.md): boxes of staples made of seeded
 * products that are in stock, priced a little below their parts. A combo is a product of the plan
 * (its image is drawn like any other); its parts are written after the catalogue
 * (demo-combos.server.ts). Its own quantity stays 0: the parts' stock gives it.
 */
import type { DemoProduct } from "./catalog";

export type DemoCombo = {
  name: [string, string];
  description: [string, string];
  /** Each part: the start of a seeded product's Spanish name, and its units per combo. */
  parts: Array<[string, number]>;
};

export const DEMO_COMBOS: DemoCombo[] = [
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
    name: ["Combo aseo y cocina", "Cleaning and cooking combo"],
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

/** The first product of the plan whose name starts with `start` and that is in stock. */
export function demoComboPart(plan: readonly DemoProduct[], start: string): number {
  return plan.findIndex((p) => !p.fields.isCombo && p.fields.name.startsWith(start) && (p.fields.quantity ?? 0) > 0);
}

/** The combos as products of the plan, next to their first part; one whose parts are missing is left out. */
export function demoComboProducts(plan: readonly DemoProduct[], now: Date): DemoProduct[] {
  return DEMO_COMBOS.flatMap((combo) => {
    const parts = combo.parts.map(([start, units]) => ({ at: demoComboPart(plan, start), units }));
    if (parts.some((part) => part.at < 0)) return [];
    const first = plan[parts[0].at];
    const worth = parts.reduce((sum, part) => sum + (plan[part.at].fields.priceCents ?? 0) * part.units, 0);
    const line = (lang: 0 | 1) =>
      parts.map((part) => `${part.units} × ${lang === 0 ? plan[part.at].fields.name : plan[part.at].fields.nameEn}`);
    return [
      {
        subcategorySlug: first.subcategorySlug,
        categorySlug: first.categorySlug,
        icon: "package",
        accent: first.accent,
        imageCount: 1,
        fields: {
          name: combo.name[0],
          nameEn: combo.name[1],
          description: combo.description[0],
          descriptionEn: combo.description[1],
          priceCents: Math.max(100, Math.round((worth * 0.9) / 5) * 5),
          originalPriceCents: worth,
          wholesalePriceCents: null,
          quantity: 0,
          sold: 0,
          brand: "Combo",
          model: `COMBO-${combo.parts.length}`,
          weight: "—",
          dimensions: "40 x 30 x 20 cm",
          features: [...line(0), "Más barato que por separado"],
          featuresEn: [...line(1), "Cheaper than buying separately"],
          shopCity: "La Habana",
          isCombo: true,
          dateCreated: now,
          updatedAt: now,
        },
      },
    ];
  });
}
