import { redirect } from "react-router";
import { isDataSaverChoice, serializeDataSaverCookie } from "~/features/data-saver/preference";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { readForm } from "~/utils/forms.server";
import type { Route } from "./+types/set-data-saver";
import { safeRedirectPath } from "./+shared/safe-redirect";

/**
 * Data saver (docs/decisions/014-data-saver.md): the settings menu's "Ahorro de datos" switch. Sets the `data_saver` cookie (`on`
 * or `off`; anything else is ignored) and goes back to `redirectTo` (a same-site path) as a whole
 * new document: the light pages differ in what they load, not only in what they show.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const choice = form.get("data_saver");
  const to = safeRedirectPath(form.get("redirectTo"), localePath(lang));
  if (!isDataSaverChoice(choice)) return redirect(to, 303);
  const secure = new URL(request.url).protocol === "https:";
  return redirect(to, { status: 303, headers: { "Set-Cookie": serializeDataSaverCookie(choice, secure) } });
}

/** A GET here (a bookmarked or typed URL) has nothing to show: go home. */
export function loader({ request, params }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  return redirect(localePath(lang));
}
