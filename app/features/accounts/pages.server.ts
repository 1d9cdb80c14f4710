/**
 * Helpers shared by the account pages' loaders and actions (app/routes): the page language of the
 * unprefixed account links, redirects that carry an alert, and the rate-limit answer.
 */
import { data, redirect } from "react-router";
import type { Db } from "~/db/client.server";
import { type Language, isLanguage } from "~/i18n/languages";
import { acceptLanguagePreference, accountLinkUid, languageOfPath } from "~/i18n/links";
import { decodeUid } from "./account-links.server";
import { type FieldErrors, getUserById } from "./accounts.server";
import type { AccountFormResult } from "./components/auth-card";
import { type FlashTone, flashCookie } from "./flash.server";
import { FIELD_MAX } from "./schemas";

/**
 * The language of the three unprefixed account pages of §2.1 (`/activate/{uid}/{token}`,
 * `/reset_password`, `/password/reset/confirm/{uid}/{token}`): the links in emails carry no
 * language, so the page speaks the shopper's: `?lang=` (the language picker), else the account's
 * stored language (the pages with a uid), else the browser's `Accept-Language`, else Spanish.
 * Under a `/{lang}` prefix, that prefix.
 */
export async function accountPageLanguage(db: Db, request: Request): Promise<Language> {
  const url = new URL(request.url);
  const prefixed = languageOfPath(url.pathname);
  if (prefixed) return prefixed;
  const asked = url.searchParams.get("lang");
  if (isLanguage(asked)) return asked;
  const uid = accountLinkUid(url.pathname);
  const id = uid ? decodeUid(uid) : null;
  if (id !== null) {
    const user = await getUserById(db, id).catch(() => null);
    if (isLanguage(user?.language)) return user.language;
  }
  return acceptLanguagePreference(request.headers.get("Accept-Language"));
}

/** A 303 redirect that shows `key` as an alert on the next page; `cookies` adds session cookies. */
export function redirectWithFlash(
  request: Request,
  to: string,
  flash: { key: string; tone?: FlashTone },
  cookies: string[] = [],
) {
  const headers = new Headers();
  for (const value of cookies) headers.append("Set-Cookie", value);
  headers.append("Set-Cookie", flashCookie(request, flash.key, flash.tone ?? "success"));
  return redirect(to, { status: 303, headers });
}

/** The answer to a refused attempt: 429, `Retry-After` and the translated-later message. */
export function rateLimited(retryAfterSeconds: number, payload: AccountFormResult = {}) {
  return data<AccountFormResult>(
    { ...payload, formError: "accounts.errors.rateLimited", formErrorValues: { seconds: retryAfterSeconds } },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/** The first message key of each field of a feature result (`{ field: [key, ...] }`). */
export function firstErrorKeys(errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, keys] of Object.entries(errors)) if (keys[0]) out[field] = keys[0];
  return out;
}

/** The text fields of a posted form as strings (a missing field is ""). */
export function formStrings<const K extends string>(form: FormData, fields: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const field of fields) {
    const value = form.get(field);
    out[field] = typeof value === "string" ? value : "";
  }
  return out;
}

/**
 * What a refused form post shows again of what was typed: each value cut to its field's
 * maximum (FIELD_MAX), so that an oversized field is never sent back, let alone twice (the
 * rendered input and the page data).
 */
export function echoValues<K extends string>(values: Record<K, string>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const [field, value] of Object.entries(values) as Array<[K, string]>) {
    const max = (FIELD_MAX as Record<string, number>)[field] ?? 255;
    out[field] = value.slice(0, max);
  }
  return out;
}
