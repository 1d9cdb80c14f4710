import { DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";

/**
 * The locale-aware href builder (docs/style.md): every internal link goes through here so that no
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

/** The three unprefixed account pages of §2.1 (the links in emails, and the reset request). */
const ACCOUNT_LINK_PATHS = [
  /^\/activate\/([^/]+)\/[^/]+\/?$/,
  /^\/reset_password\/?$/,
  /^\/password\/reset\/confirm\/([^/]+)\/[^/]+\/?$/,
];

export function isAccountLinkPath(pathname: string): boolean {
  return ACCOUNT_LINK_PATHS.some((re) => re.test(pathname));
}

/** The uid segment of an activation or reset-confirm path, or null. */
export function accountLinkUid(pathname: string): string | null {
  for (const re of ACCOUNT_LINK_PATHS) {
    const uid = re.exec(pathname)?.[1];
    if (uid) return uid;
  }
  return null;
}

/** The first es or en preference of an `Accept-Language` header (by weight), else Spanish. */
export function acceptLanguagePreference(header: string | null | undefined): Language {
  const ranked = (header ?? "")
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.split("-")[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => isLanguage(entry.base) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return (ranked[0]?.base as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/**
 * The language picker's link on a page: the unprefixed account pages stay where they are with
 * `?lang=` (their links come from emails and must keep working); every other page switches prefix.
 */
export function languageSwitchHref(pathname: string, search: string, target: Language): string {
  if (!isAccountLinkPath(pathname)) return switchLanguagePath(pathname, search, target);
  const params = new URLSearchParams(search);
  params.set("lang", target);
  return `${pathname}?${params}`;
}

/**
 * The same page in another language, query kept (§4.9: switching changes the URL prefix). A path
 * without a language prefix (404, account link pages) switches to that language's home.
 */
export function switchLanguagePath(pathname: string, search: string, target: Language): string {
  if (!languageOfPath(pathname)) return localePath(target);
  const rest = pathname.slice(3);
  return `/${target}${rest || "/"}${search}`;
}
