import type { Language } from "./languages";

/** §2.3 / decision “Names in both languages”: a category's name_en when the language is en and it exists, otherwise name. */
export function localizedName(item: { name: string; name_en: string | null }, lang: Language): string {
  return lang === "en" && item.name_en ? item.name_en : item.name;
}
