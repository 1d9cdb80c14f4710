import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { ErrorSummary, FormMessage, TextField, tKey } from "~/components/ui/form-fields";
import { PROVIDER_TYPES, WAREHOUSE_MIN_COMMITMENT_MONTHS } from "~/features/content/policy";
import { useLocalePath, useT } from "~/i18n/use-t";
import { REVIEW_STEP } from "../process";
import {
  PHONE_MIN_DIGITS,
  PROVIDER_FIELDS,
  PROVIDER_FIELD_LIMITS,
  type ProviderField,
  ProviderApplicationSchema,
  providerErrorValues,
  providerFieldErrors,
  providerFormInput,
} from "../schemas";
import { NO_DISCOVERY } from "~/components/router-links";

/** What the page's action answers (and its client action, when the request itself failed). */
export type ApplicationResult =
  | { ok: true; id: number }
  | {
      ok: false;
      /** Field -> translation key of its first error. */
      errors?: Partial<Record<string, string>>;
      /** A message about the whole form, shown above it (§4.7), and its placeholders. */
      formError?: string;
      formErrorValues?: Record<string, string | number>;
      /** What was typed, for the page rendered without JavaScript. */
      values?: Partial<Record<ProviderField, string>>;
    };

const CONTROL =
  "block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs focus:outline-none focus-visible:ring-3 focus-visible:ring-blue-600/60";
const ID = (field: string) => `apply-${field}`;

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
      <span aria-hidden="true">⚠ </span>
      {error}
    </p>
  );
}

/**
 * The §3 application form (§4.7 states, §5 rules). Without JavaScript it is a plain form post to
 * the page's action, which answers with the errors next to each field and what was typed. With
 * JavaScript the shared schema checks it first, then a fetcher posts it: the button is disabled
 * with a spinner while it is sent; success replaces the form (the form itself is gone, so a new
 * application starts empty); a failure shows the §8 message above the form and keeps the fields.
 */
export function ApplicationForm({
  fetcher,
  action,
  result,
  hydrated,
  headingRef,
  cancel,
}: {
  fetcher: FetcherWithComponents<ApplicationResult>;
  /** The form's action URL (with `#apply`, so that the page rendered without JavaScript opens here). */
  action: string;
  /** The latest answer: the fetcher's, or the action's for a post made without JavaScript. */
  result: ApplicationResult | undefined;
  hydrated: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  cancel: ReactNode;
}) {
  const t = useT();
  const href = useLocalePath();
  const [clientErrors, setClientErrors] = useState<Partial<Record<string, string>> | null>(null);
  const formError = useRef<HTMLDivElement>(null);
  const failed = result && !result.ok ? result : undefined;
  const busy = fetcher.state !== "idle";

  // A new answer from the server replaces the browser's own errors; a form-level failure is shown
  // above the form and brought into view.
  useEffect(() => {
    setClientErrors(null);
    if (failed?.formError) formError.current?.focus();
  }, [failed]);

  const errors = clientErrors ?? failed?.errors ?? {};
  const values = failed?.values ?? {};
  const labels = Object.fromEntries(PROVIDER_FIELDS.map((field) => [field, t(`sell.field.${field}`)]));
  const err = (field: ProviderField) =>
    errors[field] ? tKey(t, errors[field], { ...providerErrorValues(field), digits: PHONE_MIN_DIGITS }) : undefined;
  const described = (field: ProviderField, hint = false) =>
    [errors[field] ? `${ID(field)}-error` : null, hint ? `${ID(field)}-hint` : null].filter(Boolean).join(" ") ||
    undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = ProviderApplicationSchema.safeParse(providerFormInput(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = providerFieldErrors(parsed.error);
    setClientErrors(found);
    const first = PROVIDER_FIELDS.find((field) => found[field]);
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  const text = (field: "businessName" | "contactName" | "address" | "productCategories", autoComplete: string) => (
    <TextField
      id={ID(field)}
      name={field}
      label={labels[field]}
      autoComplete={autoComplete}
      required
      minLength={PROVIDER_FIELD_LIMITS[field].min}
      maxLength={PROVIDER_FIELD_LIMITS[field].max}
      defaultValue={values[field]}
      error={err(field)}
      hint={field === "productCategories" ? t("sell.hint.productCategories") : undefined}
    />
  );

  return (
    <>
      <h2
        id="apply-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 outline-none sm:text-2xl"
      >
        {t("sell.form.title")}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        {t("sell.form.intro", { min: REVIEW_STEP.min, max: REVIEW_STEP.max })}
      </p>
      {failed?.formError && (
        <div ref={formError} tabIndex={-1} className="outline-none">
          <FormMessage tone="error">{tKey(t, failed.formError, failed.formErrorValues)}</FormMessage>
        </div>
      )}
      {!clientErrors && failed?.errors && Object.keys(failed.errors).length > 0 && (
        <ErrorSummary errors={failed.errors} labels={labels} idPrefix="apply" />
      )}
      <fetcher.Form
        {...NO_DISCOVERY}
        method="post"
        action={action}
        noValidate={hydrated}
        onSubmit={onSubmit}
        className="space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {text("businessName", "organization")}
          {text("contactName", "name")}
          <TextField
            id={ID("email")}
            name="email"
            type="email"
            label={labels.email}
            autoComplete="email"
            inputMode="email"
            required
            maxLength={PROVIDER_FIELD_LIMITS.email.max}
            defaultValue={values.email}
            error={err("email")}
          />
          <TextField
            id={ID("phone")}
            name="phone"
            type="tel"
            label={labels.phone}
            autoComplete="tel"
            required
            minLength={PROVIDER_FIELD_LIMITS.phone.min}
            maxLength={PROVIDER_FIELD_LIMITS.phone.max}
            defaultValue={values.phone}
            error={err("phone")}
          />
        </div>
        {text("address", "street-address")}
        <fieldset aria-describedby={described("providerType")}>
          <legend className="mb-1 text-sm font-semibold text-slate-800">{labels.providerType}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {PROVIDER_TYPES.map((type) => (
              <label
                key={type}
                className="flex cursor-pointer gap-3 rounded-md border border-slate-300 p-3 has-checked:border-blue-700 has-checked:bg-blue-50"
              >
                <input
                  type="radio"
                  name="providerType"
                  value={type}
                  required
                  defaultChecked={values.providerType === type}
                  aria-invalid={errors.providerType ? true : undefined}
                  className="mt-1 size-4 accent-blue-800"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{t(`sell.type.${type}`)}</span>
                  <span className="block text-sm text-slate-700">
                    {type === "local"
                      ? t("sell.form.localHint")
                      : t("sell.form.warehouseHint", { count: WAREHOUSE_MIN_COMMITMENT_MONTHS })}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={ID("providerType")} error={err("providerType")} />
        </fieldset>
        {text("productCategories", "off")}
        <div>
          <label htmlFor={ID("businessDescription")} className="mb-1 block text-sm font-semibold text-slate-800">
            {labels.businessDescription}
          </label>
          <textarea
            id={ID("businessDescription")}
            name="businessDescription"
            rows={5}
            required
            minLength={PROVIDER_FIELD_LIMITS.businessDescription.min}
            maxLength={PROVIDER_FIELD_LIMITS.businessDescription.max}
            defaultValue={values.businessDescription}
            aria-invalid={errors.businessDescription ? true : undefined}
            aria-describedby={described("businessDescription", true)}
            className={`${CONTROL} ${errors.businessDescription ? "border-red-700" : "border-slate-400"}`}
          />
          <FieldError id={ID("businessDescription")} error={err("businessDescription")} />
          <p id={`${ID("businessDescription")}-hint`} className="mt-1 text-sm text-slate-600">
            {t("sell.hint.businessDescription", PROVIDER_FIELD_LIMITS.businessDescription)}
          </p>
        </div>
        <div>
          <div className="flex items-start gap-3">
            <input
              id={ID("termsAccepted")}
              type="checkbox"
              name="termsAccepted"
              value="on"
              required
              defaultChecked={values.termsAccepted === "on"}
              aria-invalid={errors.termsAccepted ? true : undefined}
              aria-describedby={described("termsAccepted")}
              className="mt-1 size-5 shrink-0 accent-blue-800"
            />
            <label htmlFor={ID("termsAccepted")} className="text-slate-900">
              {t("sell.form.terms")}
            </label>
          </div>
          <FieldError id={ID("termsAccepted")} error={err("termsAccepted")} />
          <p className="mt-1 ml-8 text-sm">
            <a
              href={href("/terms-of-service")}
              target="_blank"
              rel="noopener"
              className="font-semibold text-blue-800 underline hover:text-blue-950"
            >
              {t("sell.form.termsLink")}
            </a>
          </p>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {cancel}
          <button
            type="submit"
            disabled={busy}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-amber-400 px-6 py-2.5 font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-wait disabled:opacity-70"
          >
            {busy && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-slate-900 border-t-transparent"
              />
            )}
            {busy ? t("sell.form.sending") : t("sell.form.submit")}
          </button>
        </div>
      </fetcher.Form>
    </>
  );
}
