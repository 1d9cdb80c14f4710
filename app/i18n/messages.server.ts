import { en } from "./en";
import { es } from "./es";
import type { Messages } from "./i18n";
import type { Language } from "./languages";
import { groupPrefixes, keyHasPrefix, pageGroup } from "./page-messages";

const CATALOGUES: Record<Language, Messages> = { es, en };

/** The active language's catalogue; only this one reaches the browser (via the root loader). */
export function getMessages(lang: Language): Messages {
  return CATALOGUES[lang];
}

const pageCatalogues = new Map<string, Partial<Messages>>();

/**
 * The messages the page at `pathname` needs (page-messages.ts), plus `extraKeys` (a flash alert's
 * key, which may come from any page). One object per language and group, built once.
 */
export function getPageMessages(lang: Language, pathname: string, extraKeys: string[] = []): Partial<Messages> {
  const group = pageGroup(pathname);
  const id = `${lang}:${group}`;
  let messages = pageCatalogues.get(id);
  if (!messages) {
    const prefixes = groupPrefixes(group);
    messages = Object.fromEntries(Object.entries(CATALOGUES[lang]).filter(([key]) => keyHasPrefix(key, prefixes)));
    pageCatalogues.set(id, messages);
  }
  if (extraKeys.length === 0) return messages;
  // The key itself and its plural forms (`key_one`, `key_other`).
  const extra = Object.entries(CATALOGUES[lang]).filter(
    ([key]) => !(key in messages) && extraKeys.some((wanted) => key === wanted || key.startsWith(`${wanted}_`)),
  );
  return extra.length === 0 ? messages : { ...messages, ...Object.fromEntries(extra) };
}
