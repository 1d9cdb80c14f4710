import { data, useLoaderData, useSearchParams } from "react-router";
import { Pagination } from "~/components/pagination";
import { metaT, pageMeta } from "~/components/seo";
import { FormMessage } from "~/components/ui/form-fields";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { COUPONS_PAGE_SIZE, couponStatus, listCoupons } from "~/features/coupons/coupon-admin.server";
import { adminDateTime } from "~/features/admin/format.server";
import { requireStaff } from "~/features/admin/guard.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { formatPrice } from "~/utils/money";
import type { Route } from "./+types/coupons";

// (spec §7.4, §8 Coupon) every coupon with its limits, uses and why it does or
// does not apply now. Dates are Havana time, written on the server.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "coupons");
  const lang = requireLanguage(request, params.lang);
  const url = new URL(request.url);
  const asked = Number.parseInt(url.searchParams.get("p") ?? "1", 10);
  const page = Number.isFinite(asked) && asked > 0 ? Math.min(asked, 1_000_000) : 1;
  const now = new Date();
  const { rows, total } = await listCoupons(db, { page });
  const usd = (cents: number) => formatPrice(cents / 100, "USD", 1, lang);
  return {
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / COUPONS_PAGE_SIZE)),
    rows: rows.map((c) => ({
      id: c.id,
      code: c.name,
      percent: c.discountPercent,
      amount: c.discountCents != null ? usd(c.discountCents) : null,
      minTotal: c.minTotalCents > 0 ? usd(c.minTotalCents) : null,
      validFrom: c.validFrom ? adminDateTime(c.validFrom, lang) : null,
      validFromIso: c.validFrom?.toISOString() ?? null,
      validUntil: c.validUntil ? adminDateTime(c.validUntil, lang) : null,
      validUntilIso: c.validUntil?.toISOString() ?? null,
      uses: c.uses,
      maxUses: c.maxUses,
      active: c.active,
      status: couponStatus(c, now),
    })),
  };
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "coupons", "change");
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.coupons.title"), noIndex: true });

const STATUS_TONE = {
  active: "bg-green-100 text-green-900",
  inactive: "bg-slate-200 text-slate-800",
  expired: "bg-red-100 text-red-900",
  notYetValid: "bg-blue-100 text-blue-900",
  usedUp: "bg-amber-100 text-amber-900",
} as const;

export default function AdminCoupons() {
  const { page, total, pageCount, rows } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const t = useT();
  const href = useLocalePath();
  const none = <span className="text-slate-500">{t("admin.coupons.none")}</span>;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900">{t("admin.coupons.title")}</h1>
        <a
          href={href("/admin/coupons/new")}
          className="inline-flex min-h-11 items-center justify-center rounded-md bg-amber-400 px-4 text-sm font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t("admin.coupons.new")}
        </a>
      </div>
      {search.get("created") && <FormMessage tone="success">{t("admin.coupons.created")}</FormMessage>}
      <p className="text-sm text-slate-700">{t("admin.coupons.intro")}</p>

      <AdminPanel id="coupons-list" title={t("admin.coupons.count", { count: total })}>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-700">{t("admin.coupons.empty")}</p>
        ) : (
          <AdminTable
            caption={t("admin.coupons.title")}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                key: "code",
                header: t("admin.coupons.col.code"),
                label: t("admin.coupons.col.code"),
                cell: (row) => (
                  <a
                    href={href(`/admin/coupons/${row.id}`)}
                    aria-label={t("admin.coupons.editLink", { code: row.code })}
                    className="font-mono font-semibold break-all text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-700"
                  >
                    {row.code}
                  </a>
                ),
              },
              {
                key: "discount",
                header: t("admin.coupons.col.discount"),
                label: t("admin.coupons.col.discount"),
                cell: (row) =>
                  row.percent != null ? t("admin.coupons.percentOff", { percent: row.percent }) : (row.amount ?? none),
              },
              {
                key: "minTotal",
                header: t("admin.coupons.col.minTotal"),
                label: t("admin.coupons.col.minTotal"),
                cell: (row) => row.minTotal ?? none,
              },
              {
                key: "validity",
                header: t("admin.coupons.col.validity"),
                label: t("admin.coupons.col.validity"),
                cell: (row) => (
                  <span className="text-end text-xs sm:text-start">
                    {t("admin.coupons.from")}{" "}
                    {row.validFrom && row.validFromIso ? (
                      <time dateTime={row.validFromIso}>{row.validFrom}</time>
                    ) : (
                      none
                    )}
                    <br />
                    {t("admin.coupons.until")}{" "}
                    {row.validUntil && row.validUntilIso ? (
                      <time dateTime={row.validUntilIso}>{row.validUntil}</time>
                    ) : (
                      none
                    )}
                  </span>
                ),
              },
              {
                key: "uses",
                header: t("admin.coupons.col.uses"),
                label: t("admin.coupons.col.uses"),
                cell: (row) => (
                  <span className="tabular-nums">
                    {row.maxUses == null
                      ? t("admin.coupons.usesUnlimited", { uses: row.uses })
                      : t("admin.coupons.usesOf", { uses: row.uses, max: row.maxUses })}
                  </span>
                ),
              },
              {
                key: "active",
                header: t("admin.coupons.col.active"),
                label: t("admin.coupons.col.active"),
                cell: (row) => t(row.active ? "admin.coupons.yes" : "admin.coupons.no"),
              },
              {
                key: "status",
                header: t("admin.coupons.col.status"),
                label: t("admin.coupons.col.status"),
                cell: (row) => (
                  <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[row.status]}`}>
                    {t(`admin.coupons.status.${row.status}`)}
                  </span>
                ),
              },
            ]}
          />
        )}
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={(p) => href(`/admin/coupons${p > 1 ? `?p=${p}` : ""}`)}
        />
      </AdminPanel>
    </div>
  );
}
