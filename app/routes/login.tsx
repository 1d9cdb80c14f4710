import { type FormEvent, useEffect, useState } from "react";
import { data, redirect } from "react-router";
import { Form, Link } from "~/components/router-links";
import { LocaleLink } from "~/components/locale-link";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { issueTokens } from "~/features/accounts/accounts.server";
import { signIn } from "~/features/accounts/account-commands.server";
import {
  type FieldErrorKeys,
  FormMessage,
  SubmitButton,
  TextField,
  focusFirstError,
  tKey,
} from "~/components/ui/form-fields";
import { useHydrated } from "~/utils/use-hydrated";
import { type AccountFormResult, AuthCard } from "~/features/accounts/components/auth-card";
import { GoogleButton } from "~/features/accounts/components/google-button";
import { echoValues, formStrings, rateLimited, redirectWithFlash } from "~/features/accounts/pages.server";
import { LoginSchema, fieldErrors } from "~/features/accounts/schemas";
import { isSecureRequest, sessionCookies } from "~/features/accounts/session.server";
import { mergeGuestCart } from "~/features/cart/cart.server";
import {
  GUEST_CART_FIELD,
  GuestCartField,
  parseGuestCart,
  useForgetGuestCart,
} from "~/features/cart/components/guest-cart";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useLang, useT } from "~/i18n/use-t";
import type { Route } from "./+types/login";
import { safeRedirectPath } from "./+shared/safe-redirect";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/forms.server";

const FIELDS = ["email", "password"] as const;

/** Where to go after signing in (decision “Signed-out visitors go to login at once”): `next` when it is a path of this site, else home. */
function destination(next: FormDataEntryValue | string | null, lang: "es" | "en") {
  return safeRedirectPath(next, localePath(lang));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { user, googleEnabled } = context.get(appContext);
  const query = new URL(request.url).searchParams;
  const next = query.get("next");
  // Already signed in: nothing to do here.
  if (user) throw redirect(destination(next, lang));
  return {
    googleEnabled,
    next: next ? destination(next, lang) : "",
    // §4.2: the social callback sends failures here with social_auth_failed=true and the error.
    socialFailed: query.get("social_auth_failed") === "true",
    socialError: (query.get("error") ?? "").slice(0, 200),
  };
}

/**
 * §2.6 / §7.5 sign-in. decision “A failed sign-in stays on the login page”: a failure stays here with 'Error al iniciar sesión.' (the same for an
 * unknown email, a wrong password and an account not yet activated); success sets the decision “Tokens in cookies” session
 * cookies and goes to `next` (same-site only) or home, with 'Inicio de sesión con éxito'.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, env, clientIp } = context.get(appContext);
  const form = await readForm(request);
  const input = formStrings(form, FIELDS);
  const values = echoValues({ email: input.email });

  const signedIn = await signIn({ db, env }, { ip: clientIp }, input);
  if (!signedIn.ok) {
    if (signedIn.reason === "rateLimited") return rateLimited(signedIn.retryAfterSeconds, { values });
    if (signedIn.reason === "invalid")
      return data<AccountFormResult>({ errors: signedIn.errors, values }, { status: 400 });
    // Said only after the password was right (authenticate checks it first).
    const formError = signedIn.reason === "deactivated" ? "accounts.errors.deactivated" : "accounts.login.failed";
    return data<AccountFormResult>({ formError, values }, { status: 400 });
  }
  const user = signedIn.value;

  // decision “Guest cart”: a guest cart kept in this browser joins the account's cart (capped at stock, bad lines skipped).
  const guestLines = parseGuestCart(form.get(GUEST_CART_FIELD));
  if (guestLines.length > 0) {
    await mergeGuestCart(db, user.id, guestLines).catch((error: unknown) => {
      logger.error({ err: error }, "Login: could not merge the guest cart");
    });
  }
  const tokens = await issueTokens({ db, env }, user);
  return redirectWithFlash(
    request,
    destination(form.get("next"), lang),
    { key: "accounts.login.success" },
    sessionCookies(tokens, isSecureRequest(request)),
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("accounts.login.title"), noIndex: true });

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  useForgetGuestCart();
  const server = actionData as AccountFormResult | undefined;
  const [clientErrors, setClientErrors] = useState<FieldErrorKeys | null>(null);
  useEffect(() => setClientErrors(null), [server]);
  const errors: FieldErrorKeys = clientErrors ?? server?.errors ?? {};
  const err = (field: string) => (errors[field] ? tKey(t, errors[field]) : undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const fd = new FormData(event.currentTarget);
    const parsed = LoginSchema.safeParse({ email: fd.get("email") ?? "", password: fd.get("password") ?? "" });
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setClientErrors(found);
    focusFirstError(event.currentTarget, found, FIELDS);
  }

  return (
    <AuthCard title={t("accounts.login.title")}>
      {loaderData.socialFailed && !server && (
        <FormMessage tone="error">
          {t("accounts.login.socialFailed")}
          {loaderData.socialError && ` ${t("accounts.social.error", { error: loaderData.socialError })}`}
        </FormMessage>
      )}
      {server?.formError && <FormMessage tone="error">{tKey(t, server.formError, server.formErrorValues)}</FormMessage>}
      <GoogleButton enabled={loaderData.googleEnabled} />
      <Form method="post" noValidate={hydrated} onSubmit={onSubmit} className="space-y-4">
        {loaderData.next && <input type="hidden" name="next" value={loaderData.next} />}
        <GuestCartField />
        <TextField
          id="login-email"
          name="email"
          type="email"
          label={t("accounts.field.email")}
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          defaultValue={server?.values?.email}
          error={err("email")}
        />
        <TextField
          id="login-password"
          name="password"
          type="password"
          label={t("accounts.field.password")}
          autoComplete="current-password"
          required
          maxLength={128}
          error={err("password")}
        />
        <p className="text-sm">
          {/* §2.1: the reset pages carry no language prefix; `?lang=` keeps this one. */}
          <Link to={`/reset_password?lang=${lang}`} className="font-medium text-blue-800 underline hover:text-blue-950">
            {t("accounts.login.forgot")}
          </Link>
        </p>
        <SubmitButton>{t("accounts.login.submit")}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t("accounts.login.newCustomer")}{" "}
        <LocaleLink to="/signup" className="font-semibold text-blue-800 underline hover:text-blue-950">
          {t("accounts.login.createAccount")}
        </LocaleLink>
      </p>
    </AuthCard>
  );
}
