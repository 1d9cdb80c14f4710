import { data, useLoaderData } from "react-router";
import { Pagination } from "~/components/pagination";
import { metaT, pageMeta } from "~/components/seo";
import { orderStatuses } from "~/db/schema/orders";
import { orderMoneyColumns } from "~/features/admin/components/order-columns";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { adminDateTime } from "~/features/admin/format.server";
import { requireStaff } from "~/features/admin/guard.server";
import { ORDER_QUERY_MAX, listAdminOrders, parseOrderFilters } from "~/features/orders/admin-list.server";
import { formatCup, formatUsdCents } from "~/utils/money";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/orders";

// Every order, newest first, 50 a page, filtered and searched by a plain GET
// form that works without JavaScript. Dates and money are written on the server.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "orders");
  const lang = requireLanguage(request, params.lang);
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  const list = await listAdminOrders(db, filters);
  return {
    filters: { ...filters, page: list.page },
    total: list.total,
    pageCount: list.pageCount,
    queryMax: ORDER_QUERY_MAX,
    rows: list.rows.map((row) => ({
      id: row.transactionId,
      date: adminDateTime(row.dateIssued, lang),
      iso: row.dateIssued.toISOString(),
      customer: row.fullName,
      phone: row.phoneNumber,
      city: row.city,
      option: row.deliveryOption,
      status: row.status,
      amount: formatUsdCents(row.amountCents, lang),
      shipping: row.shippingPriceCup > 0 ? formatCup(row.shippingPriceCup, lang) : null,
    })),
  };
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "orders", "change");
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.orders.title"), noIndex: true });

const FIELD =
  "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700";
const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
const LABEL = "mb-1 block text-sm font-medium";
/** decision “Delivery estimates”'s delivery options (shipping.ts keeps the rule; importing it would ship its messages here). */
const DELIVERY_OPTIONS = ["standard", "express"] as const;

/** The filters in force as a query string, for the page links (empty ones left out). */
function filterParams(filters: { status: string; from: string; to: string; option: string; q: string }) {
  const params = new URLSearchParams();
  for (const key of ["q", "status", "option", "from", "to"] as const) if (filters[key]) params.set(key, filters[key]);
  return params;
}

export default function AdminOrders() {
  const { filters, total, pageCount, queryMax, rows } = useLoaderData<typeof loader>();
  const t = useT();
  const href = useLocalePath();
  const kept = filterParams(filters);
  const filtered = kept.toString() !== "";
  const pageHref = (p: number) => {
    const params = new URLSearchParams(kept);
    if (p > 1) params.set("p", String(p));
    const search = params.toString();
    return href(`/admin/orders${search ? `?${search}` : ""}`);
  };
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.orders.title")}</h1>
      <p className="text-sm text-slate-700">{t("admin.orders.intro")}</p>

      <form
        method="get"
        action={href("/admin/orders")}
        aria-label={t("admin.orders.filter.label")}
        className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-[1fr_11rem_10rem_9.5rem_9.5rem]"
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="orders-q" className={LABEL}>
            {t("admin.orders.filter.q")}
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={queryMax}
            aria-describedby="orders-q-hint"
            className={FIELD}
          />
          <p id="orders-q-hint" className="mt-1 text-xs text-slate-600">
            {t("admin.orders.filter.qHint")}
          </p>
        </div>
        <div>
          <label htmlFor="orders-status" className={LABEL}>
            {t("admin.orders.filter.status")}
          </label>
          <select id="orders-status" name="status" defaultValue={filters.status} className={FIELD}>
            <option value="">{t("admin.orders.filter.allStatuses")}</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`invoice.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-option" className={LABEL}>
            {t("admin.orders.filter.option")}
          </label>
          <select id="orders-option" name="option" defaultValue={filters.option} className={FIELD}>
            <option value="">{t("admin.orders.filter.allOptions")}</option>
            {DELIVERY_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`admin.orders.option.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="orders-from" className={LABEL}>
            {t("admin.orders.filter.from")}
          </label>
          <input
            id="orders-from"
            name="from"
            type="date"
            defaultValue={filters.from}
            aria-describedby="orders-date-hint"
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor="orders-to" className={LABEL}>
            {t("admin.orders.filter.to")}
          </label>
          <input
            id="orders-to"
            name="to"
            type="date"
            defaultValue={filters.to}
            aria-describedby="orders-date-hint"
            className={FIELD}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-5">
          <button type="submit" className={`${BUTTON} bg-blue-800 text-white hover:bg-blue-900`}>
            {t("admin.orders.filter.submit")}
          </button>
          {filtered && (
            <a href={href("/admin/orders")} className={`${BUTTON} border border-slate-300 bg-white text-slate-800`}>
              {t("admin.orders.filter.clear")}
            </a>
          )}
          <p id="orders-date-hint" className="text-xs text-slate-600">
            {t("admin.orders.filter.dateHint")}
          </p>
        </div>
      </form>

      <AdminPanel id="orders-list" title={t("admin.orders.count", { count: total })}>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">{t(filtered ? "admin.orders.emptyFiltered" : "admin.orders.empty")}</p>
        ) : (
          <AdminTable
            caption={t("admin.orders.title")}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                key: "id",
                header: t("admin.orders.col.id"),
                label: t("admin.orders.col.id"),
                cell: (row) => (
                  <a
                    href={href(`/admin/orders/${row.id}`)}
                    className="inline-flex min-h-11 items-center font-mono text-xs break-all text-blue-800 underline underline-offset-2 sm:min-h-0"
                  >
                    {row.id}
                  </a>
                ),
              },
              {
                key: "date",
                header: t("admin.orders.col.date"),
                label: t("admin.orders.col.date"),
                cell: (row) => <time dateTime={row.iso}>{row.date}</time>,
              },
              {
                key: "customer",
                header: t("admin.orders.col.customer"),
                label: t("admin.orders.col.customer"),
                cell: (row) => row.customer,
              },
              {
                key: "phone",
                header: t("admin.orders.col.phone"),
                label: t("admin.orders.col.phone"),
                cell: (row) => <span className="whitespace-nowrap">{row.phone}</span>,
              },
              {
                key: "city",
                header: t("admin.orders.col.city"),
                label: t("admin.orders.col.city"),
                cell: (row) => row.city,
              },
              {
                key: "option",
                header: t("admin.orders.col.option"),
                label: t("admin.orders.col.option"),
                cell: (row) => t(`admin.orders.option.${row.option}`),
              },
              ...orderMoneyColumns(t),
            ]}
          />
        )}
        <Pagination page={filters.page} pageCount={pageCount} hrefFor={pageHref} />
      </AdminPanel>
    </div>
  );
}
