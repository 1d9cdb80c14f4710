import { data, useLoaderData } from "react-router";
import { Pagination } from "~/components/pagination";
import { metaT, pageMeta } from "~/components/seo";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { adminDateTime } from "~/features/admin/format.server";
import { requireStaff } from "~/features/admin/guard.server";
import {
  APPLICATION_FILTERS,
  SELLERS_PAGE_SIZE,
  SELLERS_QUERY_MAX,
  isApplicationFilter,
  listApplications,
} from "~/features/providers/applications-admin.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/sellers";

// (spec §2.19, §4.7) seller applications by status, searched, 50 a page.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "sellers");
  const lang = requireLanguage(request, params.lang);
  const url = new URL(request.url);
  const requested = url.searchParams.get("status");
  const status = isApplicationFilter(requested) ? requested : "pending";
  const q = (url.searchParams.get("q") ?? "").replaceAll("\u0000", "").trim().slice(0, SELLERS_QUERY_MAX);
  const asked = Number.parseInt(url.searchParams.get("p") ?? "1", 10);
  const page = Number.isFinite(asked) && asked > 0 ? Math.min(asked, 1_000_000) : 1;
  const { rows, total, counts } = await listApplications(db, { status, q, page });
  return {
    filters: APPLICATION_FILTERS,
    status,
    q,
    page,
    pageCount: Math.max(1, Math.ceil(total / SELLERS_PAGE_SIZE)),
    counts,
    queryMax: SELLERS_QUERY_MAX,
    rows: rows.map((row) => ({
      id: row.id,
      businessName: row.businessName,
      contactName: row.contactName,
      email: row.email,
      phone: row.phone,
      providerType: row.providerType,
      status: row.status,
      received: adminDateTime(row.createdAt, lang),
      receivedIso: row.createdAt.toISOString(),
      decided: row.reviewedAt ? adminDateTime(row.reviewedAt, lang) : null,
      decidedIso: row.reviewedAt?.toISOString() ?? null,
    })),
  };
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "sellers", "change");
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.sellers.title"), noIndex: true });

const FIELD =
  "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700";
const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
const LINK = "text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-700";

const STATUS_TONE = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-900",
  rejected: "bg-slate-200 text-slate-800",
} as const;

export default function AdminSellers() {
  const { filters, status, q, page, pageCount, counts, rows, queryMax } = useLoaderData<typeof loader>();
  const t = useT();
  const href = useLocalePath();
  const listHref = (next: { status?: string; p?: number }) => {
    const params = new URLSearchParams();
    const s = next.status ?? status;
    if (s !== "pending") params.set("status", s);
    if (q) params.set("q", q);
    if (next.p && next.p > 1) params.set("p", String(next.p));
    const search = params.toString();
    return href(`/admin/sellers${search ? `?${search}` : ""}`);
  };
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.sellers.title")}</h1>
      <p className="text-sm text-slate-700">{t("admin.sellers.intro")}</p>

      <nav aria-label={t("admin.sellers.tabs")}>
        <ul className="flex flex-wrap gap-1">
          {filters.map((filter) => (
            <li key={filter}>
              <a
                href={listHref({ status: filter })}
                aria-current={filter === status ? "page" : undefined}
                className={`${BUTTON} gap-2 border ${
                  filter === status
                    ? "border-blue-800 bg-blue-50 text-blue-900 underline underline-offset-4"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
                }`}
              >
                {t(`admin.sellers.status.${filter}`)}
                <span className="rounded-full bg-slate-200 px-2 text-xs text-slate-900 tabular-nums">
                  {counts[filter]}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <form
        method="get"
        action={href("/admin/sellers")}
        aria-label={t("admin.sellers.search.label")}
        className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        {status !== "pending" && <input type="hidden" name="status" value={status} />}
        <div>
          <label htmlFor="sellers-q" className="mb-1 block text-sm font-medium">
            {t("admin.sellers.search.q")}
          </label>
          <input
            id="sellers-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={queryMax}
            aria-describedby="sellers-q-hint"
            className={FIELD}
          />
          <p id="sellers-q-hint" className="mt-1 text-xs text-slate-600">
            {t("admin.sellers.search.hint")}
          </p>
        </div>
        <div className="flex gap-2 sm:mb-5">
          <button type="submit" className={`${BUTTON} bg-blue-800 text-white hover:bg-blue-900`}>
            {t("admin.sellers.search.submit")}
          </button>
          {q && (
            <a href={listHref({})} className={`${BUTTON} border border-slate-300 bg-white text-slate-800`}>
              {t("admin.sellers.search.clear")}
            </a>
          )}
        </div>
      </form>

      <AdminPanel id="sellers-list" title={t("admin.sellers.count", { count: counts[status] })}>
        <p className="mb-2 text-xs text-slate-600">
          {t(status === "pending" ? "admin.sellers.order.pending" : "admin.sellers.order.decided")}
        </p>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">{t(q ? "admin.sellers.emptySearch" : "admin.sellers.empty")}</p>
        ) : (
          <AdminTable
            caption={t("admin.sellers.title")}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                key: "business",
                header: t("admin.sellers.col.business"),
                label: t("admin.sellers.col.business"),
                cell: (row) => (
                  <a href={href(`/admin/sellers/${row.id}`)} className={`${LINK} font-semibold break-words`}>
                    {row.businessName}
                  </a>
                ),
              },
              {
                key: "contact",
                header: t("admin.sellers.col.contact"),
                label: t("admin.sellers.col.contact"),
                cell: (row) => (
                  <span className="min-w-0 text-end break-all sm:text-start">
                    {row.contactName}
                    <br />
                    <span className="text-xs text-slate-600">{row.email}</span>
                    <br />
                    <span className="text-xs text-slate-600">{row.phone}</span>
                  </span>
                ),
              },
              {
                key: "type",
                header: t("admin.sellers.col.type"),
                label: t("admin.sellers.col.type"),
                cell: (row) => t(`sell.type.${row.providerType}`),
              },
              {
                key: "status",
                header: t("admin.sellers.col.status"),
                label: t("admin.sellers.col.status"),
                cell: (row) => (
                  <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[row.status]}`}>
                    {t(`admin.sellers.state.${row.status}`)}
                  </span>
                ),
              },
              {
                key: "date",
                header: t("admin.sellers.col.date"),
                label: t("admin.sellers.col.date"),
                cell: (row) =>
                  row.decided && row.decidedIso ? (
                    <span>
                      {t("admin.sellers.decidedOn")} <time dateTime={row.decidedIso}>{row.decided}</time>
                    </span>
                  ) : (
                    <span>
                      {t("admin.sellers.receivedOn")} <time dateTime={row.receivedIso}>{row.received}</time>
                    </span>
                  ),
              },
            ]}
          />
        )}
        <Pagination page={page} pageCount={pageCount} hrefFor={(p) => listHref({ p })} />
      </AdminPanel>
    </div>
  );
}
