import { data, useLoaderData } from "react-router";
import { Form, Link } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { AdminPanel, AdminTable } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { adminClaimsPage } from "~/features/claims/admin-view.server";
import { ClaimStatusBadge } from "~/features/claims/components/claim-status";
import type { TranslationKey } from "~/i18n/i18n";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/claims";

// Defect claims (docs/features.md): newest first, filtered by state; each opens its page to decide.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "claims");
  const lang = requireLanguage(request, params.lang);
  return adminClaimsPage(db, new URL(request.url).searchParams.get("status"), lang);
}

/** Nothing to post here (each claim has its page): refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "claims", "change");
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.claims.title"), noIndex: true });

const LINK =
  "rounded font-medium text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-700";

export default function AdminClaims() {
  const { claims, status, statuses } = useLoaderData<typeof loader>();
  const t = useT();
  const path = useLocalePath();
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.claims.title")}</h1>
      <p className="text-sm text-slate-700">{t("admin.claims.intro")}</p>
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="claims-status" className="mb-1 block text-sm font-semibold text-slate-800">
            {t("admin.claims.filter")}
          </label>
          <select
            id="claims-status"
            name="status"
            defaultValue={status ?? ""}
            className="min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base"
          >
            <option value="">{t("admin.claims.filterAll")}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`claims.status.${s}` as TranslationKey)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="min-h-11 rounded-md border border-slate-400 bg-white px-4 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {t("admin.claims.filterApply")}
        </button>
      </Form>
      <AdminPanel id="claims-list" title={t("admin.claims.title")}>
        {claims.length === 0 ? (
          <p className="text-sm text-slate-700">{t("admin.claims.empty")}</p>
        ) : (
          <AdminTable
            caption={t("admin.claims.title")}
            rows={claims}
            rowKey={(claim) => claim.id}
            columns={[
              {
                key: "date",
                header: t("admin.claims.col.date"),
                label: t("admin.claims.col.date"),
                cell: (claim) => (
                  <Link
                    to={path(`/admin/claims/${claim.id}`)}
                    className={LINK}
                    aria-label={t("admin.claims.open", { id: claim.id })}
                  >
                    <time dateTime={claim.iso}>{claim.date}</time>
                  </Link>
                ),
              },
              {
                key: "order",
                header: t("admin.claims.col.order"),
                label: t("admin.claims.col.order"),
                cell: (claim) => <span className="font-mono break-all">{claim.orderId.slice(0, 8)}</span>,
              },
              {
                key: "product",
                header: t("admin.claims.col.product"),
                label: t("admin.claims.col.product"),
                cell: (claim) => claim.productName,
              },
              {
                key: "customer",
                header: t("admin.claims.col.customer"),
                label: t("admin.claims.col.customer"),
                cell: (claim) => <span className="break-all">{claim.customer}</span>,
              },
              {
                key: "status",
                header: t("admin.claims.col.status"),
                label: t("admin.claims.col.status"),
                cell: (claim) => <ClaimStatusBadge status={claim.status} />,
              },
            ]}
          />
        )}
      </AdminPanel>
    </div>
  );
}
