import type { NavCategory, NavSubcategory } from "~/components/root-data";
import type { Language } from "~/i18n/languages";
import { localizedName } from "~/i18n/localized-name";
import type { CategoryDto } from "./types";

/** The catalogue's categories trimmed to what the shell and the home page render. */
export function toNavCategories(categories: CategoryDto[], lang: Language): NavCategory[] {
  const nav = (c: CategoryDto["sub_categories"][number]): NavSubcategory => ({
    slug: c.slug,
    name: localizedName(c, lang),
    image_url: c.image_url,
  });
  return categories.map((c) => ({ ...nav(c), sub_categories: c.sub_categories.map(nav) }));
}
