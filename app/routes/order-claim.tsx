import { data, redirect } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { flashCookie } from "~/features/accounts/flash.server";
import { requireUser } from "~/features/accounts/require-user.server";
import { ClaimForm } from "~/features/claims/components/claim-form";
import { claimPageState, submitClaimForm } from "~/features/claims/form.server";
import { DEFECT_REPORT_HOURS } from "~/features/content/policy";
import { mediaStore } from "~/features/media/store.server";
import { IMAGE_ACCEPT } from "~/features/media/upload.server";
import type { TranslationKey } from "~/i18n/i18n";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { readForm } from "~/utils/forms.server";
import type { Route } from "./+types/order-claim";

/**
 * "Reportar un defecto" (docs/product-decisions.md, "Returns and warranty"): one line of one of the
 * shopper's delivered orders, within DEFECT_REPORT_HOURS of delivery. Needs sign-in; another
 * shopper's order is a 404. Outside the window (or for a line without warranty, or one already
 * reported) the page says why instead of showing the form.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const line = new URL(request.url).searchParams.get("line");
  const state = await claimPageState(db, user.id, params.transactionId, line, lang);
  if (!state.found) return data({ state, accept: IMAGE_ACCEPT }, { status: 404 });
  return { state, accept: IMAGE_ACCEPT };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db, env } = context.get(appContext);
  const form = await readForm(request);
  const result = await submitClaimForm({ db, media: mediaStore(env) }, user.id, params.transactionId, form, { lang });
  if (result.ok) {
    const to = `${localePath(lang, "/orders")}?order=${encodeURIComponent(params.transactionId)}`;
    return redirect(to, {
      status: 303,
      headers: { "Set-Cookie": flashCookie(request, "claims.form.sent", "success") },
    });
  }
  return data(result, { status: result.status });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("claims.form.title"), noIndex: true });

export default function OrderClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const href = useLocalePath();
  const { state, accept } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : null;
  const crumbs = [
    { label: t("breadcrumb.home"), to: "/" },
    { label: t("orders.page.title"), to: "/orders" },
    { label: t("claims.form.title") },
  ];
  return (
    <div className="mx-auto max-w-screen-xl px-3 py-4 sm:px-4 sm:py-6">
      <Breadcrumb items={crumbs} />
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{t("claims.form.title")}</h1>
      {!state.found ? (
        <p className="mt-3 text-slate-700">{t("claims.errors.notFound")}</p>
      ) : state.canClaim ? (
        <ClaimForm
          transactionId={state.transactionId}
          line={state.line}
          name={state.name}
          accept={accept}
          description={failed?.description ?? ""}
          errors={failed?.errors ?? {}}
          formError={failed?.formError}
        />
      ) : (
        <div className="mt-3 max-w-2xl">
          <p className="text-slate-800" data-testid="claim-refused">
            {state.reason === "claims.errors.windowClosed"
              ? t("claims.section.closed", { hours: DEFECT_REPORT_HOURS, date: state.windowEnds ?? "" })
              : t((state.reason ?? "claims.errors.line") as TranslationKey)}
          </p>
          <a
            href={`${href("/orders")}?order=${encodeURIComponent(state.transactionId)}`}
            className="mt-3 inline-flex min-h-11 items-center rounded font-semibold text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            {t("claims.form.back")}
          </a>
        </div>
      )}
    </div>
  );
}
