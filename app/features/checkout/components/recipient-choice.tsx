import { LocaleLink } from "~/components/locale-link";
import { Form } from "~/components/router-links";
import { tKey } from "~/components/ui/form-fields";
import { useT } from "~/i18n/use-t";
import type { RecipientOption } from "../recipient-step.server";

/**
 * "¿Quién recibe el pedido?" (docs/features.md, "Family recipients"): the shopper, a saved recipient or a new one, as
 * radio buttons in a form of their own; "Usar este destinatario" posts the choice and the server
 * fills the delivery fields below from it (no JavaScript needed, and none added).
 */
export function RecipientChoice({
  options,
  chosen,
  error,
}: {
  options: RecipientOption[];
  chosen: string;
  /** A message key. */
  error?: string;
}) {
  const t = useT();
  const radio = (value: string, label: React.ReactNode) => (
    <label key={value} className="flex min-h-11 items-center gap-3 text-slate-900">
      <input
        type="radio"
        name="recipient"
        value={value}
        defaultChecked={chosen === value}
        className="size-5 shrink-0 accent-blue-700"
      />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
  return (
    <Form method="post" className="mb-6 rounded-md border border-slate-200 p-4">
      <fieldset aria-describedby={error ? "checkout-recipient-error" : undefined}>
        <legend className="text-lg font-bold text-slate-900">{t("recipients.checkout.legend")}</legend>
        {radio("self", t("recipients.checkout.self"))}
        {options.map((o) =>
          radio(
            o.id,
            <>
              {o.name} <span className="text-sm text-slate-600">({o.where})</span>
            </>,
          ),
        )}
        {radio("new", t("recipients.checkout.new"))}
      </fieldset>
      {error && (
        <p id="checkout-recipient-error" className="mt-1 text-sm font-medium text-red-800">
          {tKey(t, error)}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="submit"
          name="intent"
          value="recipient"
          className="inline-flex min-h-11 items-center rounded-md border border-slate-400 px-4 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {t("recipients.checkout.use")}
        </button>
        <LocaleLink to="/account#recipients" className="text-blue-800 underline underline-offset-2">
          {t("recipients.checkout.manage")}
        </LocaleLink>
      </div>
    </Form>
  );
}
