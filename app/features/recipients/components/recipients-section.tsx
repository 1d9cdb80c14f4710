import { Form, Link } from "~/components/router-links";
import { FormMessage, INPUT, SubmitButton, TextField, tKey } from "~/components/ui/form-fields";
import type { TranslationKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import type { Recipient } from "../recipients.server";

type Groups = Array<{ name: string; municipalities: Array<{ id: string; name: string }> }>;

export type RecipientFormState = {
  /** "new" or the id of the recipient being edited. */
  id: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  groups: Groups;
};

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 px-4 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

const TEXT_FIELDS = [
  { name: "first_name", autoComplete: "off", inputMode: undefined, maxLength: 100, wide: false },
  { name: "last_name", autoComplete: "off", inputMode: undefined, maxLength: 100, wide: false },
  { name: "id_card", autoComplete: "off", inputMode: "numeric", maxLength: 11, wide: false },
  { name: "phone", autoComplete: "off", inputMode: "tel", maxLength: 30, wide: false },
  { name: "address", autoComplete: "off", inputMode: undefined, maxLength: 255, wide: true },
] as const;

/**
 * The account's "Destinatarios" (docs/features.md, "Family recipients"): the saved recipients with edit and delete,
 * and one form (`?recipient=new` or `?recipient=<id>`) that works without JavaScript.
 */
export function RecipientsSection({ recipients, form }: { recipients: Recipient[]; form: RecipientFormState | null }) {
  const t = useT();
  return (
    <section
      id="recipients"
      aria-labelledby="profile-recipients"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-recipients" className="text-lg font-semibold text-slate-900">
          {t("recipients.title")}
        </h2>
        {!form && (
          <Link to="?recipient=new#recipients" preventScrollReset className={BUTTON}>
            {t("recipients.add")}
          </Link>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t("recipients.intro")}</p>
      {recipients.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("recipients.empty")}</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {recipients.map((r) => {
            const name = `${r.first_name} ${r.last_name}`;
            return (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{name}</p>
                  <p className="text-sm break-words text-slate-700">
                    {t("recipients.where", { address: r.address, municipality: r.municipality, province: r.province })}
                  </p>
                  <p className="text-sm text-slate-700">
                    {t("recipients.field.id_card")}: {r.id_card} · {r.phone}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Link
                    to={`?recipient=${r.id}#recipients`}
                    preventScrollReset
                    aria-label={t("recipients.editLabel", { name })}
                    className={BUTTON}
                  >
                    {t("recipients.edit")}
                  </Link>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="id" value={r.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="recipient-delete"
                      aria-label={t("recipients.deleteLabel", { name })}
                      className={BUTTON}
                    >
                      {t("recipients.delete")}
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {form && <RecipientForm form={form} />}
    </section>
  );
}

function RecipientForm({ form }: { form: RecipientFormState }) {
  const t = useT();
  const label = (name: string) => t(`recipients.field.${name}` as TranslationKey);
  const err = (name: string) => (form.errors[name] ? tKey(t, form.errors[name]) : undefined);
  const name = `${form.values.first_name ?? ""} ${form.values.last_name ?? ""}`.trim();
  const title = form.id === "new" ? t("recipients.addTitle") : t("recipients.editTitle", { name });
  const municipalityError = err("municipality_id");
  return (
    <Form
      method="post"
      noValidate
      preventScrollReset
      className="mt-5 border-t border-slate-200 pt-5"
      aria-label={title}
    >
      <h3 className="mb-3 font-semibold text-slate-900">{title}</h3>
      {form.formError && <FormMessage tone="error">{tKey(t, form.formError)}</FormMessage>}
      {form.id !== "new" && <input type="hidden" name="id" value={form.id} />}
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => (
          <div key={field.name} className={field.wide ? "sm:col-span-2" : ""}>
            <TextField
              id={`recipient-${field.name}`}
              name={field.name}
              label={label(field.name)}
              hint={field.name === "id_card" ? t("recipients.hint.id_card") : undefined}
              inputMode={field.inputMode}
              autoComplete={field.autoComplete}
              maxLength={field.maxLength}
              defaultValue={form.values[field.name] ?? ""}
              error={err(field.name)}
            />
          </div>
        ))}
        <div className="sm:col-span-2">
          <label htmlFor="recipient-municipality_id" className="mb-1 block text-sm font-semibold text-slate-800">
            {label("municipality_id")}
          </label>
          <select
            id="recipient-municipality_id"
            name="municipality_id"
            defaultValue={form.values.municipality_id ?? ""}
            aria-invalid={municipalityError ? true : undefined}
            aria-describedby={municipalityError ? "recipient-municipality_id-error" : undefined}
            className={`${INPUT} ${municipalityError ? "border-red-700" : "border-slate-400"}`}
          >
            <option value="">—</option>
            {form.groups.map((province) => (
              <optgroup key={province.name} label={province.name}>
                {province.municipalities.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {municipalityError && (
            <p id="recipient-municipality_id-error" className="mt-1 text-sm font-medium text-red-800">
              {municipalityError}
            </p>
          )}
        </div>
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-800">{label("point")}</legend>
        <p className="mb-2 text-sm text-slate-600">{t("recipients.hint.point")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {(["latitude", "longitude"] as const).map((f) => (
            <TextField
              key={f}
              id={`recipient-${f}`}
              name={f}
              label={label(f)}
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              defaultValue={form.values[f] ?? ""}
              error={f === "latitude" ? err("latitude") : undefined}
            />
          ))}
        </div>
      </fieldset>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to="." preventScrollReset className={BUTTON}>
          {t("recipients.cancel")}
        </Link>
        <div className="sm:w-56">
          <SubmitButton name="intent" value="recipient-save">
            {t("recipients.save")}
          </SubmitButton>
        </div>
      </div>
    </Form>
  );
}
