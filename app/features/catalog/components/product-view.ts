/**
 * What the product page renders of a product (§2.10), and how it reads the shopper's choices
 * (colour, variety, image, tab) from the URL. Browser-safe: no server imports.
 */
import type { Language } from "~/i18n/languages";
import { localizedName } from "~/i18n/localized-name";
import type { ProductDto } from "../types";

/** §3: a colour without a hex value is shown grey. */
export const DEFAULT_SWATCH = "#9ca3af";
/** At or below this stock the page says how many are left ("¡Solo quedan 3!"). */
export const LOW_STOCK = 5;

export const PRODUCT_TABS = ["description", "specs", "reviews", "questions"] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];

/** The product as the page shows it: only the fields it renders (small HTML and JSON). */
export type ProductView = {
  id: number;
  name: string;
  description: string;
  price: number;
  originalPrice: number;
  wholesalePrice: number | null;
  quantity: number;
  brand: string;
  model: string;
  weight: string;
  dimensions: string;
  /** The colour of a product without a colour choice (spec §3 `color`). */
  color: string;
  warranty: boolean;
  shopCity: string;
  /** Up to 4 image URLs (§9), in order; empty when the product has none. */
  images: string[];
  colors: Array<{ name: string; hex: string }>;
  varieties: string[];
  features: string[];
  category: { slug: string; name: string };
  parentCategory: { slug: string; name: string } | null;
  /** A combo's contents (decision 015); null for any other product. */
  comboParts?: ProductDto["combo_parts"] | null;
};

/** Trims the full product DTO to the page's view, names in the page's language (decision “Names in both languages”). */
export function toProductView(product: ProductDto, lang: Language): ProductView {
  return {
    id: product.id,
    name: product.display_name || product.name,
    description: product.description,
    price: product.price,
    originalPrice: product.original_price,
    wholesalePrice: product.wholesale_price,
    quantity: product.quantity,
    brand: product.brand,
    model: product.model,
    weight: product.weight,
    dimensions: product.dimensions,
    color: product.color,
    warranty: product.warranty,
    shopCity: product.shop_city,
    images: [product.image_url, product.image2_url, product.image3_url, product.image4_url]
      .filter((url): url is string => Boolean(url))
      .slice(0, 4),
    colors: product.colors_list.map((name) => ({ name, hex: product.color_hex_mapping[name] || DEFAULT_SWATCH })),
    varieties: product.varieties_list,
    features: product.features_list,
    category: { slug: product.category.slug, name: localizedName(product.category, lang) },
    parentCategory: product.parent_category
      ? { slug: product.parent_category.slug, name: localizedName(product.parent_category, lang) }
      : null,
    comboParts: product.is_combo ? product.combo_parts : null,
  };
}

export type ProductSelection = {
  /** The chosen colour; the first one when the URL names none or an unknown one (§2.10). */
  color: string | null;
  /** The chosen variety; the first one by default (§2.10). */
  variety: string | null;
  /** 0-based index of the image shown large (`?img=` is 1-based). */
  image: number;
  tab: ProductTab;
};

/**
 * The shopper's choices from the page URL (`?color=&variety=&img=&tab=`), so that they survive a
 * reload, work without JavaScript and can be shared. Review filters open the reviews tab.
 */
export function readSelection(
  product: Pick<ProductView, "colors" | "varieties" | "images">,
  params: URLSearchParams,
): ProductSelection {
  const color = params.get("color");
  const variety = params.get("variety");
  const image = Number(params.get("img") ?? "1");
  const tab = params.get("tab");
  return {
    color: product.colors.find((c) => c.name === color)?.name ?? product.colors[0]?.name ?? null,
    variety: variety !== null && product.varieties.includes(variety) ? variety : (product.varieties[0] ?? null),
    image: Number.isInteger(image) && image >= 1 && image <= product.images.length ? image - 1 : 0,
    tab: (PRODUCT_TABS as readonly string[]).includes(tab ?? "")
      ? (tab as ProductTab)
      : params.has("rating") || params.has("sort")
        ? "reviews"
        : "description",
  };
}

/**
 * The product page path with the chosen colour and variety, the `next` of the login redirect
 * (decisions “Signed-out visitors go to login at once”, “Guest cart”: after signing in the shopper comes back to the same choice).
 */
export function productPagePath(
  pathname: string,
  product: Pick<ProductView, "colors" | "varieties">,
  selection: Pick<ProductSelection, "color" | "variety">,
): string {
  const query = new URLSearchParams();
  if (product.colors.length > 1 && selection.color) query.set("color", selection.color);
  if (product.varieties.length > 0 && selection.variety) query.set("variety", selection.variety);
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}
