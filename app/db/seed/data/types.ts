/**
 * Compact shapes the demo catalogue is written in (ARCHITECTURE.md "Demo seed"). One item expands
 * into one product per variant, so ~120 hand-written items give ~270 natural products.
 */

/** A text in Spanish and English (decision “Names in both languages”). */
export type Tr = readonly [es: string, en: string];

/**
 * One sellable product of an item: brand, model (empty = a generated SKU), USD price and an
 * optional size that ends both names: language-neutral ("1 kg", "500 ml", "12000 BTU") or a
 * Spanish/English pair for counts (["12 rollos", "12 rolls"]).
 */
export type Variant = readonly [brand: string, model: string, priceUsd: number, size?: string | Tr];

/** Keys of the colour palette in `colors.ts`. */
export type ColorKey =
  | "negro"
  | "blanco"
  | "gris"
  | "plateado"
  | "azul"
  | "azulMarino"
  | "celeste"
  | "rojo"
  | "verde"
  | "rosado"
  | "beige"
  | "amarillo"
  | "morado"
  | "naranja"
  | "dorado";

export type ItemSpec = {
  /** Base name without brand or size: Spanish reads "<name> <brand> <size>", English "<brand> <name> <size>". */
  name: Tr;
  variants: readonly Variant[];
  /** Put the model after the brand in both names (phones, laptops: "Samsung Galaxy A15"). */
  modelInName?: boolean;
  /** Description; `{brand}`, `{model}` and `{size}` are replaced per variant. */
  desc: Tr;
  /** 3 to 5 key features (spec §2.10). */
  features: readonly Tr[];
  /** A lucide-static icon name for the generated images. */
  icon: string;
  /** Shipping weight; defaults to the variant size when that is a weight. */
  weight?: string;
  dims: string;
  /** Several colours (spec §2.10 swatches); the first is preselected and stored in `color`. */
  colors?: readonly ColorKey[];
  /** Language-neutral varieties: sizes, voltages, shades (there is no varieties_en column). */
  varieties?: readonly string[];
  warranty?: boolean;
  /** A bulk food or hygiene item that gets a wholesale price (decision “The wholesale price”). */
  wholesale?: boolean;
};

export type SubcategorySpec = {
  slug: string;
  name: Tr;
  icon: string;
  items: readonly ItemSpec[];
};

export type CategorySpec = {
  slug: string;
  name: Tr;
  icon: string;
  /** Accent colour of the category's images (icon stroke, dark backgrounds). */
  accent: string;
  subcategories: readonly SubcategorySpec[];
};
