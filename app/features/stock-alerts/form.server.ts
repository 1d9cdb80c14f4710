/**
 * The product page's alert form (docs/features.md, "Back-in-stock alerts"), posted without JavaScript: subscribe (signed
 * in, the account's address; signed out, the address typed, which gets a confirmation email) or
 * cancel. Success goes back to the product with a one-shot alert; a refusal is answered with the
 * message and what was typed, for the page to show beside the field.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import type { User } from "~/features/accounts/accounts.server";
import { flashCookie } from "~/features/accounts/flash.server";
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import { outboxMailer } from "~/features/outbox/mailer.server";
import type { Env } from "~/utils/env.server";
import type { StockAlertError, StockAlertFormData, StockAlertIntent } from "./form";
import { subscribe, unsubscribe } from "./subscriptions.server";

const emailSchema = z.email().max(254);

/** The address typed, checked: the error key when it is not one. */
export function checkAlertEmail(raw: unknown): { ok: true; email: string } | { ok: false; error: StockAlertError } {
  const email = typeof raw === "string" ? raw.replaceAll("\u0000", "").trim() : "";
  if (!email) return { ok: false, error: "stockAlerts.errors.emailRequired" };
  return emailSchema.safeParse(email).success
    ? { ok: true, email }
    : { ok: false, error: "stockAlerts.errors.emailInvalid" };
}

export async function runStockAlertForm(
  deps: { db: Db; env: Env },
  request: Request,
  opts: { user: User | null; lang: Language; productId: number; intent: StockAlertIntent; form: FormData; ip: string },
) {
  const { user, lang, productId } = opts;
  const back = `${localePath(lang, `/product/${productId}`)}#stock-alert`;
  const typed = typeof opts.form.get("email") === "string" ? String(opts.form.get("email")).slice(0, 254) : "";
  const refuse = (error: StockAlertError, status: number) =>
    data<StockAlertFormData>({ intent: "stock-alert", ok: false, error, email: typed }, { status });
  if (opts.intent === "stock-alert-cancel") {
    if (!user) return refuse("stockAlerts.errors.emailRequired", 400);
    await unsubscribe(deps.db, productId, user.email);
    throw redirect(back, { headers: { "Set-Cookie": flashCookie(request, "stockAlerts.form.cancelled", "info") } });
  }
  const checked = user ? { ok: true as const, email: user.email } : checkAlertEmail(opts.form.get("email"));
  if (!checked.ok) return refuse(checked.error, 400);
  const result = await subscribe(
    deps.db,
    { productId, email: checked.email, userId: user?.id ?? null, lang },
    { ip: opts.ip },
  );
  if (!result.ok) {
    const status = result.error === "rateLimited" ? 429 : result.error === "notFound" ? 404 : 409;
    return refuse(`stockAlerts.errors.${result.error}`, status);
  }
  if (result.status === "pending") void outboxMailer(deps).flush();
  const key = result.status === "pending" ? "stockAlerts.form.pending" : "stockAlerts.form.subscribed";
  throw redirect(back, { headers: { "Set-Cookie": flashCookie(request, key, "success", { email: checked.email }) } });
}
