import { useActionData } from "react-router";
import { Form } from "~/components/router-links";
import { TextField } from "~/components/ui/form-fields";
import { useT } from "~/i18n/use-t";
import type { StockAlertFormData } from "../form";

const BUTTON =
  "inline-flex min-h-11 w-full items-center justify-center rounded-md px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/**
 * "Avísame cuando llegue" on an out-of-stock product (issue 26 point 4): a plain POST form to the
 * product page that works without JavaScript. Signed in, one button subscribes the account's
 * address (or cancels the alert it already has); signed out, an email field whose error shows
 * beside it, keeping what was typed.
 */
export function StockAlertForm({ email, subscribed }: { email: string | null; subscribed: boolean }) {
  const t = useT();
  const actionData = useActionData() as StockAlertFormData | undefined;
  const refused = actionData?.intent === "stock-alert" && !actionData.ok ? actionData : null;
  return (
    <section
      id="stock-alert"
      aria-labelledby="stock-alert-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="stock-alert-title" className="text-base font-bold text-slate-900">
        {t("stockAlerts.form.title")}
      </h2>
      <Form method="post" className="mt-2 space-y-2.5" noValidate>
        {email && subscribed ? (
          <>
            <p className="text-sm text-slate-800">{t("stockAlerts.form.waiting", { email })}</p>
            <button
              type="submit"
              name="intent"
              value="stock-alert-cancel"
              className={`${BUTTON} border border-slate-400 bg-white text-slate-900 hover:bg-slate-100`}
            >
              {t("stockAlerts.form.cancel")}
            </button>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-800">
              {email ? t("stockAlerts.form.intro", { email }) : t("stockAlerts.form.introAnon")}
            </p>
            {!email && (
              <TextField
                id="stock-alert-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                label={t("stockAlerts.form.email")}
                defaultValue={refused?.email ?? ""}
                error={
                  refused?.error && refused.error !== "stockAlerts.errors.rateLimited" ? t(refused.error) : undefined
                }
              />
            )}
            {refused && (email || refused.error === "stockAlerts.errors.rateLimited") && (
              <p role="alert" className="text-sm font-medium text-red-800">
                {t(refused.error)}
              </p>
            )}
            <button
              type="submit"
              name="intent"
              value="stock-alert"
              className={`${BUTTON} bg-blue-800 text-white hover:bg-blue-900`}
            >
              {t("stockAlerts.form.submit")}
            </button>
          </>
        )}
      </Form>
    </section>
  );
}
