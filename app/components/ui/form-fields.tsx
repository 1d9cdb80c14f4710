import { type InputHTMLAttributes, type ReactNode, useEffect, useRef } from "react";
import { useNavigation } from "react-router";
import type { TFunction, TranslationKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";

/** Field name -> translation key of its first error (schemas.ts `fieldErrors`, or the server's). */
export type FieldErrorKeys = Partial<Record<string, string>>;

/** Translates a message key that came from a schema or the server (unknown keys show as written, §8). */
export const tKey = (t: TFunction, key: string, values?: Record<string, string | number>) =>
  t(key as TranslationKey, values);

export const INPUT =
  "block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-500 focus:outline-none focus-visible:ring-3 focus-visible:ring-blue-600/60 read-only:bg-slate-100";

/**
 * A labelled input with its error next to it (linked with `aria-describedby`, `aria-invalid`) and
 * optional help below. `describedBy` adds the ids of other descriptions (a checklist).
 */
export function TextField({
  id,
  label,
  error,
  hint,
  describedBy,
  children,
  ...input
}: {
  id: string;
  label: ReactNode;
  /** Already translated. */
  error?: string;
  hint?: ReactNode;
  describedBy?: string;
  children?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error ? errorId : null, hint ? hintId : null, describedBy].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`${INPUT} ${error ? "border-red-700" : "border-slate-400"}`}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}

/**
 * §5: the server's field errors 'field: first message' under 'Please correct the following
 * errors:'. Each line links to its field; the summary takes the focus when it appears. `values`
 * fills the messages' placeholders.
 */
export function ErrorSummary({
  errors,
  labels,
  idPrefix,
  values,
}: {
  errors: FieldErrorKeys;
  labels: Record<string, string>;
  idPrefix: string;
  values?: Record<string, string | number>;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const signature = entries.map(([field, key]) => `${field}:${key}`).join("|");
  useEffect(() => {
    if (signature) ref.current?.focus();
  }, [signature]);
  if (entries.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${idPrefix}-errors-heading`}
      className="mb-5 rounded-md border-l-4 border-red-700 bg-red-50 p-4 text-red-900 focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
    >
      <h2 id={`${idPrefix}-errors-heading`} className="font-semibold">
        {t("accounts.form.errorsHeading")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {entries.map(([field, key]) => (
          <li key={field}>
            {labels[field] ? (
              <a href={`#${idPrefix}-${field}`} className="underline hover:no-underline">
                {labels[field]}: {tKey(t, key, values)}
              </a>
            ) : (
              tKey(t, key, values)
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

const TONE_CLASS = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  info: "border-blue-700 bg-blue-50 text-blue-950",
} as const;

/** A message about the whole form ('Error al iniciar sesión.'), announced when it appears. */
export function FormMessage({ tone, children }: { tone: keyof typeof TONE_CLASS; children: ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`mb-5 rounded-md border-l-4 p-4 text-sm font-medium ${TONE_CLASS[tone]}`}
    >
      {children}
    </div>
  );
}

export const TONE_CLASSES = TONE_CLASS;

/** The form's main button; says it is busy while this page's form is being sent. */
export function SubmitButton({ children, name, value }: { children: ReactNode; name?: string; value?: string }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      aria-disabled={busy || undefined}
      className="flex min-h-11 w-full items-center justify-center rounded-md bg-amber-400 px-5 py-2.5 font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-disabled:opacity-70"
    >
      {busy ? t("accounts.form.sending") : children}
    </button>
  );
}

/** Client-side parse errors of a form, or the server's: the latest wins. */
export function pickErrors(client: FieldErrorKeys | null, server: FieldErrorKeys | undefined): FieldErrorKeys {
  return client ?? server ?? {};
}

/** Moves the focus to the first field with an error (after a client-side check refused the form). */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrorKeys, order: readonly string[]) {
  const first = order.find((field) => errors[field]);
  if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}
