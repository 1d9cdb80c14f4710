/**
 * The catalogue's wire shapes, in the spec's field names (§3, §7.1). The REST API serialises
 * exactly these; pages receive the same objects from loaders. Prices are USD numbers with at most
 * 2 decimals (decision “Prices are kept in US cents”), converted from integer cents only here, at the boundary.
 */
import type { Language } from "~/i18n/languages";

export type SubcategoryDto = {
  id: number;
  slug: string;
  name: string;
  name_en: string | null;
  image_url: string | null;
};

export type CategoryDto = SubcategoryDto & {
  sub_categories: SubcategoryDto[];
};

/** What a product card needs (listings, home sections, related, search results). */
export type ProductCardDto = {
  id: number;
  name: string;
  name_en: string | null;
  /** name_en when lang=en and it exists, else name (decision “Names in both languages”). */
  display_name: string;
  price: number;
  original_price: number;
  /** Same as original_price; the old client reads this name in the cart (§3). */
  compare_price: number;
  wholesale_price: number | null;
  quantity: number;
  sold: number;
  brand: string;
  shop_city: string;
  image_url: string | null;
  colors_list: string[];
  color_hex_mapping: Record<string, string>;
  has_multiple_colors: boolean;
  varieties_list: string[];
  /** Real average rating with 1 decimal, null when there are no reviews (decision “Real ratings”). */
  rating: number | null;
  reviews_count: number;
  category: { id: number; slug: string; name: string; name_en: string | null };
  date_created: string;
  /** A combo (docs/decisions/015-combos.md): sold as one product, its stock computed from its parts. */
  is_combo: boolean;
  /** A combo's contents (part, its name in the language asked for, units per combo); [] for any other product. */
  combo_parts: Array<{ id: number; name: string; quantity: number }>;
};

/** The full product of §3, for the detail page and `GET /api/product/product/{id}`. */
export type ProductDto = ProductCardDto & {
  /** Localised per decision “Names in both languages” (English when lang=en and an English text exists). */
  description: string;
  description_en: string | null;
  model: string;
  weight: string;
  dimensions: string;
  color: string;
  warranty: boolean;
  image2_url: string | null;
  image3_url: string | null;
  image4_url: string | null;
  features_list: string[];
  /** The subcategory's parent category, for breadcrumbs. */
  parent_category: { id: number; slug: string; name: string; name_en: string | null } | null;
};

/** Price filter labels of §9, verbatim (decision “Listing filters”); bounds are USD, inclusive. */
export const PRICE_RANGES = ["all", "1 - 19", "20 - 39", "40 - 59", "60 - 79", "More than 80"] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

/** Sort fields and orders of §9 (decision “Listing filters”). */
export const SORT_FIELDS = ["date_created", "price", "name", "sold"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Listing and search page size (§9, decision “Search forgives the way people type”). */
export const PAGE_SIZE = 42;

export type ListingQuery = {
  categorySlug: string;
  priceRange: PriceRange;
  sortBy: SortField;
  order: SortOrder;
  /** 1-based page. */
  page: number;
  lang: Language;
};

export type Paged<T> = { results: T[]; count: number };

export type SlideDto = {
  id: number;
  title: string;
  subtitle: string;
  image_url: string;
  link: string | null;
  app_link: string | null;
  has_whatsapp: boolean;
  phone_number: string;
  whatsapp_message: string;
};

export type CompanyInfoDto = {
  name: string;
  description: string;
  company_logo_url: string;
  facebook_url: string;
  twitter_url: string;
  instagram_url: string;
  linkedin_url: string;
  att_phone: string;
  support_email: string;
  sells_phone: string;
  sales_email: string;
  providers: number;
  products: number;
};
