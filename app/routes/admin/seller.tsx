import {
  type ShouldRevalidateFunction,
  data,
  redirect,
  useActionData,
  useLoaderData,
  useSearchParams,
} from "react-router";
import { Form } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { SecondaryButton, TextAreaField } from "~/features/admin/components/form";
import { ErrorSummary, FormMessage, SubmitButton, tKey } from "~/components/ui/form-fields";
import { AdminPanel } from "~/features/admin/components/ui";
import { adminDateTime } from "~/features/admin/format.server";
import { type AdminFormResult, parseWith, refuse } from "~/features/admin/forms.server";
import { requireStaff } from "~/features/admin/guard.server";
import {
  DECISION_NOTE_MAX,
  DecisionSchema,
  decideApplication,
  getApplication,
} from "~/features/providers/applications-admin.server";
import type { ProviderApplication } from "~/features/providers/application";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/seller";
import { readForm } from "~/utils/forms.server";

// (spec §3 Provider application, §4.7) every field of one application and the
// operator's decision, taken once, with a note the applicant receives by email.

function view(application: ProviderApplication, lang: "es" | "en") {
  return {
    id: application.id,
    businessName: application.businessName,
    contactName: application.contactName,
    email: application.email,
    phone: application.phone,
    address: application.address,
    providerType: application.providerType,
    productCategories: application.productCategories,
    businessDescription: application.businessDescription,
    termsAccepted: application.termsAccepted,
    language: application.language === "en" ? ("en" as const) : ("es" as const),
    status: application.status,
    received: adminDateTime(new Date(application.createdAt), lang),
    receivedIso: new Date(application.createdAt).toISOString(),
    reviewNote: application.reviewNote,
    reviewedAt: application.reviewedAt ? adminDateTime(new Date(application.reviewedAt), lang) : null,
    reviewedIso: application.reviewedAt ? new Date(application.reviewedAt).toISOString() : null,
    reviewedBy: application.reviewedBy,
  };
}

const idOf = (param: string | undefined) => (/^\d{1,10}$/.test(param ?? "") ? Number(param) : NaN);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "sellers");
  const lang = requireLanguage(request, params.lang);
  const application = await getApplication(db, idOf(params.applicationId));
  if (!application) throw data(null, { status: 404 });
  return { application: view(application, lang), noteMax: DECISION_NOTE_MAX };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, actor } = requireStaff(context, "sellers", "change");
  const lang = requireLanguage(request, params.lang);
  const id = idOf(params.applicationId);
  const form = await readForm(request);
  const parsed = parseWith(DecisionSchema, {
    intent: form.get("intent") ?? undefined,
    note: form.get("note") ?? undefined,
  });
  if (!parsed.ok) return refuse(parsed.errors, form);
  const result = await decideApplication({ db, env }, actor, id, parsed.data);
  if (!result.ok) {
    if (result.error === "notFound") throw data(null, { status: 404 });
    return data<AdminFormResult>({ formError: "admin.sellers.decision.already" }, { status: 409 });
  }
  // The email goes in the background (its failure is logged): the operator does not wait on SMTP.
  void result.notified;
  return redirect(`/${lang}/admin/sellers/${id}?decided=${result.application.status}`, 303);
}

/** A decision refused because another was taken first: reload the page so it shows that decision. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as AdminFormResult | undefined)?.formError === "admin.sellers.decision.already" ||
  defaultShouldRevalidate;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data
      ? `${args.data.application.businessName} · ${metaT(args)("admin.sellers.title")}`
      : metaT(args)("admin.sellers.title"),
    noIndex: true,
  });

export default function AdminSeller() {
  const { application: a, noteMax } = useLoaderData<typeof loader>();
  const result = useActionData<AdminFormResult>();
  const [search] = useSearchParams();
  const t = useT();
  const href = useLocalePath();
  const errors = result?.errors ?? {};
  const decided = search.get("decided");
  const row = (label: string, value: React.ReactNode) => (
    <div className="grid gap-0.5 py-1.5 sm:grid-cols-[14rem_1fr] sm:gap-3">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-line text-slate-900">{value}</dd>
    </div>
  );
  return (
    <div className="space-y-3">
      <p>
        <a
          href={href("/admin/sellers")}
          className="inline-flex min-h-11 items-center text-sm text-blue-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {t("admin.sellers.back")}
        </a>
      </p>
      <h1 className="text-xl font-bold break-words text-slate-900">{a.businessName}</h1>
      {(decided === "approved" || decided === "rejected") && a.status === decided && (
        <FormMessage tone="success">{t(`admin.sellers.decision.done.${decided}`)}</FormMessage>
      )}
      {result?.formError && <FormMessage tone="error">{tKey(t, result.formError)}</FormMessage>}

      <AdminPanel id="seller-application" title={t("admin.sellers.detail.title", { id: a.id })}>
        <dl className="divide-y divide-slate-100">
          {row(t("admin.sellers.col.status"), t(`admin.sellers.state.${a.status}`))}
          {row(t("admin.sellers.detail.received"), <time dateTime={a.receivedIso}>{a.received}</time>)}
          {row(t("admin.sellers.field.businessName"), a.businessName)}
          {row(t("admin.sellers.field.contactName"), a.contactName)}
          {row(
            t("admin.sellers.field.email"),
            <a href={`mailto:${a.email}`} className="break-all text-blue-800 underline underline-offset-2">
              {a.email}
            </a>,
          )}
          {row(
            t("admin.sellers.field.phone"),
            <a href={`tel:${a.phone.replace(/[^\d+]/g, "")}`} className="text-blue-800 underline underline-offset-2">
              {a.phone}
            </a>,
          )}
          {row(t("admin.sellers.field.address"), a.address)}
          {row(t("admin.sellers.field.providerType"), t(`sell.type.${a.providerType}`))}
          {row(t("admin.sellers.field.productCategories"), a.productCategories)}
          {row(t("admin.sellers.field.businessDescription"), a.businessDescription)}
          {row(
            t("admin.sellers.detail.terms"),
            t(a.termsAccepted ? "admin.sellers.detail.yes" : "admin.sellers.detail.no"),
          )}
          {row(t("admin.sellers.detail.language"), t(`admin.sellers.language.${a.language}`))}
        </dl>
      </AdminPanel>

      {a.status === "pending" ? (
        <AdminPanel id="seller-decision" title={t("admin.sellers.decision.title")}>
          <ErrorSummary errors={errors} labels={{ note: t("admin.sellers.decision.note") }} idPrefix="decision" />
          <Form method="post" noValidate className="space-y-3">
            <TextAreaField
              id="decision-note"
              name="note"
              label={t("admin.sellers.decision.note")}
              hint={t("admin.sellers.decision.noteHint", {
                max: noteMax,
                language: t(`admin.sellers.languageIn.${a.language}`),
              })}
              error={errors.note ? tKey(t, errors.note, { max: noteMax }) : undefined}
              defaultValue={result?.values?.note ?? ""}
              maxLength={noteMax}
              rows={5}
            />
            {errors.intent && <FormMessage tone="error">{tKey(t, errors.intent)}</FormMessage>}
            <div className="grid gap-2 sm:grid-cols-2">
              <SubmitButton name="intent" value="approve">
                {t("admin.sellers.decision.approve")}
              </SubmitButton>
              <SecondaryButton name="intent" value="reject" tone="danger">
                {t("admin.sellers.decision.reject")}
              </SecondaryButton>
            </div>
          </Form>
        </AdminPanel>
      ) : (
        <AdminPanel id="seller-decision" title={t("admin.sellers.decision.taken")}>
          <dl className="divide-y divide-slate-100">
            {row(t("admin.sellers.col.status"), t(`admin.sellers.state.${a.status}`))}
            {a.reviewedAt &&
              a.reviewedIso &&
              row(t("admin.sellers.detail.decidedAt"), <time dateTime={a.reviewedIso}>{a.reviewedAt}</time>)}
            {row(t("admin.sellers.detail.decidedBy"), a.reviewedBy ?? "")}
            {row(t("admin.sellers.decision.note"), a.reviewNote || t("admin.sellers.detail.noNote"))}
          </dl>
        </AdminPanel>
      )}
    </div>
  );
}
