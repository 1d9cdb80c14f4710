import { FormMessage, SubmitButton, tKey } from "~/components/ui/form-fields";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import type { ImportReport } from "~/features/catalog/catalog-import-page.server";
import { useT } from "~/i18n/use-t";

type Row = ImportReport["rows"][number];
type Problem = ImportReport["errors"][number];

/**
 * The dry run's report (docs/features.md, "Catalogue import and export"): the counts, every error with its row, column and
 * message, the rows that create or change something with each change, and the Apply button that
 * sends the same file text back (a hidden field), shown only when there is no error.
 */
export function ImportReportView({ report }: { report: ImportReport }) {
  const t = useT();
  const { counts, errors, rows } = report;
  const action = (row: Row) => t(`admin.import.action.${row.action}`);
  return (
    <>
      {errors.length > 0 ? (
        <FormMessage tone="error">
          {t(report.refused ? "admin.import.refused" : "admin.import.hasErrors", { count: errors.length })}
        </FormMessage>
      ) : (
        <FormMessage tone="info">
          {t("admin.import.summary", { created: counts.create, updated: counts.update, unchanged: counts.unchanged })}
        </FormMessage>
      )}
      {errors.length > 0 && (
        <AdminPanel id="import-errors" title={t("admin.import.errorsTitle")}>
          <AdminTable<Problem>
            caption={t("admin.import.errorsTitle")}
            rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
            rows={errors}
            columns={[
              { key: "row", header: t("admin.import.col.row"), label: t("admin.import.col.row"), cell: (e) => e.row },
              {
                key: "column",
                header: t("admin.import.col.column"),
                label: t("admin.import.col.column"),
                cell: (e) => <code>{e.column}</code>,
              },
              {
                key: "message",
                header: t("admin.import.col.message"),
                label: t("admin.import.col.message"),
                cell: (e) => tKey(t, e.message),
              },
            ]}
          />
        </AdminPanel>
      )}
      {rows.length > 0 && (
        <AdminPanel id="import-changes" title={t("admin.import.changesTitle")}>
          <AdminTable<Row>
            caption={t("admin.import.changesTitle")}
            rowKey={(r) => r.row}
            rows={rows}
            columns={[
              { key: "row", header: t("admin.import.col.row"), label: t("admin.import.col.row"), cell: (r) => r.row },
              {
                key: "product",
                header: t("admin.import.col.product"),
                label: t("admin.import.col.product"),
                cell: (r) => (r.productId === null ? r.name : `#${r.productId} ${r.name}`),
              },
              {
                key: "action",
                header: t("admin.import.col.action"),
                label: t("admin.import.col.action"),
                cell: action,
              },
              {
                key: "changes",
                header: t("admin.import.col.changes"),
                label: t("admin.import.col.changes"),
                cell: (r) => (
                  <ul className="space-y-0.5">
                    {r.changes.map((c) => (
                      <li key={c.column} className="break-words">
                        <code>{c.column}</code>:{" "}
                        {t("admin.import.change", { before: c.before || "—", after: c.after || "—" })}
                      </li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
          {report.hiddenRows > 0 && (
            <p className="mt-2 text-sm text-slate-700">{t("admin.import.moreRows", { count: report.hiddenRows })}</p>
          )}
        </AdminPanel>
      )}
      {report.csv !== "" && (
        <form method="post" encType="multipart/form-data" className="sm:w-64">
          <input type="hidden" name="mode" value={report.mode} />
          <input type="hidden" name="csv" value={report.csv} />
          <SubmitButton name="intent" value="apply">
            {t("admin.import.apply")}
          </SubmitButton>
        </form>
      )}
    </>
  );
}
