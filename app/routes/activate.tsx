import { data } from "react-router";
import { Form } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { activate } from "~/features/accounts/account-commands.server";
import { FormMessage, SubmitButton, tKey } from "~/components/ui/form-fields";
import { type AccountFormResult, AuthCard } from "~/features/accounts/components/auth-card";
import { accountPageLanguage, rateLimited, redirectWithFlash } from "~/features/accounts/pages.server";
import { localePath } from "~/i18n/links";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/activate";
import { RouteErrorBoundary } from "~/components/route-error";

/**
 * §2.1 / §2.6 `/activate/{uid}/{token}` (the link in the activation email; no language prefix, the
 * page speaks the account's language). Opening the link changes nothing: the shopper presses
 * 'Activate Account' (a POST, so mail scanners that follow links do not use it up).
 */
export function loader() {
  return null;
}

/**
 * Activates, then goes to `/{lang}/account` (§2.6) with 'Cuenta activada correctamente'. A
 * signed-out shopper is sent straight to the login page that returns there (decision “Signed-out visitors go to login at once”), so the alert is
 * not lost on an intermediate redirect. An account already active says so; a bad link stays here
 * with 'Error activando cuenta'.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, clientIp, user } = context.get(appContext);
  const lang = await accountPageLanguage(db, request);
  const result = await activate({ db, env }, { ip: clientIp }, params);
  if (!result.ok && result.reason === "rateLimited") return rateLimited(result.retryAfterSeconds);
  const failed = () => data<AccountFormResult>({ formError: "accounts.activate.failed" }, { status: 400 });
  if (!result.ok && result.reason === "invalid") return failed();

  const account = localePath(lang, "/account");
  const to = user ? account : `${localePath(lang, "/login")}?next=${encodeURIComponent(account)}`;
  if (result.ok) return redirectWithFlash(request, to, { key: "accounts.activate.success" });
  // Already active: djoser's 403 for a link used before.
  if (result.reason === "rejected" && result.status === 403) {
    return redirectWithFlash(request, to, { key: "accounts.activate.already", tone: "info" });
  }
  return failed();
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("accounts.activate.title"), noIndex: true });

export default function Activate({ actionData }: Route.ComponentProps) {
  const t = useT();
  const server = actionData as AccountFormResult | undefined;
  return (
    <AuthCard title={t("accounts.activate.title")}>
      {server?.formError && <FormMessage tone="error">{tKey(t, server.formError, server.formErrorValues)}</FormMessage>}
      <p className="mb-6 text-slate-700">{t("accounts.activate.text")}</p>
      <Form method="post">
        <SubmitButton>{t("accounts.activate.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

/** Its own error page: the root loader still runs, so the page keeps its messages (components/route-error.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} />;
}
