import { useActionData } from "react-router";
import { Form } from "~/components/router-links";
import { TextField } from "~/components/ui/form-fields";
import { PRIMARY, SECONDARY } from "~/features/reviews/components/review-form";
import { useT } from "~/i18n/use-t";
import type { StockAlertFormData } from "../form";

/**
 * "Avísame cuando llegue" on an out-of-stock product (docs/features.md, "Back-in-stock alerts"): a plain POST form to the
 * product page that works without JavaScript (none of its own: the product page's budget).
 * Signed in, one button subscribes the account's address (or cancels the alert it already has);
 * signed out, an email field whose error shows beside it, keeping what was typed. The buttons'
 * classes are the review form's, already on the page.
 */
export function StockAlertForm({ email, subscribed }: { email: string | null; subscribed: boolean }) {
  const t = useT();
  const refused = useActionData() as StockAlertFormData | undefined;
  const error = refused?.intent === "stock-alert" ? t(refused.error) : undefined;
  const cancel = email && subscribed;
  return (
    <section id="stock-alert" aria-labelledby="stock-alert-title" className="rounded-lg bg-amber-50 p-4">
      <h2 id="stock-alert-title" className="font-bold">
        {t("stockAlerts.form.title")}
      </h2>
      <Form method="post" className="mt-2 grid gap-2.5" noValidate>
        <p className="text-sm">
          {cancel
            ? t("stockAlerts.form.waiting", { email })
            : email
              ? t("stockAlerts.form.intro", { email })
              : t("stockAlerts.form.introAnon")}
        </p>
        {email ? (
          error && (
            <p role="alert" className="text-sm font-medium text-red-800">
              {error}
            </p>
          )
        ) : (
          <TextField
            id="stock-alert-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            label={t("stockAlerts.form.email")}
            defaultValue={refused?.email}
            error={error}
          />
        )}
        <button
          type="submit"
          name="intent"
          value={cancel ? "stock-alert-cancel" : "stock-alert"}
          className={cancel ? SECONDARY : PRIMARY}
        >
          {t(cancel ? "stockAlerts.form.cancel" : "stockAlerts.form.submit")}
        </button>
      </Form>
    </section>
  );
}
