/**
 * Request plumbing of the /auth calls (auth.ts): reading a JSON or form-encoded body as djoser
 * does, djoser's error shapes in the request's language, and the answer to a rate-limited attempt.
 */
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { FieldErrors } from "~/features/accounts/accounts.server";
import { fieldErrors } from "~/features/accounts/schemas";
import { interpolate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { messageFor } from "./auth-user";

// --- Request plumbing -------------------------------------------------------------------------

type Body = Record<string, unknown>;
export type BodyResult = { ok: true; data: Body } | { ok: false; response: Response };

/**
 * The request body as an object: JSON or form-encoded (djoser's parsers). An empty body is `{}`
 * (every field then reports "required"); any other content type is 415; malformed JSON or a JSON
 * value that is not an object is 400.
 */
export async function readBody(c: Context): Promise<BodyResult> {
  const contentType = c.req.header("content-type") ?? "";
  const media = contentType.split(";")[0].trim().toLowerCase();
  const isJson = media === "application/json" || /^application\/[a-z0-9.-]+\+json$/.test(media);
  const isForm = media === "application/x-www-form-urlencoded";
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    return { ok: false, response: c.json({ detail: "Could not read the request body." }, 400) };
  }
  if (!isJson && !isForm) {
    if (text.trim() === "") return { ok: true, data: {} };
    const shown = media.slice(0, 100).replace(/[^\w.+/-]/g, "");
    return { ok: false, response: c.json({ detail: `Unsupported media type "${shown}" in request.` }, 415) };
  }
  if (isForm) {
    const data: Body = {};
    for (const [key, value] of new URLSearchParams(text)) data[key] = value;
    return { ok: true, data };
  }
  if (text.trim() === "") return { ok: true, data: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, response: c.json({ detail: "JSON parse error." }, 400) };
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    const got = Array.isArray(parsed) ? "list" : parsed === null ? "null" : typeof parsed;
    return {
      ok: false,
      response: c.json({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${got}.`] }, 400),
    };
  }
  return { ok: true, data: parsed as Body };
}

/** Translation keys per field -> djoser's `{"field": ["message"]}` in `lang`. */
export function translateErrors(
  errors: FieldErrors | Record<string, string>,
  lang: Language,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(errors)) {
    const list = Array.isArray(keys) ? keys : [keys];
    out[field === "form" ? "non_field_errors" : field] = list.map((key) => messageFor(lang, key));
  }
  return out;
}

/**
 * A failed accounts command in djoser's shape: `{detail}` for an error about the whole request
 * (403 stale activation), else the field errors.
 */
export function failure(c: Context, result: { status: 400 | 403; errors: FieldErrors }, lang: Language) {
  const { detail: detailKeys, ...fields } = result.errors;
  if (detailKeys?.length) return c.json({ detail: messageFor(lang, detailKeys[0]) }, result.status);
  return c.json(translateErrors(fields, lang), result.status);
}

/** A failed zod parse as a djoser 400: every broken field with its first message. */
export function invalid(c: Context, error: z.ZodError, lang: Language) {
  return invalidFields(c, fieldErrors(error), lang);
}

/** A refused attempt (the accounts commands' abuse limit): 429 with Retry-After and `{detail}`. */
export function rateLimited(c: Context, retryAfterSeconds: number, lang: Language) {
  c.header("Retry-After", String(retryAfterSeconds));
  const message = interpolate(messageFor(lang, "accounts.errors.rateLimited"), { seconds: retryAfterSeconds });
  return c.json({ detail: message }, 429);
}

/** Field errors of a failed §5 parse (first key per field) as a djoser 400. */
export function invalidFields(c: Context, errors: Record<string, string>, lang: Language) {
  return c.json(translateErrors(errors, lang), 400);
}

export const tokenNotValid = (c: Context, lang: Language) =>
  c.json({ detail: messageFor(lang, "accounts.errors.tokenInvalid"), code: "token_not_valid" }, 401);
