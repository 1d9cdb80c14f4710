import { data, redirect } from "react-router";
import { Link } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { issueTokens } from "~/features/accounts/accounts.server";
import { signInWithGoogle } from "~/features/accounts/account-commands.server";
import { FormMessage, tKey } from "~/components/ui/form-fields";
import { AuthCard } from "~/features/accounts/components/auth-card";
import { GoogleSignInError } from "~/features/accounts/google.server";
import { redirectWithFlash } from "~/features/accounts/pages.server";
import { isSecureRequest, sessionCookies } from "~/features/accounts/session.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/social-callback";
import { logger } from "~/utils/logger.server";

/** Seconds the message stays before the page moves on to the login page. */
const REDIRECT_DELAY_SECONDS = 3;

type Outcome =
  | { kind: "error"; message: string; values?: Record<string, string>; to: string }
  | { kind: "noData"; message: string; values?: undefined; to: string };

/**
 * §2.6 / §4.2 return from Google: `error` -> the message and the login page with
 * `social_auth_failed=true&error=`; `code` and `state` -> exchanged on the server (googleSignIn),
 * session cookies set, home; neither -> 'No se encontraron datos de autenticación...' and the login
 * page. A signed-in visitor goes home. The message pages move on with `<meta http-equiv=refresh>`,
 * which works with and without JavaScript.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, env, user, clientIp } = context.get(appContext);
  if (user) throw redirect(localePath(lang));

  const query = new URL(request.url).searchParams;
  const error = query.get("error")?.slice(0, 200);
  const code = query.get("code");
  const state = query.get("state");
  const login = `${localePath(lang, "/login")}?social_auth_failed=true`;

  if (error) {
    return data<Outcome>({
      kind: "error",
      message: "accounts.social.error",
      values: { error },
      to: `${login}&error=${encodeURIComponent(error)}`,
    });
  }
  if (!code || !state) return data<Outcome>({ kind: "noData", message: "accounts.social.noData", to: login });

  const signedIn = await signInWithGoogle({ db, env }, { ip: clientIp }, { state, code }, lang);
  if (!signedIn.ok && signedIn.reason === "rateLimited") {
    return data<Outcome>(
      {
        kind: "error",
        message: "accounts.errors.rateLimited",
        values: { seconds: String(signedIn.retryAfterSeconds) },
        to: login,
      },
      { status: 429, headers: { "Retry-After": String(signedIn.retryAfterSeconds) } },
    );
  }
  try {
    if (!signedIn.ok) throw signedIn.error;
    const tokens = await issueTokens({ db, env }, signedIn.value);
    return redirectWithFlash(
      request,
      localePath(lang),
      { key: "accounts.login.success" },
      sessionCookies(tokens, isSecureRequest(request)),
    );
  } catch (cause) {
    const key = cause instanceof GoogleSignInError ? cause.key : "accounts.errors.googleFailed";
    if (!(cause instanceof GoogleSignInError)) logger.error({ err: cause }, "Google sign-in failed");
    return data<Outcome>({ kind: "error", message: key, to: login });
  }
}

export const meta: Route.MetaFunction = (args) => {
  const tags = pageMeta(args, { title: metaT(args)("accounts.social.title"), noIndex: true });
  const outcome = args.loaderData as Outcome | undefined;
  if (outcome?.to) tags.push({ httpEquiv: "refresh", content: `${REDIRECT_DELAY_SECONDS};url=${outcome.to}` });
  return tags;
};

export default function SocialCallback({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const outcome = loaderData as Outcome;
  return (
    <AuthCard title={t("accounts.social.title")}>
      <FormMessage tone="error">{tKey(t, outcome.message, outcome.values)}</FormMessage>
      <p className="text-sm text-slate-700">{t("accounts.social.redirecting")}</p>
      <p className="mt-4">
        <Link to={outcome.to} className="font-semibold text-blue-800 underline hover:text-blue-950">
          {t("accounts.social.continue")}
        </Link>
      </p>
    </AuthCard>
  );
}
