/**
 * What the enrol and verify pages share (decision 017): who may be there (a signed-in staff member
 * whose session has not passed the second factor yet), where to go next, and the answer to a code.
 */
import { data, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import { type AppContext, type SecondFactor, appContext } from "~/context";
import { type Staff, isStaff } from "~/features/admin/guard.server";
import { localePath } from "~/i18n/links";
import { safeRedirectPath } from "./safe-redirect";
import type { Attempt } from "~/features/accounts/two-factor.server";

export type TwoFactorFormResult = {
  errors?: { code?: string };
  errorValues?: Record<string, number>;
  recoveryCodes?: string[];
};

/** Where a verified staff member goes: `next` when it is a path of this site, else the back office. */
export const nextPath = (next: FormDataEntryValue | string | null | undefined, lang: "es" | "en") =>
  safeRedirectPath(next, localePath(lang, "/admin"));

/**
 * The staff member and their second factor, or a redirect to sign in (a visitor) or a 404 (a
 * shopper: customers never see these pages).
 */
export function requireStaffSignIn(
  context: Readonly<RouterContextProvider>,
  request: Request,
  lang: "es" | "en",
): AppContext & { user: Staff; secondFactor: SecondFactor } {
  const app = context.get(appContext);
  if (!app.user) {
    const url = new URL(request.url);
    throw redirect(`${localePath(lang, "/login")}?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!isStaff(app.user) || !app.secondFactor) throw data(null, { status: 404 });
  return { ...app, user: app.user, secondFactor: app.secondFactor };
}

/** A refused code: the error beside the field (400), or the rate limit's (429). */
export function refusedCode(attempt: Extract<Attempt, { ok: false }>) {
  if (attempt.reason === "rateLimited") {
    return data<TwoFactorFormResult>(
      { errors: { code: "twoFactor.errors.rateLimited" }, errorValues: { seconds: attempt.retryAfterSeconds ?? 60 } },
      { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds ?? 60) } },
    );
  }
  return data<TwoFactorFormResult>({ errors: { code: "twoFactor.errors.invalid" } }, { status: 400 });
}

export const missingCode = () =>
  data<TwoFactorFormResult>({ errors: { code: "twoFactor.errors.required" } }, { status: 400 });
