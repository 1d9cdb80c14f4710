/**
 * The answers of the web app's cart and wishlist actions (app/routes/cart*.ts, wishlist*.ts): JSON
 * for a fetcher, or, for a plain form post made without JavaScript, a redirect back to the page the
 * shopper was on with the outcome as a one-shot alert (flash cookie). Signed out, a redirect to the
 * login page that comes back to that page (decisions “Signed-out visitors go to login at once”, “Guest cart”).
 */
import { data, redirect } from "react-router";
import { flashCookie } from "~/features/accounts/flash.server";
import { loginRedirectPath } from "~/features/accounts/require-user.server";
import type { CartMutationData } from "./cart-mutation";
import { parseRowId } from "~/utils/ids";

/** The login page that comes back to `back` (a same-site path) afterwards (decision “Signed-out visitors go to login at once”). */
export function loginRedirect(request: Request, back: string): Response {
  return redirect(loginRedirectPath(new URL(back, request.url)), 303);
}

const STATUS_OF_ERROR = (status: number | undefined) => status ?? 400;

/**
 * A fetcher gets `payload` (with `status` on failure); a browser posting without JavaScript gets a
 * 303 to `back` and the message as an alert (none for a silent success such as a quantity change).
 */
export function mutationResponse(
  request: Request,
  opts: { document: boolean; back: string; payload: CartMutationData; status?: number },
) {
  const { payload } = opts;
  if (opts.document) {
    const key = payload.ok ? payload.message : payload.error;
    if (!key) return redirect(opts.back, 303);
    const values = Object.fromEntries(Object.entries(payload.values ?? {}).map(([k, v]) => [k, String(v)]));
    return redirect(opts.back, {
      status: 303,
      headers: { "Set-Cookie": flashCookie(request, key, payload.ok ? "success" : "error", values) },
    });
  }
  return data(payload, { status: payload.ok ? 200 : STATUS_OF_ERROR(opts.status) });
}

/** A positive integer form field, or NaN (the feature functions refuse it with their own message). */
export function intField(form: FormData, name: string, fallback?: number): number {
  const raw = form.get(name);
  if ((raw === null || raw === "") && fallback !== undefined) return fallback;
  return (typeof raw === "string" ? parseRowId(raw) : null) ?? Number.NaN;
}

/** A short text form field ("" when absent). */
export function textField(form: FormData, name: string): string {
  const raw = form.get(name);
  return typeof raw === "string" ? raw.slice(0, 200) : "";
}
