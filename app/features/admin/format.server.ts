/**
 * Dates and ages as the back office shows them, written on the server (one ICU, no hydration
 * mismatch), in Havana time (utils/dates.ts).
 */
import type { Language } from "~/i18n/languages";
import { STORE_TIME_ZONE } from "~/utils/dates";

const LOCALES: Record<Language, string> = { es: "es-CU", en: "en-US" };
const dateTimeFormats = new Map<Language, Intl.DateTimeFormat>();
const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/** "24 nov 2026, 10:30" / "Nov 24, 2026, 10:30 AM", Havana time. */
export function adminDateTime(date: Date, lang: Language): string {
  let format = dateTimeFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: STORE_TIME_ZONE,
    });
    dateTimeFormats.set(lang, format);
  }
  return format.format(date);
}

/** A Havana day (YYYY-MM-DD) as "24 nov 2026" / "Nov 24, 2026". */
export function adminDay(day: string, lang: Language): string {
  let format = dayFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: "medium", timeZone: "UTC" });
    dayFormats.set(lang, format);
  }
  return format.format(new Date(`${day}T12:00:00Z`));
}

/** How long ago, in the largest whole unit that reads well: minutes, hours (under 2 days), days. */
export function ageOf(since: Date, now: Date): { unit: "minutes" | "hours" | "days"; count: number } {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: "hours", count: hours };
  return { unit: "days", count: Math.floor(hours / 24) };
}
