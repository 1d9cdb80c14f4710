import { data, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { Form } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { SelectField, TextAreaField } from "~/features/admin/components/form";
import { ErrorSummary, FormMessage, SubmitButton, tKey } from "~/components/ui/form-fields";
import { AdminPanel } from "~/features/admin/components/ui";
import { adminDateTime } from "~/features/admin/format.server";
import { type AdminFormResult, formValues, idOf, parseWith, refuse } from "~/features/admin/forms.server";
import { requireStaff } from "~/features/admin/guard.server";
import {
  SYNONYM_GROUP_MAX,
  SynonymGroupSchema,
  addSynonymGroup,
  listSynonymGroups,
  removeSynonymGroup,
} from "~/features/search/synonyms.server";
import { FILE_VOCABULARY_BY_LANGUAGE } from "~/features/search/vocabulary";
import { readForm } from "~/utils/forms.server";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import type { Route } from "./+types/synonyms";

// Operators add and remove search synonym groups (they hear their shoppers'
// words first); each change is audited and reaches search at once (synonyms.server.ts). The
// groups of the data files (app/features/search/vocabulary/*.json) are shown, read-only.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "synonyms");
  const lang = requireLanguage(request, params.lang);
  const groups = await listSynonymGroups(db);
  return {
    groups: groups.map((g) => ({
      id: g.id,
      language: g.language,
      terms: g.terms,
      created: adminDateTime(g.createdAt, lang),
      createdIso: g.createdAt.toISOString(),
    })),
    files: FILE_VOCABULARY_BY_LANGUAGE,
    max: SYNONYM_GROUP_MAX,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = requireStaff(context, "synonyms", "change");
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "remove") {
    const id = idOf(form.get("id"));
    if (id === null) throw data(null, { status: 400 });
    const removed = await removeSynonymGroup(db, actor, id);
    return redirect(`/${lang}/admin/synonyms?${removed ? "removed" : "gone"}=1`, 303);
  }
  if (intent !== "add") throw data(null, { status: 400 });
  const parsed = parseWith(SynonymGroupSchema, formValues(form));
  if (!parsed.ok) return refuse(parsed.errors, form);
  await addSynonymGroup(db, actor, parsed.data);
  return redirect(`/${lang}/admin/synonyms?added=1`, 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.synonyms.title"), noIndex: true });

export default function AdminSynonyms() {
  const { groups, files, max } = useLoaderData<typeof loader>();
  const result = useActionData<AdminFormResult>();
  const [search] = useSearchParams();
  const t = useT();
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  const labels = { language: t("admin.synonyms.field.language"), terms: t("admin.synonyms.field.terms") };
  const languages = [
    ["es", t("admin.synonyms.language.es")],
    ["en", t("admin.synonyms.language.en")],
  ] as const;
  const languageName = (code: string) => languages.find(([c]) => c === code)?.[1] ?? code;
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.synonyms.title")}</h1>
      {!result && search.get("added") && <FormMessage tone="success">{t("admin.synonyms.added")}</FormMessage>}
      {!result && search.get("removed") && <FormMessage tone="success">{t("admin.synonyms.removed")}</FormMessage>}
      {!result && search.get("gone") && <FormMessage tone="error">{t("admin.synonyms.gone")}</FormMessage>}
      <p className="text-sm text-slate-700">{t("admin.synonyms.intro")}</p>

      <AdminPanel id="synonyms-new" title={t("admin.synonyms.new")}>
        <ErrorSummary errors={errors} labels={labels} idPrefix="synonyms" />
        <Form method="post" noValidate className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <input type="hidden" name="intent" value="add" />
          <SelectField
            id="synonyms-language"
            name="language"
            label={labels.language}
            options={languages}
            error={errors.language ? tKey(t, errors.language) : undefined}
            defaultValue={values.language ?? "es"}
          />
          <TextAreaField
            id="synonyms-terms"
            name="terms"
            label={labels.terms}
            rows={2}
            required
            hint={t("admin.synonyms.hint.terms", { max })}
            error={errors.terms ? tKey(t, errors.terms, { max }) : undefined}
            defaultValue={values.terms ?? ""}
          />
          <div className="sm:col-span-2 sm:max-w-xs">
            <SubmitButton>{t("admin.synonyms.submit")}</SubmitButton>
          </div>
        </Form>
      </AdminPanel>

      <AdminPanel id="synonyms-list" title={t("admin.synonyms.count", { count: groups.length })}>
        {groups.length === 0 ? (
          <p className="text-sm text-slate-700">{t("admin.synonyms.empty")}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {groups.map((group) => (
              <li key={group.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{group.terms.join(", ")}</p>
                  <p className="text-xs text-slate-600">
                    {languageName(group.language)} · <time dateTime={group.createdIso}>{group.created}</time>
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={group.id} />
                  <button
                    type="submit"
                    aria-label={t("admin.synonyms.removeGroup", { terms: group.terms.join(", ") })}
                    className="min-h-11 rounded-md border border-red-700 px-4 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                  >
                    {t("admin.synonyms.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>

      <AdminPanel id="synonyms-files" title={t("admin.synonyms.files")}>
        <p className="mb-2 text-sm text-slate-700">{t("admin.synonyms.filesIntro")}</p>
        {(["es", "en"] as const).map((code) => (
          <details key={code} className="mb-2">
            <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-900">
              {t("admin.synonyms.fileGroups", { language: languageName(code), count: files[code].length })}
            </summary>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
              {files[code].map((group) => (
                <li key={group.join("|")}>{group.join(", ")}</li>
              ))}
            </ul>
          </details>
        ))}
      </AdminPanel>
    </div>
  );
}
