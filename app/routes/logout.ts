import { redirect } from "react-router";
import { redirectWithFlash } from "~/features/accounts/pages.server";
import { clearSessionCookies, isSecureRequest } from "~/features/accounts/session.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/logout";

/**
 * §2.3 / §4.2 log out: clears both session cookies (D6) and goes home with the green alert
 * 'Successfully logged out' (D4: spelled correctly). A POST form in the header menu, so it works
 * without JavaScript; cross-site posts are refused before this runs (server/session.ts).
 */
export function action({ request, params }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  return redirectWithFlash(
    request,
    localePath(lang),
    { key: "accounts.logout.success" },
    clearSessionCookies(isSecureRequest(request)),
  );
}

/** A GET (typed or bookmarked URL) does not sign anyone out: go home. */
export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(localePath(requireLanguage(request, params.lang)));
}
