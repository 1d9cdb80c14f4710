import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";

/**
 * The locale-aware href builder (STYLE.md): every internal link goes through here so that no
 * component writes a language prefix by hand. `localePath("es", "/shop/x")` is `/es/shop/x`;
 * the home page is `/es/` (spec §2.1: `/` goes to `/es/`).
 */
export function localePath(lang: Language, path = "/"): string {
  if (path === "" || path === "/") return `/${lang}/`;
  return `/${lang}${path.startsWith("/") ? path : `/${path}`}`;
}

/** The language of a path's first segment, or null when it carries no valid prefix (§2.1). */
export function languageOfPath(pathname: string): Language | null {
  const first = pathname.split("/")[1];
  return isLanguage(first) ? first : null;
}

/** The page language: the first segment when it is es or en, else Spanish (§2.1). */
export function pageLanguage(pathname: string): Language {
  return languageOfPath(pathname) ?? DEFAULT_LANGUAGE;
}

/**
 * The same page in another language, query kept (§4.9: switching changes the URL prefix). A path
 * without a language prefix (404, reserved account pages) switches to that language's home.
 */
export function switchLanguagePath(pathname: string, search: string, target: Language): string {
  if (!languageOfPath(pathname)) return localePath(target);
  const rest = pathname.slice(3);
  return `/${target}${rest || "/"}${search}`;
}
