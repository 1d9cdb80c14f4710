/**
 * Newsletter subscribers in the back office (decision “Newsletter”): how many, in which language,
 * and every address as a CSV file for the mailing tool. One query reads them all; the file is the
 * rows joined once (spreadsheets open it; RFC 4180 quoting; values that a spreadsheet would run
 * as a formula are neutralised with a leading apostrophe, OWASP "CSV injection").
 */
import { asc, count } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { newsletterSubscriptions } from "~/db/schema/content";
import { csvField } from "~/utils/csv";
import { havanaDate } from "~/utils/dates";

export type NewsletterStats = { total: number; byLanguage: Array<{ language: string; count: number }> };

/** The number of subscribers and how many per language (most first). */
export async function newsletterStats(db: Db): Promise<NewsletterStats> {
  const rows = await db
    .select({ language: newsletterSubscriptions.language, n: count() })
    .from(newsletterSubscriptions)
    .groupBy(newsletterSubscriptions.language);
  const byLanguage = rows
    .map((row) => ({ language: row.language, count: Number(row.n) }))
    .sort((a, b) => b.count - a.count || a.language.localeCompare(b.language));
  return { total: byLanguage.reduce((sum, row) => sum + row.count, 0), byLanguage };
}

export const NEWSLETTER_CSV_HEADER = ["email", "language", "subscribed_at"] as const;

/** The whole file: a header row and one row per subscriber, oldest first, CRLF line ends (RFC 4180). */
export async function newsletterCsv(db: Db): Promise<string> {
  const rows = await db
    .select({
      email: newsletterSubscriptions.email,
      language: newsletterSubscriptions.language,
      createdAt: newsletterSubscriptions.createdAt,
    })
    .from(newsletterSubscriptions)
    .orderBy(asc(newsletterSubscriptions.createdAt), asc(newsletterSubscriptions.email));
  const lines = [NEWSLETTER_CSV_HEADER.join(",")];
  for (const row of rows) {
    lines.push([row.email, row.language, new Date(row.createdAt).toISOString()].map(csvField).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** `newsletter-2026-03-01.csv`, the day in Havana. */
export function newsletterCsvFilename(now = new Date()): string {
  return `newsletter-${havanaDate(now)}.csv`;
}
