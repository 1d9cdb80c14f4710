import { data, useLoaderData } from "react-router";
import { Link } from "~/components/router-links";
import { Pagination } from "~/components/pagination";
import { metaT, pageMeta } from "~/components/seo";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { LOW_STOCK_BELOW } from "~/features/catalog/low-stock.server";
import { requireStaff } from "~/features/admin/guard.server";
import {
  PRODUCT_QUERY_MAX,
  categoryOptions,
  listAdminProducts,
  readListFilters,
  statusFilters,
  stockFilters,
} from "~/features/catalog/product-admin-list.server";
import { waitingCounts } from "~/features/stock-alerts/subscriptions.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { formatPrice } from "~/utils/money";
import type { Route } from "./+types/products";

// The products list, newest first, 50 a page, filtered by a plain GET form
// (search, category with its subcategories, stock, on sale or archived).

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "products");
  const lang = requireLanguage(request, params.lang);
  const filters = readListFilters(new URL(request.url));
  const [result, categories] = await Promise.all([listAdminProducts(db, lang, filters), categoryOptions(db, lang)]);
  // Back-in-stock alerts (docs/features.md): how many shoppers wait for each product listed (demand).
  const waiting = await waitingCounts(
    db,
    result.rows.map((row) => row.id),
  );
  const usd = (cents: number | null) => (cents === null ? null : formatPrice(cents / 100, "USD", 1, lang));
  return {
    filters: { ...filters, category: filters.categoryId === null ? "" : String(filters.categoryId) },
    total: result.total,
    pageCount: result.pageCount,
    rows: result.rows.map((row) => ({
      ...row,
      price: usd(row.priceCents),
      wholesale: usd(row.wholesalePriceCents),
      waiting: waiting.get(row.id) ?? 0,
    })),
    categories,
    lowMax: LOW_STOCK_BELOW - 1,
    queryMax: PRODUCT_QUERY_MAX,
    stockFilters,
    statusFilters,
  };
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "products", "change");
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.products.title"), noIndex: true });

const FIELD =
  "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700";
const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export default function AdminProducts() {
  const { filters, total, pageCount, rows, categories, lowMax, queryMax, stockFilters, statusFilters } =
    useLoaderData<typeof loader>();
  const t = useT();
  const href = useLocalePath();
  const filtered =
    filters.q !== "" || filters.category !== "" || filters.stock !== "all" || filters.status !== "active";
  const pageHref = (p: number) => {
    const params = new URLSearchParams();
    if (filters.q) params.set("q", filters.q);
    if (filters.category) params.set("category", filters.category);
    if (filters.stock !== "all") params.set("stock", filters.stock);
    if (filters.status !== "active") params.set("status", filters.status);
    if (p > 1) params.set("p", String(p));
    const search = params.toString();
    return href(`/admin/products${search ? `?${search}` : ""}`);
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t("admin.products.title")}</h1>
        <div className="flex flex-wrap gap-2">
          <Link
            to={href("/admin/products/import")}
            className={`${BUTTON} border border-blue-800 bg-white text-blue-800 hover:bg-blue-50`}
          >
            {t("admin.import.link")}
          </Link>
          <Link to={href("/admin/products/new")} className={`${BUTTON} bg-blue-800 text-white hover:bg-blue-900`}>
            {t("admin.products.new")}
          </Link>
          <Link
            to={href("/admin/products/new-combo")}
            className={`${BUTTON} border border-blue-800 bg-white text-blue-900 hover:bg-blue-50`}
          >
            {t("admin.products.newCombo")}
          </Link>
        </div>
      </div>
      <p className="text-sm text-slate-700">{t("admin.products.intro")}</p>

      <form
        method="get"
        action={href("/admin/products")}
        aria-label={t("admin.products.filter.label")}
        className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-[1fr_14rem_11rem_10rem_auto] lg:items-end"
      >
        <div>
          <label htmlFor="products-q" className="mb-1 block text-sm font-medium">
            {t("admin.products.filter.q")}
          </label>
          <input
            id="products-q"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={queryMax}
            aria-describedby="products-q-hint"
            className={FIELD}
          />
          <p id="products-q-hint" className="mt-1 text-xs text-slate-600">
            {t("admin.products.filter.qHint")}
          </p>
        </div>
        <div className="lg:mb-5">
          <label htmlFor="products-category" className="mb-1 block text-sm font-medium">
            {t("admin.products.filter.category")}
          </label>
          <select id="products-category" name="category" defaultValue={filters.category} className={FIELD}>
            <option value="">{t("admin.products.filter.allCategories")}</option>
            {categories.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="lg:mb-5">
          <label htmlFor="products-stock" className="mb-1 block text-sm font-medium">
            {t("admin.products.filter.stock")}
          </label>
          <select id="products-stock" name="stock" defaultValue={filters.stock} className={FIELD}>
            {stockFilters.map((value) => (
              <option key={value} value={value}>
                {t(`admin.products.filter.stock.${value}`, { max: lowMax })}
              </option>
            ))}
          </select>
        </div>
        <div className="lg:mb-5">
          <label htmlFor="products-status" className="mb-1 block text-sm font-medium">
            {t("admin.products.filter.status")}
          </label>
          <select id="products-status" name="status" defaultValue={filters.status} className={FIELD}>
            {statusFilters.map((value) => (
              <option key={value} value={value}>
                {t(`admin.products.filter.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2 lg:mb-5">
          <button type="submit" className={`${BUTTON} bg-blue-800 text-white hover:bg-blue-900`}>
            {t("admin.products.filter.submit")}
          </button>
          {filtered && (
            <a href={href("/admin/products")} className={`${BUTTON} border border-slate-300 bg-white text-slate-800`}>
              {t("admin.products.filter.clear")}
            </a>
          )}
        </div>
      </form>

      <AdminPanel id="products-list" title={t("admin.products.count", { count: total })}>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">
            {t(filtered ? "admin.products.emptyFiltered" : "admin.products.empty")}
          </p>
        ) : (
          <AdminTable
            caption={t("admin.products.title")}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                key: "image",
                header: t("admin.products.col.image"),
                label: t("admin.products.col.image"),
                cell: (row) =>
                  row.imageUrl ? (
                    <img
                      src={row.imageUrl.startsWith("/media/") ? `${row.imageUrl}?w=160` : row.imageUrl}
                      alt=""
                      width={48}
                      height={48}
                      loading="lazy"
                      className="size-12 rounded border border-slate-200 object-cover"
                    />
                  ) : (
                    <span className="text-xs whitespace-nowrap text-slate-600">{t("admin.products.noImage")}</span>
                  ),
              },
              {
                key: "name",
                header: t("admin.products.col.name"),
                label: t("admin.products.col.name"),
                cell: (row) => (
                  <span className="text-end sm:text-start">
                    <Link
                      to={href(`/admin/products/${row.id}`)}
                      className="font-medium text-blue-800 underline underline-offset-2"
                    >
                      {row.name}
                    </Link>{" "}
                    <span className="font-mono text-xs text-slate-600">#{row.id}</span>
                    {row.isCombo && (
                      <span className="ms-1 rounded bg-violet-800 px-1.5 py-0.5 text-xs font-bold text-white">
                        {t("admin.combos.badge")}
                      </span>
                    )}
                  </span>
                ),
              },
              {
                key: "category",
                header: t("admin.products.col.category"),
                label: t("admin.products.col.category"),
                cell: (row) => row.category,
              },
              {
                key: "price",
                header: t("admin.products.col.price"),
                label: t("admin.products.col.price"),
                cell: (row) => <span className="tabular-nums">{row.price}</span>,
                align: "end",
              },
              {
                key: "wholesale",
                header: t("admin.products.col.wholesale"),
                label: t("admin.products.col.wholesale"),
                cell: (row) => <span className="tabular-nums">{row.wholesale ?? t("admin.products.noWholesale")}</span>,
                align: "end",
              },
              {
                key: "stock",
                header: t("admin.products.col.stock"),
                label: t("admin.products.col.stock"),
                cell: (row) =>
                  row.quantity <= 0 ? (
                    <span className="font-semibold text-red-800">{t("admin.products.out")}</span>
                  ) : (
                    <span className="tabular-nums">{row.quantity}</span>
                  ),
                align: "end",
              },
              {
                key: "demand",
                header: <abbr title={t("admin.stockAlerts.columnHint")}>{t("admin.stockAlerts.column")}</abbr>,
                label: t("admin.stockAlerts.columnHint"),
                cell: (row) => <span className="tabular-nums">{row.waiting}</span>,
                align: "end",
              },
              {
                key: "sold",
                header: t("admin.products.col.sold"),
                label: t("admin.products.col.sold"),
                cell: (row) => <span className="tabular-nums">{row.sold}</span>,
                align: "end",
              },
              {
                key: "status",
                header: t("admin.products.col.status"),
                label: t("admin.products.col.status"),
                cell: (row) =>
                  row.archived ? (
                    <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-800">
                      {t("admin.products.status.archived")}
                    </span>
                  ) : (
                    <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-900">
                      {t("admin.products.status.active")}
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
