import { PRICE_RANGES, type PriceRange } from "~/features/catalog/types";
import type { TFunction } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import { RadioFilter } from "./listing-filters";

/** The shown label of a §9 price range; the submitted value stays the §9 label verbatim (decision “Listing filters”). */
export function priceRangeLabel(t: TFunction, range: PriceRange): string {
  if (range === "all") return t("catalog.price.all");
  const [min, max] = range.match(/\d+/g)!.map(Number);
  return max === undefined ? t("catalog.price.over", { min }) : t("catalog.price.range", { min, max });
}

/** §2.8: the price-range radio filter (USD; bounds per docs/decisions/001-price-range-bounds.md). */
export function PriceFilter({ value, hidden }: { value: PriceRange; hidden: Array<[string, string]> }) {
  const t = useT();
  return (
    <RadioFilter
      name="price_range"
      legend={t("catalog.filters.price")}
      value={value}
      hidden={hidden}
      options={PRICE_RANGES.map((range) => ({ value: range, label: priceRangeLabel(t, range) }))}
    />
  );
}
