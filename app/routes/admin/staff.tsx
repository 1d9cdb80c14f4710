import { data, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { Form } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { ErrorSummary, FormMessage, SubmitButton, TextField, tKey } from "~/components/ui/form-fields";
import { listOperators } from "~/features/accounts/operators.server";
import { enrolledUserIds } from "~/features/accounts/two-factor.server";
import { resetStaffTwoFactor } from "~/features/accounts/two-factor-reset.server";
import { SelectField } from "~/features/admin/components/form";
import { AdminPanel } from "~/features/admin/components/ui";
import { adminDateTime } from "~/features/admin/format.server";
import { type AdminFormResult, formValues, parseWith, refuse } from "~/features/admin/forms.server";
import { requireStaff } from "~/features/admin/guard.server";
import { STAFF_ROLES } from "~/features/staff/permissions";
import { StaffAddSchema, StaffRemoveSchema, StaffRoleSchema } from "~/features/staff/schemas";
import { addStaff, changeStaffRole, firstErrors, removeStaff } from "~/features/staff/staff.server";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import { readForm } from "~/utils/forms.server";
import type { Route } from "./+types/staff";

// Owners manage the staff and their roles (docs/decisions/016-staff-roles.md). The rules (the last
// owner keeps the role, every change audited with the acting role) live in
// app/features/accounts/operators.server.ts; this page only reads and posts.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, user } = requireStaff(context, "staff");
  const lang = requireLanguage(request, params.lang);
  const [staff, enrolled] = await Promise.all([listOperators(db), enrolledUserIds(db)]);
  return {
    me: user.email,
    staff: staff.map((member) => ({
      email: member.email,
      name: [member.firstName, member.lastName].filter(Boolean).join(" "),
      role: member.role,
      isActive: member.isActive,
      twoFactor: enrolled.has(member.id),
      lastLogin: member.lastLogin ? adminDateTime(member.lastLogin, lang) : null,
      lastLoginIso: member.lastLogin?.toISOString() ?? null,
    })),
  };
}

type StaffAnswer = AdminFormResult & { created?: { email: string; password: string } };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(context, "staff", "change");
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const intent = form.get("intent");
  const done = (what: string, email: string) =>
    redirect(`/${lang}/admin/staff?${what}=${encodeURIComponent(email)}`, 303);
  if (intent === "add") {
    const parsed = parseWith(StaffAddSchema, formValues(form));
    if (!parsed.ok) return refuse(parsed.errors, form);
    const result = await addStaff(db, actor, parsed.data);
    if (!result.ok) return refuse(firstErrors(result), form);
    const { user, generatedPassword } = result.value;
    // The one time the new password is shown: this answer is never cached (the layout's headers).
    if (generatedPassword) return data<StaffAnswer>({ created: { email: user.email, password: generatedPassword } });
    return done("added", user.email);
  }
  if (intent === "role") {
    const parsed = parseWith(StaffRoleSchema, formValues(form));
    if (!parsed.ok) return refuse(parsed.errors, form);
    const result = await changeStaffRole(db, actor, parsed.data.email, parsed.data.role);
    if (!result.ok) return refuse({}, form, Object.values(firstErrors(result))[0]);
    return done("changed", result.value.email);
  }
  if (intent === "remove") {
    const parsed = parseWith(StaffRemoveSchema, formValues(form));
    if (!parsed.ok) return refuse(parsed.errors, form);
    const result = await removeStaff(db, actor, parsed.data.email);
    if (!result.ok) return refuse({}, form, Object.values(firstErrors(result))[0]);
    return done("removed", result.value.email);
  }
  // Decision 017: a lost device; the member enrols again on the next visit.
  if (intent === "reset-2fa") {
    const parsed = parseWith(StaffRemoveSchema, formValues(form));
    if (!parsed.ok) return refuse(parsed.errors, form);
    const result = await resetStaffTwoFactor(db, parsed.data.email, actor);
    if (!result.ok) return refuse({}, form, Object.values(firstErrors(result))[0]);
    return done("twoFactorReset", result.value.email);
  }
  throw data(null, { status: 400 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.staff.title"), noIndex: true });

const ROW_BUTTON =
  "min-h-11 rounded-md border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export default function AdminStaff() {
  const { staff, me } = useLoaderData<typeof loader>();
  const answer = useActionData<StaffAnswer>();
  const [search] = useSearchParams();
  const t = useT();
  const roles = STAFF_ROLES.map((role) => [role, t(`admin.staff.role.${role}`)] as const);
  const adding = answer?.values?.intent === "add" || answer?.created ? answer : undefined;
  const errors = adding?.errors ?? {};
  const values = adding?.values ?? {};
  const labels = {
    email: t("admin.staff.field.email"),
    role: t("admin.staff.field.role"),
    first_name: t("admin.staff.field.firstName"),
    last_name: t("admin.staff.field.lastName"),
  };
  const notice = (["added", "changed", "removed", "twoFactorReset"] as const).find((key) => search.get(key));
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.staff.title")}</h1>
      {!answer && notice && (
        <FormMessage tone="success">{t(`admin.staff.${notice}`, { email: search.get(notice) ?? "" })}</FormMessage>
      )}
      {answer?.formError && <FormMessage tone="error">{tKey(t, answer.formError)}</FormMessage>}
      <p className="text-sm text-slate-700">{t("admin.staff.intro")}</p>

      <AdminPanel id="staff-list" title={t("admin.staff.count", { count: staff.length })}>
        <ul className="divide-y divide-slate-200">
          {staff.map((member, index) => (
            <li key={member.email} className="flex flex-wrap items-end justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium break-all text-slate-900">
                  {member.email}
                  {member.email === me && ` (${t("admin.staff.you")})`}
                </p>
                <p className="text-xs text-slate-600">
                  {[
                    member.name,
                    t(member.isActive ? "admin.staff.active" : "admin.staff.inactive"),
                    t(member.twoFactor ? "admin.staff.twoFactorOn" : "admin.staff.twoFactorOff"),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                  {" · "}
                  {member.lastLogin && member.lastLoginIso ? (
                    <time dateTime={member.lastLoginIso}>{t("admin.staff.lastLogin", { when: member.lastLogin })}</time>
                  ) : (
                    t("admin.staff.neverSignedIn")
                  )}
                </p>
              </div>
              <div className="flex flex-wrap items-end gap-2">
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="email" value={member.email} />
                  <div>
                    <label htmlFor={`staff-role-${index}`} className="mb-1 block text-sm font-semibold text-slate-800">
                      {t("admin.staff.roleOf", { email: member.email })}
                    </label>
                    <select
                      id={`staff-role-${index}`}
                      name="role"
                      defaultValue={member.role}
                      className="min-h-11 rounded-md border border-slate-400 bg-white px-2 text-sm"
                    >
                      {roles.map(([value, text]) => (
                        <option key={value} value={value}>
                          {text}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button
                    type="submit"
                    aria-label={t("admin.staff.changeRoleOf", { email: member.email })}
                    className={`${ROW_BUTTON} border-slate-500 text-slate-900 hover:bg-slate-100`}
                  >
                    {t("admin.staff.changeRole")}
                  </button>
                </Form>
                {member.twoFactor && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="reset-2fa" />
                    <input type="hidden" name="email" value={member.email} />
                    <button
                      type="submit"
                      aria-label={t("admin.staff.resetTwoFactorOf", { email: member.email })}
                      className={`${ROW_BUTTON} border-slate-500 text-slate-900 hover:bg-slate-100`}
                    >
                      {t("admin.staff.resetTwoFactor")}
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="email" value={member.email} />
                  <button
                    type="submit"
                    aria-label={t("admin.staff.removeOf", { email: member.email })}
                    className={`${ROW_BUTTON} border-red-700 text-red-800 hover:bg-red-50`}
                  >
                    {t("admin.staff.remove")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      </AdminPanel>

      <AdminPanel id="staff-add" title={t("admin.staff.add")}>
        {adding?.created && (
          <FormMessage tone="success">
            {t("admin.staff.created", { email: adding.created.email })}{" "}
            <code className="rounded bg-slate-100 px-1 font-mono break-all">{adding.created.password}</code>
          </FormMessage>
        )}
        <p className="mb-2 text-sm text-slate-700">{t("admin.staff.addIntro")}</p>
        <ErrorSummary errors={errors} labels={labels} idPrefix="staff" />
        <Form method="post" noValidate className="grid gap-3 sm:grid-cols-2">
          <input type="hidden" name="intent" value="add" />
          <TextField
            id="staff-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            label={labels.email}
            error={errors.email ? tKey(t, errors.email) : undefined}
            defaultValue={values.email ?? ""}
          />
          <SelectField
            id="staff-role"
            name="role"
            label={labels.role}
            options={roles}
            error={errors.role ? tKey(t, errors.role) : undefined}
            defaultValue={values.role ?? "support"}
          />
          <TextField
            id="staff-first_name"
            name="first_name"
            autoComplete="off"
            label={labels.first_name}
            hint={t("admin.staff.hint.names")}
            error={errors.first_name ? tKey(t, errors.first_name) : undefined}
            defaultValue={values.first_name ?? ""}
          />
          <TextField
            id="staff-last_name"
            name="last_name"
            autoComplete="off"
            label={labels.last_name}
            error={errors.last_name ? tKey(t, errors.last_name) : undefined}
            defaultValue={values.last_name ?? ""}
          />
          <div className="sm:col-span-2 sm:max-w-xs">
            <SubmitButton>{t("admin.staff.submit")}</SubmitButton>
          </div>
        </Form>
      </AdminPanel>
    </div>
  );
}
