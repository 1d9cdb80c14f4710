import { redirect } from "react-router";
import { appContext } from "~/context";
import { googleAuthorizationUrl } from "~/features/accounts/google.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/google-sign-in";
import { logger } from "~/utils/logger.server";

/**
 * §2.6 / §7.5 Google button: sends the shopper to Google's authorization URL, which brings them
 * back to `/{lang}/auth/social-callback`. When Google is not configured or cannot be reached, back
 * to the login page with `social_auth_failed=true` (§7.5: the failure is otherwise silent).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { env, googleEnabled, user } = context.get(appContext);
  if (user) return redirect(localePath(lang));
  const failed = `${localePath(lang, "/login")}?social_auth_failed=true`;
  if (!googleEnabled) return redirect(failed);
  try {
    return redirect(await googleAuthorizationUrl(env, `${env.PUBLIC_URL}/${lang}/auth/social-callback`));
  } catch (error) {
    logger.error({ err: error }, "Google sign-in could not start");
    return redirect(failed);
  }
}
