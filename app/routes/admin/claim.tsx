import { data, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { Form, Link } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { FormMessage, INPUT, tKey } from "~/components/ui/form-fields";
import { AdminPanel } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { adminClaimPage, submitDecisionForm } from "~/features/claims/admin-view.server";
import { ClaimPhotos } from "~/features/claims/components/claim-photos";
import { ClaimStatusBadge } from "~/features/claims/components/claim-status";
import { CLAIM_NOTE_MAX } from "~/features/claims/limits";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { readForm } from "~/utils/forms.server";
import type { Route } from "./+types/claim";

// One defect claim (docs/features.md, "Defect claims"): what the shopper reported, with photos, and the decision:
// approve (a zero-cost replacement order, stock taken) or reject with a note. Audited.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "claims");
  const lang = requireLanguage(request, params.lang);
  const claim = await adminClaimPage(db, params.claimId, lang);
  if (!claim) throw data(null, { status: 404 });
  return { claim };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, actor } = requireStaff(context, "claims", "change");
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const result = await submitDecisionForm({ db, env }, params.claimId, form, actor);
  if (result.ok) return redirect(`${localePath(lang, `/admin/claims/${params.claimId}`)}?done=${result.status}`, 303);
  return data(result, { status: result.status });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.claims.title"), noIndex: true });

const LINK =
  "rounded font-medium text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-700";
const BUTTON =
  "min-h-11 rounded-md px-4 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export default function AdminClaim() {
  const { claim } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const [search] = useSearchParams();
  const t = useT();
  const path = useLocalePath();
  const done = search.get("done");
  const errors = failed && !failed.ok ? failed.errors : {};
  return (
    <div className="space-y-3">
      <Link to={path("/admin/claims")} className={`${LINK} inline-flex min-h-11 items-center`}>
        {t("admin.claims.back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold text-slate-900">{t("admin.claims.detailTitle", { id: claim.id })}</h1>
        <ClaimStatusBadge status={claim.status} />
      </div>
      {done === "approved" && claim.replacementId && (
        <FormMessage tone="success">{t("admin.claims.approved", { id: claim.replacementId })}</FormMessage>
      )}
      {done === "rejected" && <FormMessage tone="success">{t("admin.claims.rejected")}</FormMessage>}
      {failed && !failed.ok && failed.formError && (
        <FormMessage tone="error">{tKey(t, failed.formError, failed.values)}</FormMessage>
      )}
      <AdminPanel id="claim-detail" title={claim.productName}>
        <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold text-slate-600">{t("admin.claims.col.date")}</dt>
          <dd>
            <time dateTime={claim.iso}>{claim.date}</time>
          </dd>
          <dt className="font-semibold text-slate-600">{t("admin.claims.col.order")}</dt>
          <dd>
            <Link
              to={path(`/admin/orders/${encodeURIComponent(claim.orderId)}`)}
              className={`${LINK} font-mono break-all`}
            >
              {claim.orderId}
            </Link>
          </dd>
          <dt className="font-semibold text-slate-600">{t("admin.claims.col.customer")}</dt>
          <dd className="break-all">{claim.customer}</dd>
          <dt className="font-semibold text-slate-600">{t("admin.claims.description")}</dt>
          <dd className="whitespace-pre-line [overflow-wrap:anywhere]">{claim.description}</dd>
          {claim.note && (
            <>
              <dt className="font-semibold text-slate-600">{t("admin.claims.note")}</dt>
              <dd className="[overflow-wrap:anywhere]">{claim.note}</dd>
            </>
          )}
          {claim.replacementId && (
            <>
              <dt className="font-semibold text-slate-600">{t("admin.claims.replacement")}</dt>
              <dd>
                <Link
                  to={path(`/admin/orders/${encodeURIComponent(claim.replacementId)}`)}
                  className={`${LINK} font-mono break-all`}
                >
                  {claim.replacementId}
                </Link>
              </dd>
            </>
          )}
        </dl>
        <h3 className="mt-3 font-semibold text-slate-900">{t("admin.claims.photos")}</h3>
        {claim.photos.length > 0 ? (
          <ClaimPhotos claim={claim} />
        ) : (
          <p className="text-sm text-slate-700">{t("admin.claims.noPhotos")}</p>
        )}
      </AdminPanel>
      {claim.status === "pending" && (
        <AdminPanel id="claim-decide" title={t("admin.claims.decide")}>
          <Form method="post" className="grid gap-3" noValidate>
            <div>
              <label htmlFor="claim-note" className="mb-1 block text-sm font-semibold text-slate-800">
                {t("admin.claims.note")}
              </label>
              <textarea
                id="claim-note"
                name="note"
                rows={3}
                maxLength={CLAIM_NOTE_MAX}
                defaultValue={failed && !failed.ok ? failed.note : ""}
                aria-invalid={errors.note ? true : undefined}
                aria-describedby={errors.note ? "claim-note-error" : undefined}
                className={`${INPUT} ${errors.note ? "border-red-700" : "border-slate-400"}`}
              />
              {errors.note && (
                <p id="claim-note-error" className="mt-1 text-sm font-medium text-red-800">
                  <span aria-hidden="true">⚠ </span>
                  {tKey(t, errors.note)}
                </p>
              )}
              {errors.decision && <p className="mt-1 text-sm font-medium text-red-800">{tKey(t, errors.decision)}</p>}
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                name="decision"
                value="approve"
                className={`${BUTTON} bg-amber-400 text-slate-900 hover:bg-amber-500`}
              >
                {t("admin.claims.approve")}
              </button>
              <button
                type="submit"
                name="decision"
                value="reject"
                className={`${BUTTON} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`}
              >
                {t("admin.claims.reject")}
              </button>
            </div>
          </Form>
        </AdminPanel>
      )}
    </div>
  );
}
