import { type FormEvent, useEffect, useState } from "react";
import { data } from "react-router";
import { Form, Link } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { resetPassword } from "~/features/accounts/account-commands.server";
import { NewPasswordFields } from "~/features/accounts/components/new-password-fields";
import {
  ErrorSummary,
  type FieldErrorKeys,
  FormMessage,
  SubmitButton,
  focusFirstError,
  tKey,
} from "~/components/ui/form-fields";
import { useHydrated } from "~/utils/use-hydrated";
import { type AccountFormResult, AuthCard } from "~/features/accounts/components/auth-card";
import {
  accountPageLanguage,
  firstErrorKeys,
  formStrings,
  rateLimited,
  redirectWithFlash,
} from "~/features/accounts/pages.server";
import { allOk, passwordChecks } from "~/features/accounts/schemas";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import type { Route } from "./+types/reset-password-confirm";
import { readForm } from "~/utils/forms.server";
import { RouteErrorBoundary } from "~/components/route-error";

const FIELDS = ["new_password", "re_new_password"] as const;

/** §2.1 / §2.6 `/password/reset/confirm/{uid}/{token}` (the link in the reset email). */
export function loader() {
  return null;
}

/**
 * Sets the new password (ResetConfirmSchema: 'Passwords do not match' on a mismatch; the §5 rules),
 * ends every earlier session, and goes to the login page with 'Password has been reset
 * successfully'. A used or broken link: 'Error resetting your password'.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, clientIp } = context.get(appContext);
  const lang = await accountPageLanguage(db, request);
  const input = formStrings(await readForm(request), FIELDS);

  const result = await resetPassword({ db, env }, { ip: clientIp }, { ...input, uid: params.uid, token: params.token });
  if (!result.ok && result.reason === "rateLimited") return rateLimited(result.retryAfterSeconds);
  if (!result.ok && result.reason === "invalid") {
    const errors = result.errors;
    if (errors.uid || errors.token)
      return data<AccountFormResult>({ formError: "accounts.resetConfirm.failed" }, { status: 400 });
    return data<AccountFormResult>({ errors }, { status: 400 });
  }
  if (!result.ok) {
    const errors = firstErrorKeys(result.errors);
    if (errors.new_password)
      return data<AccountFormResult>({ errors: { new_password: errors.new_password } }, { status: 400 });
    return data<AccountFormResult>({ formError: "accounts.resetConfirm.failed" }, { status: 400 });
  }
  return redirectWithFlash(request, localePath(lang, "/login"), { key: "accounts.resetConfirm.success" });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("accounts.resetConfirm.title"), noIndex: true });

export default function ResetPasswordConfirm({ actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const server = actionData as AccountFormResult | undefined;
  const [clientErrors, setClientErrors] = useState<FieldErrorKeys | null>(null);
  const [live, setLive] = useState({ new_password: "", re_new_password: "" });
  const [touched, setTouched] = useState(false);
  useEffect(() => setClientErrors(null), [server]);
  const errors: FieldErrorKeys = clientErrors ?? server?.errors ?? {};
  const err = (field: string) => (errors[field] ? tKey(t, errors[field]) : undefined);
  const labels = {
    new_password: t("accounts.field.new_password"),
    re_new_password: t("accounts.field.re_new_password"),
  };
  // The browser does not know the account's names: the similarity rule is stated, checked by the server.
  const checks = passwordChecks(live.new_password).filter((check) => check.id !== "notSimilar");

  function read(form: HTMLFormElement) {
    const fd = new FormData(form);
    return {
      new_password: String(fd.get("new_password") ?? ""),
      re_new_password: String(fd.get("re_new_password") ?? ""),
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = read(event.currentTarget);
    const found: FieldErrorKeys = {};
    if (!values.new_password) found.new_password = "accounts.errors.required";
    else if (!allOk(passwordChecks(values.new_password))) found.new_password = "accounts.errors.password";
    if (!values.re_new_password) found.re_new_password = "accounts.errors.required";
    else if (values.new_password !== values.re_new_password) found.re_new_password = "accounts.errors.passwordMismatch";
    if (Object.keys(found).length === 0) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(found);
    setTouched(true);
    focusFirstError(event.currentTarget, found, FIELDS);
  }

  return (
    <AuthCard title={t("accounts.resetConfirm.title")}>
      {server?.formError && (
        <FormMessage tone="error">
          {tKey(t, server.formError, server.formErrorValues)}{" "}
          {server.formError === "accounts.resetConfirm.failed" && (
            <Link to={`/reset_password?lang=${lang}`} className="underline">
              {t("accounts.resetConfirm.newLink")}
            </Link>
          )}
        </FormMessage>
      )}
      {!clientErrors && server?.errors && <ErrorSummary errors={server.errors} labels={labels} idPrefix="reset" />}
      <Form
        method="post"
        noValidate={hydrated}
        onChange={(event) => {
          setLive(read(event.currentTarget));
          if ((event.target as HTMLInputElement).name === "new_password") setTouched(true);
        }}
        onSubmit={onSubmit}
        className="space-y-4"
      >
        <NewPasswordFields
          idPrefix="reset"
          names={{ password: "new_password", repeat: "re_new_password" }}
          labels={{ password: labels.new_password, repeat: labels.re_new_password }}
          errors={{ password: err("new_password"), repeat: err("re_new_password") }}
          checks={checks}
          touched={touched}
          values={{ password: live.new_password, repeat: live.re_new_password }}
          note={t("accounts.checks.password.similarNote")}
        />
        <SubmitButton>{t("accounts.resetConfirm.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

/** Its own error page: the root loader still runs, so the page keeps its messages (components/route-error.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} />;
}
