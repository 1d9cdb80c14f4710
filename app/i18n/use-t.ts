import { useMemo } from "react";
import { useRootData } from "~/components/root-data";
import { type TFunction, createT } from "./i18n";
import type { Language } from "./languages";
import { localePath } from "./links";

/** `t(key, values)` for the page's language, from the messages the root loader sent. */
export function useT(): TFunction {
  const { messages, lang } = useRootData();
  return useMemo(() => createT(messages, lang), [messages, lang]);
}

/** The page's language (the `:lang` segment, or es outside it). */
export function useLang(): Language {
  return useRootData().lang;
}

/** `href("/shop/x")` builds `/{lang}/shop/x` for the page's language. */
export function useLocalePath(): (path?: string) => string {
  const lang = useLang();
  return useMemo(() => (path?: string) => localePath(lang, path), [lang]);
}
