import { type FormEvent, useEffect, useState } from "react";
import { data } from "react-router";
import { Form, Link } from "~/components/router-links";
import { Breadcrumb } from "~/components/breadcrumb";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { getProfile, publicUser, updateProfile } from "~/features/accounts/accounts.server";
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
import { type AccountFormResult } from "~/features/accounts/components/auth-card";
import { echoValues, formStrings, redirectWithFlash } from "~/features/accounts/pages.server";
import { requireUser } from "~/features/accounts/require-user.server";
import {
  type RecipientFormResult,
  isRecipientIntent,
  municipalityGroups,
  recipientAction,
  recipientFormValues,
} from "~/features/recipients/account-action.server";
import { RecipientsSection } from "~/features/recipients/components/recipients-section";
import { listRecipients } from "~/features/recipients/recipients.server";
import { ProfileSchema, fieldErrors } from "~/features/accounts/schemas";
import type { TranslationKey } from "~/i18n/i18n";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/account";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/forms.server";

/** The five saved fields of §2.16 / §7.4, in the form's order, with their autofill tokens. */
const PROFILE_FIELDS = [
  { name: "phone", autoComplete: "tel", type: "tel", inputMode: "tel", maxLength: 30 },
  { name: "address", autoComplete: "street-address", type: "text", inputMode: undefined, maxLength: 255 },
  { name: "city", autoComplete: "address-level2", type: "text", inputMode: undefined, maxLength: 100 },
  { name: "state_province_region", autoComplete: "address-level1", type: "text", inputMode: undefined, maxLength: 100 },
  { name: "zipcode", autoComplete: "postal-code", type: "text", inputMode: "numeric", maxLength: 20 },
] as const;
const FIELD_NAMES = PROFILE_FIELDS.map((field) => field.name);

/**
 * §2.16 profile. Signed out: to the login page that returns here (decision “Signed-out visitors go to login at once”). Name, username and email are
 * read-only; the five delivery fields are edited after pressing 'Edit' (`?edit=1`, so it works
 * without JavaScript).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const profile = await getProfile(db, user.id);
  const url = new URL(request.url);
  // Family recipients (docs/features.md): `?recipient=new` or `?recipient=<id>` opens the recipient form.
  const which = url.searchParams.get("recipient");
  const recipientValues = which ? await recipientFormValues(db, user.id, which) : null;
  return {
    user: publicUser(user),
    profile,
    editing: url.searchParams.get("edit") === "1",
    recipients: await listRecipients(db, user.id),
    recipientForm: recipientValues && which ? { id: which, values: recipientValues } : null,
    groups: recipientValues ? municipalityGroups() : null,
  };
}

/** Saves only the five profile fields (§5 Profile), checked with ProfileSchema. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const form = await readForm(request);
  if (isRecipientIntent(form.get("intent"))) {
    const done = await recipientAction(db, user.id, form);
    if (!done.ok)
      return data<RecipientFormResult>({ ...done.result, groups: municipalityGroups() }, { status: done.status });
    return redirectWithFlash(request, `${localePath(lang, "/account")}#recipients`, { key: done.flash });
  }
  const input = formStrings(form, FIELD_NAMES);
  const parsed = ProfileSchema.safeParse(input);
  if (!parsed.success)
    return data<AccountFormResult>({ errors: fieldErrors(parsed.error), values: echoValues(input) }, { status: 400 });
  try {
    await updateProfile(db, user.id, parsed.data);
  } catch (error) {
    logger.error({ err: error }, "Profile update failed");
    return data<AccountFormResult>(
      { formError: "accounts.profile.failed", values: echoValues(input) },
      { status: 500 },
    );
  }
  return redirectWithFlash(request, localePath(lang, "/account"), { key: "accounts.profile.updated" });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("accounts.profile.title"), noIndex: true });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const hydrated = useHydrated();
  const { user, profile } = loaderData;
  const server = actionData as AccountFormResult | undefined;
  const recipientResult = actionData as RecipientFormResult | undefined;
  const recipientForm = recipientResult?.recipientId
    ? { id: recipientResult.recipientId, values: recipientResult.recipientValues ?? {} }
    : loaderData.recipientForm;
  // A refused save stays in edit mode, with what was typed.
  const editing = loaderData.editing || Boolean(server?.errors || server?.formError);
  const [clientErrors, setClientErrors] = useState<FieldErrorKeys | null>(null);
  useEffect(() => setClientErrors(null), [server]);
  const errors: FieldErrorKeys = clientErrors ?? server?.errors ?? {};
  const label = (name: string) => t(`accounts.field.${name}` as TranslationKey);
  const labels = Object.fromEntries(FIELD_NAMES.map((name) => [name, label(name)]));
  const value = (name: (typeof FIELD_NAMES)[number]) => server?.values?.[name] ?? profile[name];

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const fd = new FormData(event.currentTarget);
    const parsed = ProfileSchema.safeParse(Object.fromEntries(FIELD_NAMES.map((name) => [name, fd.get(name) ?? ""])));
    if (parsed.success) return setClientErrors(null);
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setClientErrors(found);
    focusFirstError(event.currentTarget, found, FIELD_NAMES);
  }

  const fullName = `${user.first_name} ${user.last_name}`.trim();

  return (
    <section className="mx-auto max-w-3xl px-3 py-4 sm:px-4 sm:py-8">
      <Breadcrumb items={[{ label: t("breadcrumb.home"), to: "/" }, { label: t("accounts.profile.title") }]} />
      <h1 className="mb-5 text-2xl font-bold text-slate-900 sm:text-3xl">{t("accounts.profile.title")}</h1>

      <div className="space-y-5">
        <section
          aria-labelledby="profile-personal"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="profile-personal" className="text-lg font-semibold text-slate-900">
            {t("accounts.profile.personal")}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("accounts.profile.readOnlyNote")}</p>
          <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-3">
            <Detail label={t("accounts.field.name")} value={fullName} />
            <Detail label={t("accounts.field.username")} value={user.username} />
            <Detail label={t("accounts.field.email")} value={user.email} />
          </dl>
        </section>

        <section
          aria-labelledby="profile-delivery"
          className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="profile-delivery" className="text-lg font-semibold text-slate-900">
              {t("accounts.profile.delivery")}
            </h2>
            {!editing && (
              <Link
                to="?edit=1"
                preventScrollReset
                className="inline-flex min-h-11 items-center rounded-md border border-slate-400 px-4 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              >
                {t("accounts.profile.edit")}
              </Link>
            )}
          </div>

          {editing ? (
            <Form method="post" noValidate={hydrated} onSubmit={onSubmit} className="mt-4">
              {server?.formError && <FormMessage tone="error">{tKey(t, server.formError)}</FormMessage>}
              {!clientErrors && server?.errors && (
                <ErrorSummary errors={server.errors} labels={labels} idPrefix="profile" />
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                {PROFILE_FIELDS.map((field) => (
                  <div key={field.name} className={field.name === "address" ? "sm:col-span-2" : ""}>
                    <TextField
                      id={`profile-${field.name}`}
                      name={field.name}
                      type={field.type}
                      inputMode={field.inputMode}
                      autoComplete={field.autoComplete}
                      maxLength={field.maxLength}
                      label={label(field.name)}
                      defaultValue={value(field.name)}
                      error={errors[field.name] ? tKey(t, errors[field.name]!) : undefined}
                    />
                  </div>
                ))}
              </div>
              <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
                <Link
                  to="."
                  preventScrollReset
                  className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 px-5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                >
                  {t("accounts.profile.cancel")}
                </Link>
                <div className="sm:w-48">
                  <SubmitButton>{t("accounts.profile.save")}</SubmitButton>
                </div>
              </div>
            </Form>
          ) : (
            <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
              {PROFILE_FIELDS.map((field) => (
                <Detail key={field.name} label={label(field.name)} value={profile[field.name]} />
              ))}
            </dl>
          )}
        </section>

        <RecipientsSection
          recipients={loaderData.recipients}
          form={
            recipientForm
              ? {
                  ...recipientForm,
                  errors: recipientResult?.recipientErrors ?? {},
                  formError: recipientResult?.recipientFormError,
                  groups: loaderData.groups ?? recipientResult?.groups ?? [],
                }
              : null
          }
        />
      </div>
    </section>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  const t = useT();
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">
        {value || <span className="text-slate-500 italic">{t("accounts.profile.empty")}</span>}
      </dd>
    </div>
  );
}
