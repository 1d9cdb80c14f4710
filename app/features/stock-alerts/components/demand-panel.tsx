import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { useLocalePath, useT } from "~/i18n/use-t";

export type DemandRow = { productId: number; name: string; quantity: number; waiting: number };

/**
 * The back office dashboard's demand (docs/features.md, "Back-in-stock alerts"): the products the most shoppers wait for,
 * with their stock, each linking to its edit page to restock it.
 */
export function DemandPanel({ rows }: { rows: DemandRow[] }) {
  const t = useT();
  const href = useLocalePath();
  return (
    <AdminPanel id="admin-demand" title={t("admin.stockAlerts.title")}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">{t("admin.stockAlerts.empty")}</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700">{t("admin.stockAlerts.intro")}</p>
          <AdminTable
            caption={t("admin.stockAlerts.title")}
            rows={rows}
            rowKey={(row) => row.productId}
            columns={[
              {
                key: "name",
                header: t("admin.stockAlerts.product"),
                label: t("admin.stockAlerts.product"),
                cell: (row) => (
                  <a
                    href={href(`/admin/products/${row.productId}`)}
                    className="text-blue-800 underline underline-offset-2"
                  >
                    {row.name}
                  </a>
                ),
              },
              {
                key: "stock",
                header: t("admin.stockAlerts.stock"),
                label: t("admin.stockAlerts.stock"),
                cell: (row) => <span className="tabular-nums">{row.quantity}</span>,
                align: "end",
              },
              {
                key: "waiting",
                header: t("admin.stockAlerts.waiting"),
                label: t("admin.stockAlerts.waiting"),
                cell: (row) => <span className="font-semibold tabular-nums">{row.waiting}</span>,
                align: "end",
              },
            ]}
          />
        </>
      )}
    </AdminPanel>
  );
}
