import type { CategoryDto } from "~/features/catalog/types";
import { localizedName } from "~/i18n/localized-name";
import { useLang, useT } from "~/i18n/use-t";
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
  categories: CategoryDto[];
  value: string;
  hidden: Array<[string, string]>;
}) {
  const t = useT();
  const lang = useLang();
  const options: RadioOption[] = [{ value: "all", label: t("catalog.filters.allCategories") }];
  for (const category of categories) {
    options.push({ value: category.slug, label: localizedName(category, lang) });
    const sub = category.sub_categories.find((s) => s.slug === value);
    if (sub) options.push({ value: sub.slug, label: localizedName(sub, lang), indent: true });
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
