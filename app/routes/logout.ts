import { redirect } from "react-router";
import { redirectWithFlash } from "~/features/accounts/pages.server";
import { revokeSession } from "~/features/accounts/accounts.server";
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  clearSessionCookies,
  isSecureRequest,
} from "~/features/accounts/session.server";
import { appContext } from "~/context";
import { readCookie } from "~/utils/cookies";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/logout";

/**
 * §2.3 / §4.2 log out: ends the session on the server, so its tokens stop working even if a copy
 * survives clears both session cookies (decision “Tokens in cookies”) and goes home with the green alert
 * 'Successfully logged out' (decision “Every message in both languages”: spelled correctly). A POST form in the header menu, so it works
 * without JavaScript; cross-site posts are refused before this runs (server/session.ts).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, env } = context.get(appContext);
  await revokeSession({ db, env }, [readCookie(request, REFRESH_COOKIE), readCookie(request, ACCESS_COOKIE)]);
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
