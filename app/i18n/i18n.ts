/**
 * Message lookup for both languages (docs/style.md, decision “Every message in both languages”). Catalogues are flat objects of dotted keys;
 * `{name}` placeholders are interpolated and plurals pick `key_one` / `key_other` (etc.) with
 * Intl.PluralRules. A missing key shows the key itself (spec §8 "Missing translation").
 */
import type { es } from "./es";
import type { Language } from "./languages";

export type MessageKey = keyof typeof es;
/** One language's catalogue; `en.ts` satisfies this so a missing or extra key fails tsc. */
export type Messages = Record<MessageKey, string>;
/** Keys that exist only as plural forms (`products.count_one`, `products.count_other`). */
type PluralBase<K> = K extends `${infer B}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? B : never;
export type TranslationKey = MessageKey | PluralBase<MessageKey>;
export type TranslationValues = Record<string, string | number>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

const LOCALES: Record<Language, string> = { es: "es-CU", en: "en-US" };
const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralCategory(lang: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(LOCALES[lang]);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/** Replaces `{name}` with `values.name`; unknown placeholders are left as written. */
export function interpolate(template: string, values?: TranslationValues): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}

/**
 * Translates `key`. With a numeric `values.count`, the plural form `key_<category>` is tried first,
 * then `key_other`, then `key` itself.
 */
export function translate(
  messages: Partial<Record<string, string>> | undefined,
  lang: Language,
  key: string,
  values?: TranslationValues,
): string {
  const table = messages ?? {};
  let template: string | undefined;
  if (typeof values?.count === "number") {
    template = table[`${key}_${pluralCategory(lang, values.count)}`] ?? table[`${key}_other`];
  }
  template ??= table[key];
  // Spec §8: a missing translation shows its key.
  if (template === undefined) return key;
  return interpolate(template, values);
}

/** A `t` bound to one catalogue and language. */
export function createT(messages: Partial<Record<string, string>> | undefined, lang: Language): TFunction {
  return (key, values) => translate(messages, lang, key, values);
}
