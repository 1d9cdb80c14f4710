/** One report: its help text, its SVG chart, the same figures as a table, and its CSV download. */
import { AdminPanel } from "~/features/admin/components/ui";
import { useLang, useT } from "~/i18n/use-t";
import { REPORT_TEXT, type ReportKind, type Reports, reportTable } from "../tables";
import { BarChart } from "./bar-chart";

export function ReportSection({ kind, reports, csvHref }: { kind: ReportKind; reports: Reports; csvHref: string }) {
  const t = useT();
  const lang = useLang();
  const { columns, rows, series } = reportTable(kind, reports, lang, t);
  const text = REPORT_TEXT[kind];
  const title = t(text.title);
  const id = `report-${kind}`;
  return (
    <AdminPanel
      id={id}
      title={title}
      action={
        <a
          href={csvHref}
          download
          data-csv={kind}
          className="inline-flex min-h-11 items-center rounded-md border border-slate-400 px-3 text-sm font-semibold text-blue-800 underline hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t("admin.reports.csv", { report: title })}
        </a>
      }
    >
      <p className="mb-2 text-sm text-slate-700">{t(text.help)}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">{t("admin.reports.empty")}</p>
      ) : (
        <>
          {series.values.length > 0 && (
            <BarChart title={title} desc={t("admin.reports.chartDesc", { report: title })} series={series} />
          )}
          <div
            className="mt-2 max-h-96 overflow-auto rounded-md border border-slate-200"
            role="region"
            aria-labelledby={`${id}-caption`}
            tabIndex={0}
          >
            <table className="w-full min-w-max border-collapse text-sm" data-report={kind}>
              <caption id={`${id}-caption`} className="sr-only">
                {t("admin.reports.table", { report: title })}
              </caption>
              <thead className="sticky top-0 bg-slate-100">
                <tr>
                  {columns.map((column, i) => (
                    <th
                      key={column}
                      scope="col"
                      className={`px-2 py-1.5 text-xs font-semibold text-slate-700 uppercase ${i === 0 ? "text-start" : "text-end"}`}
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, r) => (
                  <tr key={`${row[0]}-${r}`} className="border-t border-slate-200">
                    {row.map((cell, i) =>
                      i === 0 ? (
                        <th key={i} scope="row" className="px-2 py-1 text-start font-normal">
                          {cell}
                        </th>
                      ) : (
                        <td key={i} className="px-2 py-1 text-end tabular-nums">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </AdminPanel>
  );
}
