import { en } from "./en";
import { es } from "./es";
import type { Messages } from "./i18n";
import type { Language } from "./languages";

const CATALOGUES: Record<Language, Messages> = { es, en };

/** The active language's catalogue; only this one reaches the browser (via the root loader). */
export function getMessages(lang: Language): Messages {
  return CATALOGUES[lang];
}
