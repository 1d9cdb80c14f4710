/**
 * The back office's form controls: each labelled, with its error beside it
 * (`aria-invalid`, `aria-describedby`) and optional help, server-rendered, working as plain HTML
 * forms before JavaScript arrives. Text inputs, the error summary, the whole-form message and the
 * submit button are the shared ones (`~/components/ui/form-fields`); these add what operators need besides.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { useNavigation } from "react-router";
import { useT } from "~/i18n/use-t";

const CONTROL =
  "block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs focus:outline-none focus-visible:ring-3 focus-visible:ring-blue-600/60";

type Described = { id: string; label: ReactNode; error?: string; hint?: ReactNode };

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

function Help({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          <span aria-hidden="true">⚠ </span>
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </>
  );
}

function Label({ id, children }: { id: string; children: ReactNode }) {
  return (
    <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
      {children}
    </label>
  );
}

/** A labelled `<select>`; `options` are [value, shown text]. */
export function SelectField({
  id,
  label,
  error,
  hint,
  options,
  ...select
}: Described & { options: ReadonlyArray<readonly [string, string]> } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div>
      <Label id={id}>{label}</Label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${CONTROL} min-h-11 ${error ? "border-red-700" : "border-slate-400"}`}
        {...select}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <Help id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled `<textarea>`. */
export function TextAreaField({
  id,
  label,
  error,
  hint,
  ...area
}: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div>
      <Label id={id}>{label}</Label>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${CONTROL} ${error ? "border-red-700" : "border-slate-400"}`}
        {...area}
      />
      <Help id={id} error={error} hint={hint} />
    </div>
  );
}

/** A checkbox with its label on the right, 44 px tall to hit with a thumb. */
export function CheckboxField({ id, label, error, hint, ...input }: Described & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className="size-5 shrink-0 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          {...input}
        />
        <label htmlFor={id} className="text-sm font-semibold text-slate-800">
          {label}
        </label>
      </div>
      <Help id={id} error={error} hint={hint} />
    </div>
  );
}

/**
 * A file picker for one image (phone camera or gallery, or a computer's file), with the current
 * image shown beside it when there is one. Leaving it empty keeps the current image.
 */
export function ImageField({
  id,
  label,
  error,
  hint,
  current,
  currentAlt,
  ...input
}: Described & { current?: string | null; currentAlt?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <Label id={id}>{label}</Label>
      <div className="flex items-start gap-3">
        {current && (
          <img
            src={current.startsWith("/media/") ? `${current}?w=160` : current}
            alt={currentAlt ?? ""}
            width={64}
            height={64}
            loading="lazy"
            className="size-16 shrink-0 rounded border border-slate-200 object-cover"
          />
        )}
        <input
          id={id}
          type="file"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className="block w-full min-w-0 text-sm file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          {...input}
        />
      </div>
      <Help id={id} error={error} hint={hint} />
    </div>
  );
}

/** A secondary button (archive, cancel, delete); says it is busy while the page's form is sent. */
export function SecondaryButton({
  children,
  tone = "neutral",
  ...button
}: { children: ReactNode; tone?: "neutral" | "danger" } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const colours =
    tone === "danger"
      ? "border-red-700 text-red-800 hover:bg-red-50"
      : "border-slate-400 text-slate-800 hover:bg-slate-100";
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      className={`inline-flex min-h-11 items-center justify-center rounded-md border bg-white px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-disabled:opacity-70 ${colours}`}
      {...button}
    >
      {busy ? t("accounts.form.sending") : children}
    </button>
  );
}
