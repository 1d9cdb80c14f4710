import type { NavCategory } from "~/components/root-data";
import { useT } from "~/i18n/use-t";
import { type RadioOption, RadioFilter } from "./listing-filters";

/**
 * §2.12: the search's category radio filter, 'all' plus each top-level category by slug, names
 * in the page language. A subcategory slug (from an old link) is listed under its category so
 * that the current choice is always visible.
 */
export function CategoryFilter({
  categories,
  value,
  hidden,
}: {
  /** The root loader's categories, named in the page's language already. */
  categories: NavCategory[];
  value: string;
  hidden: Array<[string, string]>;
}) {
  const t = useT();
  const options: RadioOption[] = [{ value: "all", label: t("catalog.filters.allCategories") }];
  for (const category of categories) {
    options.push({ value: category.slug, label: category.name });
    const sub = category.sub_categories.find((s) => s.slug === value);
    if (sub) options.push({ value: sub.slug, label: sub.name, indent: true });
  }
  return (
    <RadioFilter
      name="category"
      legend={t("catalog.filters.category")}
      value={value}
      hidden={hidden}
      options={options}
    />
  );
}
