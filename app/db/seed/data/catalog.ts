/**
 * The demo catalogue (ARCHITECTURE.md "Demo seed"): categories in menu order, and the expansion
 * of the compact item tables into products with realistic stock, sales, dates, cities, sale and
 * wholesale prices. Deterministic: the same products, in the same order, on every run.
 */
import { demoComboProducts } from "./combos";
import type { products } from "~/db/schema/catalog";
import { alimentos, bebidas } from "./catalog-food";
import { farmacia, ropaYCalzado } from "./catalog-fashion-health";
import { aseoPersonal, ferreteria, hogar } from "./catalog-home";
import { electrodomesticos, electronica, energiaSolar } from "./catalog-tech";
import { COLORS } from "./colors";
import { createRandom, type Random } from "./random";
import type { CategorySpec, ItemSpec, Tr, Variant } from "./types";

/** Categories in the order of the header strip (spec §2.3). */
export const DEMO_CATEGORIES: readonly CategorySpec[] = [
  alimentos,
  bebidas,
  aseoPersonal,
  hogar,
  electrodomesticos,
  energiaSolar,
  electronica,
  ropaYCalzado,
  farmacia,
  ferreteria,
];

export type DemoProductFields = Omit<typeof products.$inferInsert, "id" | "categoryId">;

export type DemoProduct = {
  subcategorySlug: string;
  categorySlug: string;
  /** lucide-static icon drawn on the product's images. */
  icon: string;
  /** Category accent colour for the images. */
  accent: string;
  /** How many images (1 to 4, spec §9) the product gets. */
  imageCount: number;
  fields: DemoProductFields;
};

const CITIES = [
  ["La Habana", 60],
  ["Santiago de Cuba", 10],
  ["Camagüey", 8],
  ["Holguín", 8],
  ["Santa Clara", 7],
  ["Matanzas", 7],
] as const;

/** Categories whose products sell in volume: more units sold, more stock. */
const EVERYDAY = new Set(["alimentos", "bebidas", "aseo-personal", "farmacia"]);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Expands every item of `DEMO_CATEGORIES` into its products. `now` anchors `date_created`
 * (spread over the last ~120 days, for the new-arrivals section).
 */
export function buildDemoProducts(now: Date = new Date()): DemoProduct[] {
  const random = createRandom(20260101);
  const result: DemoProduct[] = [];
  const names = new Set<string>();
  for (const category of DEMO_CATEGORIES) {
    for (const sub of category.subcategories) {
      for (const item of sub.items) {
        item.variants.forEach((variant, index) => {
          const product = buildProduct(random, now, category, item, variant, index);
          if (names.has(product.name)) throw new Error(`Duplicate demo product name: ${product.name}`);
          names.add(product.name);
          result.push({
            subcategorySlug: sub.slug,
            categorySlug: category.slug,
            icon: item.icon,
            accent: category.accent,
            imageCount: imageCount(random, item),
            fields: product,
          });
        });
      }
    }
  }
  // The demo combos (docs/decisions/015-combos.md) after every product they are made of.
  result.push(...demoComboProducts(result, now));
  return result;
}

function buildProduct(
  random: Random,
  now: Date,
  category: CategorySpec,
  item: ItemSpec,
  variant: Variant,
  index: number,
): DemoProductFields & { name: string } {
  const [brand, givenModel, priceUsd, size] = variant;
  const [sizeEs, sizeEn] = typeof size === "string" ? [size, size] : (size ?? ["", ""]);
  const model = givenModel || skuFor(brand, item, index);
  const fill = (text: string, sizeText: string) =>
    text.replaceAll("{brand}", brand).replaceAll("{model}", model).replaceAll("{size}", sizeText);
  const brandModel = item.modelInName ? `${brand} ${model}` : brand;
  const name = join(item.name[0], brandModel, sizeEs);
  const nameEn = join(brandModel, item.name[1], sizeEn);

  const priceCents = Math.round(priceUsd * 100);
  // Below 1 USD a product would match no §9 price filter but "all" (decision “Listing filters”).
  if (priceCents < 100) throw new Error(`Demo price ${priceUsd} of ${item.name[0]} is below the §9 price filters`);
  // ~20 % on sale (decision “Home sections” "today's deals"): the original price is 15-45 % higher, rounded up to 50 cents.
  const onSale = random.next() < 0.2;
  const originalPriceCents = onSale
    ? Math.ceil((priceCents * (1.15 + random.next() * 0.3)) / 50) * 50
    : priceCents;
  // Bulk food and hygiene get a wholesale price 10-18 % lower, from 10 units (decision “The wholesale price”).
  const wholesalePriceCents = item.wholesale ? Math.round(priceCents * (0.82 + random.next() * 0.08)) : null;

  const everyday = EVERYDAY.has(category.slug);
  // ~8 % out of stock (spec §2.9: the add-to-cart button is disabled at quantity 0).
  const outOfStock = random.next() < 0.08;
  const quantity = outOfStock ? 0 : everyday ? random.int(15, 400) : random.int(2, 60);
  const soldScale = everyday ? 900 : priceCents > 10000 ? 60 : 250;
  const sold = Math.floor(Math.pow(random.next(), 2.2) * soldScale);
  const ageMs = random.next() * 120 * DAY_MS;
  const dateCreated = new Date(now.getTime() - ageMs);

  const colors = (item.colors ?? []).map((key) => COLORS[key]);
  return {
    name,
    nameEn,
    description: fill(item.desc[0], sizeEs),
    descriptionEn: fill(item.desc[1], sizeEn),
    features: item.features.map((f: Tr) => fill(f[0], sizeEs)),
    featuresEn: item.features.map((f: Tr) => fill(f[1], sizeEn)),
    priceCents,
    originalPriceCents,
    wholesalePriceCents,
    quantity,
    sold,
    brand,
    model,
    weight: item.weight ?? weightFromSize(sizeEs),
    dimensions: item.dims,
    color: colors[0]?.name ?? "",
    colors,
    varieties: [...(item.varieties ?? [])],
    warranty: item.warranty ?? false,
    shopCity: random.weighted(CITIES),
    dateCreated,
    updatedAt: dateCreated,
  };
}

function join(...parts: string[]): string {
  return parts.filter(Boolean).join(" ");
}

/** A stable SKU-like model code when the table gives none ("GAL-101"). */
function skuFor(brand: string, item: ItemSpec, index: number): string {
  const letters = brand
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 3)
    .toUpperCase();
  const base = item.name[1].length * 7 + item.name[0].length;
  return `${letters || "TC"}-${100 + ((base + index * 13) % 900)}`;
}

/** Weight from a size such as "2 kg", "500 g", "1.5 L", "355 ml" or "24 x 355 ml". */
function weightFromSize(size: string): string {
  const match = /^(?:(\d+) x )?([\d.]+) ?(kg|g|L|ml)$/.exec(size);
  if (!match) return "0.5 kg";
  const count = Number(match[1] ?? 1);
  const value = Number(match[2]);
  const kg = { kg: value, g: value / 1000, L: value * 1.05, ml: (value / 1000) * 1.05 }[match[3] as "kg"];
  const total = count * kg;
  return total >= 1 ? `${Math.round(total * 10) / 10} kg` : `${Math.round(total * 1000)} g`;
}

/** 1 to 4 images, most products 2-4 (spec §9); a product with colours gets one image per colour. */
function imageCount(random: Random, item: ItemSpec): number {
  const base = random.weighted([
    [1, 10],
    [2, 30],
    [3, 30],
    [4, 30],
  ] as const);
  return Math.min(4, Math.max(base, item.colors?.length ?? 0));
}
