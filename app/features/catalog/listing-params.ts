/**
 * The query string of the listing pages (spec §2.8, §2.9, §2.12, §4.6): price filter, sort, page
 * and view live in the URL (`?price_range=20+-+39&sort_by=price&order=asc&p=2&view=list`), so a
 * listing is a shareable link, the back button works, and everything works without JavaScript.
 * Browser-safe: loaders parse with it, components build their links with it.
 *
 * Unlike the REST API (decision “Listing filters”: an unknown value is a 400), a page never fails on a bad query: a
 * visitor may have typed or truncated the link, so each unknown value falls back to its default.
 */
import { PRICE_RANGES, type PriceRange, SORT_FIELDS, SORT_ORDERS, type SortField, type SortOrder } from "./types";

export const VIEWS = ["grid", "list"] as const;
export type ListingView = (typeof VIEWS)[number];

export type ListingParams = {
  priceRange: PriceRange;
  sortBy: SortField;
  order: SortOrder;
  /** 1-based; may lie past the last page (the page then shows an empty state). */
  page: number;
  view: ListingView;
};

/** Newest first, as the REST API's `by/search` (§7.1) defaults. */
export const DEFAULT_SORT: SortField = "date_created";

/** The order a field starts in when chosen (§9: date_created desc, price asc, name asc, sold desc). */
export const FIELD_DEFAULT_ORDER: Record<SortField, SortOrder> = {
  date_created: "desc",
  price: "asc",
  name: "asc",
  sold: "desc",
};

export const DEFAULT_LISTING: ListingParams = {
  priceRange: "all",
  sortBy: DEFAULT_SORT,
  order: FIELD_DEFAULT_ORDER[DEFAULT_SORT],
  page: 1,
  view: "grid",
};

/** Pages beyond this are treated as past the end (bounds the SQL offset a link can ask for). */
const MAX_PAGE = 100_000;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

/**
 * `p` as a page number: digits only, at least 1; anything else is page 1. Very large numbers are
 * capped (still past the end of any listing).
 */
export function parsePage(value: string | null): number {
  if (!value || !/^\d+$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page < 1 ? 1 : Math.min(page, MAX_PAGE);
}

/** The view (`grid` default, `list`). */
export function parseView(value: string | null): ListingView {
  return oneOf(VIEWS, value) ?? "grid";
}

/**
 * Reads the listing state from a query string. `price_range` accepts the §9 labels verbatim
 * (a `+` in the URL is a space); a missing or unknown `sort_by` is date_created, and a missing or
 * unknown `order` gives the field's starting order.
 */
export function parseListingParams(search: URLSearchParams): ListingParams {
  const priceRange = oneOf(PRICE_RANGES, search.get("price_range")?.trim() ?? null) ?? "all";
  const sortBy = oneOf(SORT_FIELDS, search.get("sort_by")) ?? DEFAULT_SORT;
  const order = oneOf(SORT_ORDERS, search.get("order")) ?? FIELD_DEFAULT_ORDER[sortBy];
  return { priceRange, sortBy, order, page: parsePage(search.get("p")), view: parseView(search.get("view")) };
}

/**
 * The query string (with `?`, or "" when everything is default) for a listing state. Defaults are
 * left out so that each state has one URL (and one canonical URL). `extra` entries (search's `q`
 * and `category`) come first.
 */
export function listingSearch(
  params: Partial<ListingParams>,
  extra: Array<[string, string]> = [],
  opts: { keepView?: boolean } = { keepView: true },
): string {
  const search = new URLSearchParams(extra);
  if (params.priceRange && params.priceRange !== "all") search.set("price_range", params.priceRange);
  if (
    params.sortBy &&
    (params.sortBy !== DEFAULT_SORT || (params.order && params.order !== FIELD_DEFAULT_ORDER[DEFAULT_SORT]))
  ) {
    search.set("sort_by", params.sortBy);
    search.set("order", params.order ?? FIELD_DEFAULT_ORDER[params.sortBy]);
  }
  if (params.page && params.page > 1) search.set("p", String(params.page));
  if (opts.keepView !== false && params.view && params.view !== "grid") search.set("view", params.view);
  const query = search.toString();
  return query ? `?${query}` : "";
}

/** The next state when a sort field is chosen: the current field toggles asc/desc (§4.6), another starts in its default order; page 1. */
export function sortToggle(current: ListingParams, field: SortField): ListingParams {
  const order: SortOrder =
    current.sortBy === field ? (current.order === "asc" ? "desc" : "asc") : FIELD_DEFAULT_ORDER[field];
  return { ...current, sortBy: field, order, page: 1 };
}

/** The number of pages for `count` items (0 when there are none). */
export function pageCount(count: number, pageSize: number): number {
  return Math.ceil(count / pageSize);
}

/**
 * Whether a request probably comes from a phone (its User-Agent says `Mobi`, as Android and iOS
 * phone browsers do). Only used to decide whether the filter panel starts folded (§4.6): a wrong
 * guess costs one tap, never a broken page.
 */
export function likelyPhone(userAgent: string | null): boolean {
  return /Mobi/i.test(userAgent ?? "");
}

/** The URL without `view`: a change of view alone needs no new data (routes' shouldRevalidate). */
export function withoutView(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete("view");
  search.sort();
  return `${url.pathname}?${search}`;
}
