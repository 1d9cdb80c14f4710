/**
 * How every back-office form is read on the server: the posted fields are
 * checked with a zod schema whose messages are translation keys (`admin.form.*` or the section's
 * own), and a refusal answers each field's first error plus what was typed, so the page shows the
 * error beside its field and fills the form again, with or without JavaScript.
 */
import { data } from "react-router";
import { z } from "zod";
import { fieldErrors } from "~/features/accounts/schemas";
import { textInput } from "~/utils/text";
import { parseRowId } from "~/utils/ids";

/** What a back-office form action answers when it refuses (status 400) or fails as a whole. */
export type AdminFormResult = {
  /** Field name -> translation key of its first error. */
  errors?: Record<string, string>;
  /** A message about the whole form (translation key), e.g. `admin.form.conflict`. */
  formError?: string;
  /** The text fields as typed (files are never echoed), to fill the form again. */
  values?: Record<string, string>;
};

/**
 * The posted text fields, one string each (checkboxes and repeated fields: the last value; files
 * left out). For `values` in a refusal. Repeated fields a form needs as a list: `formList`.
 */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  return values;
}

/** Every value posted under `name` that is text (several inputs with one name, checkbox groups). */
export function formList(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === "string");
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** Checks `input` (usually `formValues(form)`, maybe with lists added) against `schema`. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** Which way a reorder button moves a row among its siblings. */
export type MoveDirection = "up" | "down";

/**
 * `order` with the item `id` swapped with its neighbour in `direction`, or null when `id` is not
 * there or already at that end (the ↑/↓ reorder of categories and slides).
 */
export function movedOrder<T>(order: readonly T[], index: number, direction: MoveDirection): T[] | null {
  const to = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || to < 0 || to >= order.length) return null;
  const moved = [...order];
  [moved[index], moved[to]] = [moved[to], moved[index]];
  return moved;
}

/** A reorder button's post (`intent=move`, `id`, `direction`), or null for anything else posted. */
export function readMove(form: FormData): { id: number; direction: MoveDirection } | null {
  const id = idOf(form.get("id"));
  const direction = moveDirectionOf(form.get("direction"));
  return form.get("intent") === "move" && id !== null && direction !== null ? { id, direction } : null;
}

/** A move button's direction, or null for anything else posted. */
export function moveDirectionOf(value: FormDataEntryValue | null): MoveDirection | null {
  return value === "up" || value === "down" ? value : null;
}

/** A positive id typed in a URL or a form, or null. */
export function idOf(value: unknown): number | null {
  return typeof value === "string" ? parseRowId(value) : null;
}

/** The 400 answer of a refused form: each field's error and what was typed. */
export function refuse(errors: Record<string, string>, form: FormData, formError?: string) {
  return data<AdminFormResult>({ errors, values: formValues(form), ...(formError && { formError }) }, { status: 400 });
}

// ------------------------------------------------------------------------------------------------
// Field schemas shared by the sections. Form fields arrive as strings; an empty optional field is
// `undefined` after these, never "".

/** A posted text field, trimmed; a field the form did not send reads as empty. */
const trimmed = textInput("admin.form.invalid")
  .optional()
  .transform((s) => (s ?? "").replaceAll("\u0000", "").trim());

/** Required text of at most `max` characters. */
export const requiredText = (max: number) =>
  trimmed.pipe(textInput().min(1, "admin.form.required").max(max, "admin.form.tooLong"));

/** Optional text of at most `max` characters ("" when left empty). */
export const optionalText = (max: number) => trimmed.pipe(textInput().max(max, "admin.form.tooLong"));

/**
 * A USD amount typed as `12.50` or `12,50` (at most 2 decimals, 0 to 1,000,000) as integer cents
 * (decision “Prices are kept in US cents”: money is never a float). Required unless `optional`.
 */
export function usdCents(opts: { optional?: boolean } = {}) {
  return trimmed.transform((text, ctx) => {
    if (text === "") {
      if (opts.optional) return undefined;
      ctx.addIssue({ code: "custom", message: "admin.form.required" });
      return z.NEVER;
    }
    const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text);
    const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : NaN;
    if (!match || cents > 100_000_000) {
      ctx.addIssue({ code: "custom", message: "admin.form.money" });
      return z.NEVER;
    }
    return cents;
  });
}

/** A whole number from `min` to `max` typed in a field. Required unless `optional`. */
export function wholeNumber(min: number, max: number, opts: { optional?: boolean } = {}) {
  return trimmed.transform((text, ctx) => {
    if (text === "") {
      if (opts.optional) return undefined;
      ctx.addIssue({ code: "custom", message: "admin.form.required" });
      return z.NEVER;
    }
    const value = /^-?\d{1,9}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(value) || value < min || value > max) {
      ctx.addIssue({ code: "custom", message: "admin.form.wholeNumber" });
      return z.NEVER;
    }
    return value;
  });
}

/** A checkbox: present ("on" or any value) is true, absent is false. */
export const checkbox = textInput()
  .optional()
  .transform((value) => value !== undefined);
