import { type FormEvent, useEffect, useState } from "react";
import { data } from "react-router";
import { Form } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { askPasswordReset } from "~/features/accounts/account-commands.server";
import { type FieldErrorKeys, FormMessage, SubmitButton, TextField, tKey } from "~/components/ui/form-fields";
import { useHydrated } from "~/utils/use-hydrated";
import { type AccountFormResult, AuthCard } from "~/features/accounts/components/auth-card";
import {
  accountPageLanguage,
  echoValues,
  formStrings,
  rateLimited,
  redirectWithFlash,
} from "~/features/accounts/pages.server";
import { ResetRequestSchema, fieldErrors } from "~/features/accounts/schemas";
import { localePath } from "~/i18n/links";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/reset-password";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/forms.server";
import { RouteErrorBoundary } from "~/components/route-error";

/** §2.1 / §2.6 `/reset_password` (no language prefix): ask for a reset link by email. */
export function loader() {
  return null;
}

/**
 * Always the same answer, 'Password reset email sent', then home: whether the address has an
 * account is never told (requestPasswordReset sends only to an active account). A failure to send
 * is logged and answered the same way, for the same reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, clientIp } = context.get(appContext);
  const lang = await accountPageLanguage(db, request);
  const input = formStrings(await readForm(request), ["email"] as const);
  const values = echoValues({ email: input.email });

  const asked = await askPasswordReset({ db, env }, { ip: clientIp }, input);
  if (!asked.ok && asked.reason === "rateLimited") return rateLimited(asked.retryAfterSeconds, { values });
  if (!asked.ok) return data<AccountFormResult>({ errors: asked.errors, values }, { status: 400 });
  try {
    await asked.value.send();
  } catch (error) {
    logger.error({ err: error }, "Password reset email could not be sent");
  }
  return redirectWithFlash(request, localePath(lang), { key: "accounts.reset.sent" });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("accounts.reset.title"), noIndex: true });

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const hydrated = useHydrated();
  const server = actionData as AccountFormResult | undefined;
  const [clientErrors, setClientErrors] = useState<FieldErrorKeys | null>(null);
  useEffect(() => setClientErrors(null), [server]);
  const errors: FieldErrorKeys = clientErrors ?? server?.errors ?? {};

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = ResetRequestSchema.safeParse({ email: new FormData(event.currentTarget).get("email") ?? "" });
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    setClientErrors(fieldErrors(parsed.error));
    event.currentTarget.querySelector<HTMLInputElement>("[name=email]")?.focus();
  }

  return (
    <AuthCard title={t("accounts.reset.title")}>
      {server?.formError && <FormMessage tone="error">{tKey(t, server.formError, server.formErrorValues)}</FormMessage>}
      <p className="mb-5 text-slate-700">{t("accounts.reset.text")}</p>
      <Form method="post" noValidate={hydrated} onSubmit={onSubmit} className="space-y-4">
        <TextField
          id="reset-email"
          name="email"
          type="email"
          label={t("accounts.field.email")}
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          defaultValue={server?.values?.email}
          error={errors.email ? tKey(t, errors.email) : undefined}
        />
        <SubmitButton>{t("accounts.reset.submit")}</SubmitButton>
      </Form>
    </AuthCard>
  );
}

/** Its own error page: the root loader still runs, so the page keeps its messages (components/route-error.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} />;
}
