import { data } from "react-router";
import { Form, Link } from "~/components/router-links";
import { RouteErrorBoundary } from "~/components/route-error";
import { metaT, pageMeta } from "~/components/seo";
import { FormMessage, SubmitButton } from "~/components/ui/form-fields";
import { appContext } from "~/context";
import { followAlertLink, viewAlertLink } from "~/features/stock-alerts/link-page.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/stock-alert-link";

/**
 * Back-in-stock alerts (docs/features.md): `/{lang}/stock-alerts/confirm` and `/{lang}/stock-alerts/unsubscribe`, the links
 * of the alert emails (signed; no sign-in needed). Opening one changes nothing; its button posts.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, env } = context.get(appContext);
  const { view } = await viewAlertLink({ db, env }, lang, params.purpose, new URL(request.url));
  return data({ view, done: null as boolean | null }, { status: view.valid ? 200 : 400 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, env } = context.get(appContext);
  const { view, link } = await viewAlertLink({ db, env }, lang, params.purpose, new URL(request.url));
  if (!link) return data({ view, done: null as boolean | null }, { status: 400 });
  return { view, done: await followAlertLink(db, link) };
}

export const meta: Route.MetaFunction = (args) => {
  const t = metaT(args);
  const purpose = args.params.purpose === "confirm" ? "confirm" : "unsubscribe";
  return pageMeta(args, {
    title: t(purpose === "confirm" ? "stockAlerts.page.confirmTitle" : "stockAlerts.page.unsubscribeTitle"),
    noIndex: true,
  });
};

export default function StockAlertLink({ loaderData, actionData, params }: Route.ComponentProps) {
  const t = useT();
  const localePath = useLocalePath();
  const { view, done } = actionData ?? loaderData;
  const confirm = params.purpose === "confirm";
  const name = view.valid ? (view.productName ?? t("stockAlerts.page.anyProduct")) : "";
  return (
    <div className="mx-auto max-w-lg px-3 py-6 sm:py-10">
      <div className="rounded-lg bg-white p-5 shadow-xs">
        <h1 className="text-xl font-bold text-slate-900">
          {t(confirm ? "stockAlerts.page.confirmTitle" : "stockAlerts.page.unsubscribeTitle")}
        </h1>
        {!view.valid ? (
          <div className="mt-4">
            <FormMessage tone="error">{t("stockAlerts.page.invalid")}</FormMessage>
          </div>
        ) : done !== null ? (
          <div className="mt-4">
            <FormMessage tone={done ? "success" : "info"}>
              {confirm
                ? done
                  ? t("stockAlerts.page.confirmed", { email: view.email, name })
                  : t("stockAlerts.page.confirmGone")
                : t("stockAlerts.page.unsubscribed", { email: view.email })}
            </FormMessage>
          </div>
        ) : (
          <>
            <p className="mt-3 mb-5 text-slate-700">
              {confirm
                ? t("stockAlerts.page.confirmText", { email: view.email, name })
                : view.productId
                  ? t("stockAlerts.page.unsubscribeText", { email: view.email, name })
                  : t("stockAlerts.page.unsubscribeAllText", { email: view.email })}
            </p>
            <Form method="post">
              <SubmitButton>
                {t(confirm ? "stockAlerts.page.confirmSubmit" : "stockAlerts.page.unsubscribeSubmit")}
              </SubmitButton>
            </Form>
          </>
        )}
        <p className="mt-5 text-sm">
          {view.valid && view.productName ? (
            <Link to={localePath(`/product/${view.productId}`)} className="font-semibold text-blue-800 underline">
              {t("stockAlerts.page.product")}
            </Link>
          ) : (
            <Link to={localePath("/")} className="font-semibold text-blue-800 underline">
              {t("stockAlerts.page.home")}
            </Link>
          )}
        </p>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} />;
}
