/** A report as a CSV download: the page's table, cell for cell (tables.ts), with a header line. */
import { getMessages } from "~/i18n/messages.server";
import { createT } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { UTF8_BOM, csvLine } from "~/utils/csv";
import type { DateRange } from "./range";
import { type ReportKind, type Reports, reportTable } from "./tables";

export function reportCsv(kind: ReportKind, reports: Reports, lang: Language): string {
  const { columns, rows } = reportTable(kind, reports, lang, createT(getMessages(lang), lang));
  return `${UTF8_BOM}${[columns, ...rows].map((row) => csvLine(row)).join("\r\n")}\r\n`;
}

export const reportCsvFilename = (kind: ReportKind, range: DateRange) => `report-${kind}-${range.from}-${range.to}.csv`;
