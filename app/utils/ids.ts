/**
 * Row ids from outside — URL segments, form fields, query strings, JSON: the
 * tables' ids are PostgreSQL `integer` columns, so anything beyond 2147483647 would make the query
 * itself fail (a 500). Every id is read here, once, and an out-of-range one is simply no row: the
 * caller answers 404 (a page, a detail) or 400 (a form field, an API parameter).
 */

/** The largest value of a PostgreSQL `integer` column. */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether `id` can be a row id: a whole number from 1 to MAX_ROW_ID. */
export function isRowId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ROW_ID;
}

/**
 * A row id written as text ("12", or a number already): digits only, no sign, leading zero,
 * decimals or spaces inside (surrounding spaces are ignored), at most MAX_ROW_ID; otherwise null.
 */
export function parseRowId(value: unknown): number | null {
  if (typeof value === "number") return isRowId(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return isRowId(id) ? id : null;
}
