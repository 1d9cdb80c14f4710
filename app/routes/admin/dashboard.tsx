import { data, useLoaderData } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { getDashboard, WEEK_DAYS } from "~/features/admin/dashboard.server";
import { LOW_STOCK_BELOW } from "~/features/catalog/low-stock.server";
import type { PeriodSummary } from "~/features/orders/order-stats.server";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { adminDateTime, adminDay, ageOf } from "~/features/admin/format.server";
import { requireStaff, staffCan } from "~/features/admin/guard.server";
import { orderStatuses } from "~/db/schema/orders";
import { DemandPanel } from "~/features/stock-alerts/components/demand-panel";
import { topDemand } from "~/features/stock-alerts/subscriptions.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { formatPrice } from "~/utils/money";
import type { Route } from "./+types/dashboard";

// What needs the operator now. Dates, ages and money are written on the server.

function periodView(period: PeriodSummary, lang: "es" | "en") {
  return {
    from: adminDay(period.from, lang),
    to: adminDay(period.to, lang),
    byStatus: orderStatuses.map((status) => ({ status, count: period.byStatus[status] })),
    total: period.total,
    goods: formatPrice(period.goodsCents / 100, "USD", 1, lang),
  };
}

/** Products shown in the demand panel (docs/features.md, "Back-in-stock alerts"). */
const DEMAND_ROWS = 8;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, user } = requireStaff(context, "dashboard");
  const lang = requireLanguage(request, params.lang);
  const now = new Date();
  const [dashboard, demand] = await Promise.all([getDashboard(db, now), topDemand(db, lang, DEMAND_ROWS)]);
  return {
    // Each role sees links to the pages it may open, and no section's rows that it may not see.
    ordersLinked: staffCan(user, "orders"),
    lowStockBelow: LOW_STOCK_BELOW,
    weekDays: WEEK_DAYS,
    today: periodView(dashboard.today, lang),
    week: periodView(dashboard.week, lang),
    waiting: {
      count: dashboard.waiting.count,
      oldest: dashboard.waiting.oldest.map((order) => ({
        id: order.transactionId,
        customer: order.fullName,
        placed: adminDateTime(order.dateIssued, lang),
        iso: order.dateIssued.toISOString(),
        age: ageOf(order.dateIssued, now),
        amount: formatPrice(order.amountCents / 100, "USD", 1, lang),
      })),
    },
    demand,
    lowStock: dashboard.lowStock.map((product) => ({
      id: product.id,
      name: (lang === "en" && product.nameEn) || product.name,
      quantity: product.quantity,
    })),
    applications: staffCan(user, "sellers") && {
      pending: dashboard.applications.pending,
      latest: dashboard.applications.latest.map((application) => ({
        id: application.id,
        businessName: application.businessName,
        providerType: application.providerType,
        received: adminDateTime(application.createdAt, lang),
        iso: application.createdAt.toISOString(),
      })),
    },
  };
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "dashboard", "change");
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.dashboard.title"), noIndex: true });

type Period = ReturnType<typeof periodView>;

function PeriodCard({ id, title, period }: { id: string; title: string; period: Period }) {
  const t = useT();
  return (
    <AdminPanel id={id} title={title}>
      <p className="mb-2 text-xs text-slate-600">{t("admin.dashboard.range", { from: period.from, to: period.to })}</p>
      <dl className="grid grid-cols-2 gap-2">
        <div className="rounded-md bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">{t("admin.dashboard.ordersCount")}</dt>
          <dd className="text-xl font-bold">{period.total}</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-2">
          <dt className="text-xs text-slate-600">{t("admin.dashboard.goods")}</dt>
          <dd className="text-xl font-bold">{period.goods}</dd>
        </div>
      </dl>
      <table className="mt-2 w-full text-sm">
        <caption className="sr-only">{`${title}: ${t("admin.dashboard.status")}`}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs text-slate-600">
            <th scope="col" className="py-1 text-start font-semibold">
              {t("admin.dashboard.status")}
            </th>
            <th scope="col" className="py-1 text-end font-semibold">
              {t("admin.dashboard.ordersCount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {period.byStatus.map(({ status, count }) => (
            <tr key={status} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1 text-start font-normal">
                {t(`invoice.status.${status}`)}
              </th>
              <td className="py-1 text-end tabular-nums">{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AdminPanel>
  );
}

export default function AdminDashboard() {
  const { ordersLinked, lowStockBelow, weekDays, today, week, waiting, lowStock, applications, demand } =
    useLoaderData<typeof loader>();
  const t = useT();
  const href = useLocalePath();
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.dashboard.title")}</h1>
      <div className="grid gap-3 md:grid-cols-2">
        <PeriodCard id="admin-today" title={t("admin.dashboard.today")} period={today} />
        <PeriodCard id="admin-week" title={t("admin.dashboard.week", { days: weekDays })} period={week} />
      </div>
      <p className="text-xs text-slate-600">{t("admin.dashboard.goodsNote")}</p>

      <AdminPanel id="admin-waiting" title={t("admin.dashboard.waiting.title")}>
        {waiting.count === 0 ? (
          <p className="text-sm text-slate-700">{t("admin.dashboard.waiting.empty")}</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-700">
              {t("admin.dashboard.waiting.count", { count: waiting.count })}
            </p>
            <AdminTable
              caption={t("admin.dashboard.waiting.title")}
              rows={waiting.oldest}
              rowKey={(row) => row.id}
              columns={[
                {
                  key: "id",
                  header: t("admin.dashboard.waiting.order"),
                  label: t("admin.dashboard.waiting.order"),
                  cell: (row) =>
                    ordersLinked ? (
                      <a
                        href={href(`/admin/orders/${row.id}`)}
                        className="inline-flex min-h-11 items-center font-mono text-xs break-all text-blue-800 underline underline-offset-2 sm:min-h-0"
                      >
                        {row.id}
                      </a>
                    ) : (
                      <span className="font-mono text-xs break-all">{row.id}</span>
                    ),
                },
                {
                  key: "customer",
                  header: t("admin.dashboard.waiting.customer"),
                  label: t("admin.dashboard.waiting.customer"),
                  cell: (row) => row.customer,
                },
                {
                  key: "placed",
                  header: t("admin.dashboard.waiting.placed"),
                  label: t("admin.dashboard.waiting.placed"),
                  cell: (row) => <time dateTime={row.iso}>{row.placed}</time>,
                },
                {
                  key: "age",
                  header: t("admin.dashboard.waiting.age"),
                  label: t("admin.dashboard.waiting.age"),
                  cell: (row) => t(`admin.dashboard.age.${row.age.unit}`, { count: row.age.count }),
                },
                {
                  key: "amount",
                  header: t("admin.dashboard.waiting.amount"),
                  label: t("admin.dashboard.waiting.amount"),
                  cell: (row) => <span className="tabular-nums">{row.amount}</span>,
                  align: "end",
                },
              ]}
            />
          </>
        )}
      </AdminPanel>

      <div className="grid gap-3 md:grid-cols-2">
        <AdminPanel id="admin-stock" title={t("admin.dashboard.stock.title", { min: lowStockBelow })}>
          {lowStock.length === 0 ? (
            <p className="text-sm text-slate-700">{t("admin.dashboard.stock.empty", { min: lowStockBelow })}</p>
          ) : (
            <AdminTable
              caption={t("admin.dashboard.stock.title", { min: lowStockBelow })}
              rows={lowStock}
              rowKey={(row) => row.id}
              columns={[
                {
                  key: "name",
                  header: t("admin.dashboard.stock.product"),
                  label: t("admin.dashboard.stock.product"),
                  cell: (row) => (
                    <a href={href(`/product/${row.id}`)} className="text-blue-800 underline underline-offset-2">
                      {row.name}
                    </a>
                  ),
                },
                {
                  key: "quantity",
                  header: t("admin.dashboard.stock.quantity"),
                  label: t("admin.dashboard.stock.quantity"),
                  cell: (row) =>
                    row.quantity <= 0 ? (
                      <span className="font-semibold text-red-800">{t("admin.dashboard.stock.out")}</span>
                    ) : (
                      <span className="tabular-nums">{row.quantity}</span>
                    ),
                  align: "end",
                },
              ]}
            />
          )}
        </AdminPanel>

        {applications && (
          <AdminPanel id="admin-applications" title={t("admin.dashboard.applications.title")}>
            {applications.pending === 0 ? (
              <p className="text-sm text-slate-700">{t("admin.dashboard.applications.empty")}</p>
            ) : (
              <>
                <p className="mb-2 text-sm text-slate-700">
                  {t("admin.dashboard.applications.count", { count: applications.pending })}
                </p>
                <AdminTable
                  caption={t("admin.dashboard.applications.title")}
                  rows={applications.latest}
                  rowKey={(row) => row.id}
                  columns={[
                    {
                      key: "business",
                      header: t("admin.dashboard.applications.business"),
                      label: t("admin.dashboard.applications.business"),
                      cell: (row) => row.businessName,
                    },
                    {
                      key: "type",
                      header: t("admin.dashboard.applications.type"),
                      label: t("admin.dashboard.applications.type"),
                      cell: (row) => t(`sell.type.${row.providerType}`),
                    },
                    {
                      key: "received",
                      header: t("admin.dashboard.applications.received"),
                      label: t("admin.dashboard.applications.received"),
                      cell: (row) => <time dateTime={row.iso}>{row.received}</time>,
                    },
                  ]}
                />
              </>
            )}
          </AdminPanel>
        )}
      </div>

      <DemandPanel rows={demand} />
    </div>
  );
}
