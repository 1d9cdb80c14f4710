export const LANGUAGES = ["es", "en"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "es";

export function isLanguage(value: unknown): value is Language {
  return value === "es" || value === "en";
}

/** `?lang=` of the API and data calls: anything but `en` means Spanish (§2.1, decision “Names in both languages”). */
export function parseLanguage(value: string | null | undefined): Language {
  return value === "en" ? "en" : "es";
}
