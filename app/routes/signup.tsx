import { type FormEvent, useEffect, useRef, useState } from "react";
import { data, redirect } from "react-router";
import { Form } from "~/components/router-links";
import { LocaleLink } from "~/components/locale-link";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { signUp } from "~/features/accounts/account-commands.server";
import { Checklist } from "~/features/accounts/components/checklist";
import { NewPasswordFields } from "~/features/accounts/components/new-password-fields";
import {
  ErrorSummary,
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
import {
  firstErrorKeys,
  echoValues,
  formStrings,
  rateLimited,
  redirectWithFlash,
} from "~/features/accounts/pages.server";
import { SignupSchema, fieldErrors, passwordChecks, usernameChecks } from "~/features/accounts/schemas";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/signup";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/forms.server";

const FIELDS = ["email", "username", "first_name", "last_name", "password", "re_password"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const { user, googleEnabled } = context.get(appContext);
  if (user) throw redirect(localePath(lang));
  return { googleEnabled };
}

/**
 * §2.6 / §7.5 sign-up: SignupSchema again on the server (the browser's check is a convenience),
 * then createUser (uniqueness, activation email in the page language). No session: the account
 * must be activated first. Success goes home with the §8 confirmation as an alert.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db, env, clientIp } = context.get(appContext);
  const input = formStrings(await readForm(request), FIELDS);
  const values = echoValues({
    email: input.email,
    username: input.username,
    first_name: input.first_name,
    last_name: input.last_name,
  });

  try {
    const result = await signUp({ db, env }, { ip: clientIp }, input, lang);
    if (!result.ok && result.reason === "rateLimited") return rateLimited(result.retryAfterSeconds, { values });
    if (!result.ok && result.reason === "invalid")
      return data<AccountFormResult>({ errors: result.errors, values }, { status: 400 });
    if (!result.ok) return data<AccountFormResult>({ errors: firstErrorKeys(result.errors), values }, { status: 400 });
  } catch (error) {
    logger.error({ err: error }, "Sign-up failed");
    return data<AccountFormResult>({ formError: "accounts.signup.failed", values }, { status: 500 });
  }
  return redirectWithFlash(request, localePath(lang), { key: "accounts.signup.success" });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("accounts.signup.title"), noIndex: true });

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const server = actionData as AccountFormResult | undefined;
  const [clientErrors, setClientErrors] = useState<FieldErrorKeys | null>(null);
  const [live, setLive] = useState<Values>(() => ({
    email: server?.values?.email ?? "",
    username: server?.values?.username ?? "",
    first_name: server?.values?.first_name ?? "",
    last_name: server?.values?.last_name ?? "",
    password: "",
    re_password: "",
  }));
  const [touched, setTouched] = useState({ username: false, password: false });

  // Text typed before hydration counts for the checklists.
  useEffect(() => {
    if (form.current) setLive(readValues(form.current));
  }, []);
  // A new answer from the server replaces the browser's own errors.
  useEffect(() => setClientErrors(null), [server]);

  const errors: FieldErrorKeys = clientErrors ?? server?.errors ?? {};
  const err = (field: string) => (errors[field] ? tKey(t, errors[field]) : undefined);
  const labels = Object.fromEntries(FIELDS.map((field) => [field, t(`accounts.field.${field}`)]));
  const usernameList = usernameChecks(live.username);
  const passwordList = passwordChecks(live.password, {
    username: live.username,
    firstName: live.first_name,
    lastName: live.last_name,
    email: live.email,
  });

  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    setLive(readValues(event.currentTarget));
    if (name === "username" || name === "password") setTouched((was) => ({ ...was, [name]: true }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = SignupSchema.safeParse(readValues(event.currentTarget));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setClientErrors(found);
    setTouched({ username: true, password: true });
    focusFirstError(event.currentTarget, found, FIELDS);
  }

  return (
    <AuthCard title={t("accounts.signup.title")}>
      {server?.formError && <FormMessage tone="error">{tKey(t, server.formError, server.formErrorValues)}</FormMessage>}
      {!clientErrors && server?.errors && <ErrorSummary errors={server.errors} labels={labels} idPrefix="signup" />}
      <GoogleButton enabled={loaderData.googleEnabled} />
      <p className="mb-4 text-sm text-slate-600">{t("accounts.form.requiredNote")}</p>
      <Form
        ref={form}
        method="post"
        noValidate={hydrated}
        onChange={onChange}
        onSubmit={onSubmit}
        className="space-y-4"
      >
        <TextField
          id="signup-email"
          name="email"
          type="email"
          label={labels.email}
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          defaultValue={server?.values?.email}
          error={err("email")}
        />
        <TextField
          id="signup-username"
          name="username"
          label={labels.username}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          defaultValue={server?.values?.username}
          error={err("username")}
          describedBy="signup-username-checks"
        >
          <Checklist
            id="signup-username-checks"
            title={t("accounts.checks.username.title")}
            checks={usernameList}
            keyPrefix="accounts.checks.username"
            touched={touched.username}
          />
        </TextField>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="signup-first_name"
            name="first_name"
            label={labels.first_name}
            autoComplete="given-name"
            required
            maxLength={150}
            defaultValue={server?.values?.first_name}
            error={err("first_name")}
          />
          <TextField
            id="signup-last_name"
            name="last_name"
            label={labels.last_name}
            autoComplete="family-name"
            required
            maxLength={150}
            defaultValue={server?.values?.last_name}
            error={err("last_name")}
          />
        </div>
        <NewPasswordFields
          idPrefix="signup"
          names={{ password: "password", repeat: "re_password" }}
          labels={{ password: labels.password, repeat: labels.re_password }}
          errors={{ password: err("password"), repeat: err("re_password") }}
          checks={passwordList}
          touched={touched.password}
          values={{ password: live.password, repeat: live.re_password }}
        />
        <SubmitButton>{t("accounts.signup.submit")}</SubmitButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t("accounts.signup.haveAccount")}{" "}
        <LocaleLink to="/login" className="font-semibold text-blue-800 underline hover:text-blue-950">
          {t("accounts.signup.signIn")}
        </LocaleLink>
      </p>
    </AuthCard>
  );
}

function readValues(form: HTMLFormElement): Values {
  const fd = new FormData(form);
  const get = (name: string) => {
    const value = fd.get(name);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(FIELDS.map((field) => [field, get(field)])) as Values;
}
