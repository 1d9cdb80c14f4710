/**
 * Each report as one table of formatted cells and one chart series (docs/features.md, "Reports"): the page
 * draws the chart and the table from it and the CSV download writes the same cells, so the three
 * always agree. Browser-safe; money is exact (integer USD cents and whole CUP, utils/money.ts).
 */
import type { MunicipalitySales, ProductSales } from "~/features/orders/sales-report.server";
import type { WantedProduct } from "~/features/stock-alerts/demand.server";
import type { TFunction, TranslationKey } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { formatCup, formatUsdCents } from "~/utils/money";
import type { DateRange } from "./range";

export const REPORTS = ["daily", "weekly", "products", "municipalities", "cancellations", "wanted"] as const;
export type ReportKind = (typeof REPORTS)[number];
export const isReportKind = (value: unknown): value is ReportKind =>
  typeof value === "string" && (REPORTS as readonly string[]).includes(value);

/** A day's or week's figures: `orders` are the sales (placed less cancelled). */
export type SalesRow = {
  label: string;
  orders: number;
  placed: number;
  cancelled: number;
  goodsCents: number;
  shippingCup: number;
};

export type Reports = {
  range: DateRange;
  days: SalesRow[];
  weeks: SalesRow[];
  totals: SalesRow;
  products: ProductSales[];
  municipalities: MunicipalitySales[];
  wanted: WantedProduct[];
};

/** A chart's bars: one label and one value per table row, `format` as in the table. */
export type Series = { labels: string[]; values: number[]; format: (value: number) => string };
export type ReportTable = { columns: string[]; rows: string[][]; series: Series };

/** Average order value, USD cents rounded half up (goods only; 0 without orders). */
export const averageCents = (row: Pick<SalesRow, "orders" | "goodsCents">) =>
  row.orders > 0 ? Math.round(row.goodsCents / row.orders) : 0;

/** Cancelled per thousand placed, rounded half up (0 without orders): shown as a percent with one decimal. */
export const cancelledPerMille = (row: Pick<SalesRow, "placed" | "cancelled">) =>
  row.placed > 0 ? Math.round((row.cancelled * 1000) / row.placed) : 0;

export const formatPerMille = (perMille: number) => `${Math.floor(perMille / 10)}.${perMille % 10} %`;

const count = (n: number) => String(n);

export function reportTable(kind: ReportKind, reports: Reports, lang: Language, t: TFunction): ReportTable {
  const head = (...keys: TranslationKey[]) => keys.map((key) => t(key));
  const usd = (cents: number) => formatUsdCents(cents, lang);
  switch (kind) {
    case "daily":
    case "weekly": {
      const rows = kind === "daily" ? reports.days : reports.weeks;
      return {
        columns: head(
          kind === "daily" ? "admin.reports.col.day" : "admin.reports.col.week",
          "admin.reports.col.orders",
          "admin.reports.col.goods",
          "admin.reports.col.shipping",
          "admin.reports.col.average",
        ),
        rows: rows.map((row) => [
          row.label,
          count(row.orders),
          usd(row.goodsCents),
          formatCup(row.shippingCup, lang),
          usd(averageCents(row)),
        ]),
        series: { labels: rows.map((row) => row.label), values: rows.map((row) => row.goodsCents), format: usd },
      };
    }
    case "products":
      return {
        columns: head("admin.reports.col.product", "admin.reports.col.units", "admin.reports.col.revenue"),
        rows: reports.products.map((row) => [row.name, count(row.units), usd(row.revenueCents)]),
        series: {
          labels: reports.products.map((row) => row.name),
          values: reports.products.map((row) => row.units),
          format: count,
        },
      };
    case "municipalities":
      return {
        columns: head(
          "admin.reports.col.municipality",
          "admin.reports.col.province",
          "admin.reports.col.orders",
          "admin.reports.col.goods",
        ),
        rows: reports.municipalities.map((row) => [
          row.municipality,
          row.province,
          count(row.orders),
          usd(row.goodsCents),
        ]),
        series: {
          labels: reports.municipalities.map((row) => row.municipality),
          values: reports.municipalities.map((row) => row.orders),
          format: count,
        },
      };
    case "cancellations": {
      const rows = [...reports.weeks, { ...reports.totals, label: t("admin.reports.total") }];
      return {
        columns: head(
          "admin.reports.col.week",
          "admin.reports.col.placed",
          "admin.reports.col.cancelled",
          "admin.reports.col.rate",
        ),
        rows: rows.map((row) => [
          row.label,
          count(row.placed),
          count(row.cancelled),
          formatPerMille(cancelledPerMille(row)),
        ]),
        // The chart shows the weeks; the table adds the range's total.
        series: {
          labels: reports.weeks.map((row) => row.label),
          values: reports.weeks.map(cancelledPerMille),
          format: formatPerMille,
        },
      };
    }
    case "wanted":
      return {
        columns: head("admin.reports.col.product", "admin.reports.col.waiting"),
        rows: reports.wanted.map((row) => [row.name, count(row.waiting)]),
        series: {
          labels: reports.wanted.map((row) => row.name),
          values: reports.wanted.map((row) => row.waiting),
          format: count,
        },
      };
  }
}

/** Title and help text keys of each report. */
export const REPORT_TEXT: Record<ReportKind, { title: TranslationKey; help: TranslationKey }> = {
  daily: { title: "admin.reports.daily.title", help: "admin.reports.daily.help" },
  weekly: { title: "admin.reports.weekly.title", help: "admin.reports.weekly.help" },
  products: { title: "admin.reports.products.title", help: "admin.reports.products.help" },
  municipalities: { title: "admin.reports.municipalities.title", help: "admin.reports.municipalities.help" },
  cancellations: { title: "admin.reports.cancellations.title", help: "admin.reports.cancellations.help" },
  wanted: { title: "admin.reports.wanted.title", help: "admin.reports.wanted.help" },
};
