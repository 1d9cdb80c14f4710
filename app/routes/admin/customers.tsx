import { data, useLoaderData } from "react-router";
import { Pagination } from "~/components/pagination";
import { metaT, pageMeta } from "~/components/seo";
import { CUSTOMER_QUERY_MAX, parseCustomerFilters } from "~/features/accounts/customers.server";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { customerListPage } from "~/features/customers/customer-page.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/customers";

// The store's customers (docs/features.md, "Customers"), newest accounts first, 25 a page, searched by name,
// email or phone with a plain GET form that works without JavaScript.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "customers");
  const lang = requireLanguage(request, params.lang);
  const filters = parseCustomerFilters(new URL(request.url).searchParams);
  return { ...(await customerListPage(db, filters, lang)), queryMax: CUSTOMER_QUERY_MAX };
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "customers", "change");
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.customers.title"), noIndex: true });

const FIELD =
  "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700";
const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
const LINK = "inline-flex min-h-11 items-center break-all text-blue-800 underline underline-offset-2 sm:min-h-0";

export default function AdminCustomers() {
  const { filters, total, pageCount, queryMax, rows } = useLoaderData<typeof loader>();
  const t = useT();
  const href = useLocalePath();
  const pageHref = (p: number) => {
    const params = new URLSearchParams();
    if (filters.q) params.set("q", filters.q);
    if (p > 1) params.set("p", String(p));
    const search = params.toString();
    return href(`/admin/customers${search ? `?${search}` : ""}`);
  };
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.customers.title")}</h1>
      <p className="text-sm text-slate-700">{t("admin.customers.intro")}</p>

      <form
        method="get"
        action={href("/admin/customers")}
        role="search"
        aria-label={t("admin.customers.search.label")}
        className="rounded-lg border border-slate-200 bg-white p-3"
      >
        <label htmlFor="customers-q" className="mb-1 block text-sm font-medium">
          {t("admin.customers.search.q")}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id="customers-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={queryMax}
            aria-describedby="customers-q-hint"
            className={`${FIELD} min-w-0 flex-1 basis-48`}
          />
          <button type="submit" className={`${BUTTON} bg-blue-800 text-white hover:bg-blue-900`}>
            {t("admin.customers.search.submit")}
          </button>
          {filters.q && (
            <a href={href("/admin/customers")} className={`${BUTTON} border border-slate-300 bg-white text-slate-800`}>
              {t("admin.customers.search.clear")}
            </a>
          )}
        </div>
        <p id="customers-q-hint" className="mt-1 text-xs text-slate-600">
          {t("admin.customers.search.hint")}
        </p>
      </form>

      <AdminPanel id="customers-list" title={t("admin.customers.count", { count: total })}>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">
            {t(filters.q ? "admin.customers.emptyFiltered" : "admin.customers.empty")}
          </p>
        ) : (
          <AdminTable
            caption={t("admin.customers.title")}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                key: "email",
                header: t("admin.customers.col.email"),
                label: t("admin.customers.col.email"),
                cell: (row) => (
                  <a href={href(`/admin/customers/${row.id}`)} className={LINK}>
                    {row.email}
                  </a>
                ),
              },
              {
                key: "name",
                header: t("admin.customers.col.name"),
                label: t("admin.customers.col.name"),
                cell: (row) => row.name || "—",
              },
              {
                key: "phone",
                header: t("admin.customers.col.phone"),
                label: t("admin.customers.col.phone"),
                cell: (row) => <span className="whitespace-nowrap">{row.phone || "—"}</span>,
              },
              {
                key: "joined",
                header: t("admin.customers.col.joined"),
                label: t("admin.customers.col.joined"),
                cell: (row) => <time dateTime={row.joinedIso}>{row.joined}</time>,
              },
              {
                key: "state",
                header: t("admin.customers.col.state"),
                label: t("admin.customers.col.state"),
                cell: (row) => (
                  <span data-state={row.deactivated ? "deactivated" : "active"}>
                    {t(row.deactivated ? "admin.customers.state.deactivated" : "admin.customers.state.active")}
                  </span>
                ),
              },
            ]}
          />
        )}
        <Pagination page={filters.page} pageCount={pageCount} hrefFor={pageHref} />
      </AdminPanel>
    </div>
  );
}
