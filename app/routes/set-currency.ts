import { redirect } from "react-router";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { serializeCurrencyCookie } from "~/utils/cookies";
import { isCurrency } from "~/utils/money";
import type { Route } from "./+types/set-currency";
import { safeRedirectPath } from "./+shared/safe-redirect";
import { readForm } from "~/utils/forms.server";

/**
 * decision “Currency choice” currency switch: sets the `currency` cookie (USD or CUP; anything else is ignored, §5) and
 * goes back to `redirectTo` (a same-site path) or the home page. Works without JavaScript.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const currency = form.get("currency");
  const to = safeRedirectPath(form.get("redirectTo"), localePath(lang));
  if (!isCurrency(currency)) return redirect(to, 303);
  return redirect(to, { status: 303, headers: { "Set-Cookie": serializeCurrencyCookie(currency, request) } });
}

/** A GET here (a bookmarked or typed URL) has nothing to show: go home. */
export function loader({ request, params }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  return redirect(localePath(lang));
}
