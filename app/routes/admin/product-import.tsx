import { useActionData, useLoaderData, useSearchParams } from "react-router";
import { Link } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { FormMessage, SubmitButton, tKey } from "~/components/ui/form-fields";
import { AdminPanel } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { ImportReportView } from "~/features/catalog/components/import-report";
import { catalogCsvFilename } from "~/features/catalog/catalog-csv.server";
import { type ImportReport, importPageAction } from "~/features/catalog/catalog-import-page.server";
import { MAX_IMPORT_ROWS } from "~/features/catalog/catalog-import.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/product-import";

// Catalogue import and export (docs/features.md): the catalogue exported as CSV, and a CSV imported: a dry run first (per row,
// what would change and every error), then "Apply", all or nothing. Works without JavaScript.

export function loader({ request, params, context }: Route.LoaderArgs) {
  requireStaff(context, "products");
  requireLanguage(request, params.lang);
  return { filename: catalogCsvFilename(), maxRows: MAX_IMPORT_ROWS };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, actor } = requireStaff(context, "products", "change");
  const lang = requireLanguage(request, params.lang);
  return importPageAction({ db, env }, actor, request, lang);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.import.title"), noIndex: true });

const LINK_BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-amber-400 px-4 text-sm font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export default function AdminProductImport() {
  const { filename, maxRows } = useLoaderData<typeof loader>();
  const result = useActionData<ImportReport>();
  const [search] = useSearchParams();
  const t = useT();
  const href = useLocalePath();
  const mode = result?.mode ?? "full";
  const applied = !result && search.get("applied") === "1";
  const count = (name: string) => Number(search.get(name)) || 0;
  return (
    <div className="space-y-3">
      <Link to={href("/admin/products")} className="inline-flex min-h-11 items-center text-sm text-blue-800 underline">
        {t("admin.products.back")}
      </Link>
      <h1 className="text-xl font-bold text-slate-900">{t("admin.import.title")}</h1>
      {applied && (
        <FormMessage tone="success">
          {t("admin.import.applied", {
            created: count("created"),
            updated: count("updated"),
            unchanged: count("unchanged"),
          })}
        </FormMessage>
      )}
      <AdminPanel id="catalog-export" title={t("admin.import.export")}>
        <p className="mb-2 text-sm text-slate-700">{t("admin.import.exportHint")}</p>
        {/* A plain link: the browser downloads the file (no client-side routing for a resource route). */}
        <a href={href("/admin/products.csv")} download={filename} className={LINK_BUTTON}>
          {t("admin.import.download")}
        </a>
      </AdminPanel>
      <AdminPanel id="catalog-import" title={t("admin.import.upload")}>
        <p className="mb-2 text-sm text-slate-700">{t("admin.import.uploadHint", { max: maxRows })}</p>
        <form method="post" encType="multipart/form-data" className="max-w-xl space-y-3" noValidate>
          <div>
            <label htmlFor="import-file" className="mb-1 block text-sm font-semibold text-slate-800">
              {t("admin.import.file")}
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              aria-invalid={result?.fieldError ? true : undefined}
              aria-describedby={result?.fieldError ? "import-file-error" : undefined}
              className="block w-full text-sm"
            />
            {result?.fieldError && (
              <p id="import-file-error" className="mt-1 text-sm font-medium text-red-800">
                <span aria-hidden="true">⚠ </span>
                {tKey(t, result.fieldError)}
              </p>
            )}
          </div>
          <fieldset className="space-y-1">
            <legend className="mb-1 text-sm font-semibold text-slate-800">{t("admin.import.mode")}</legend>
            {(["full", "inventory"] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-start gap-2 text-sm">
                <input type="radio" name="mode" value={value} defaultChecked={mode === value} className="mt-1 size-4" />
                <span>
                  <span className="font-semibold">{t(`admin.import.mode.${value}`)}</span>
                  <span className="block text-slate-600">{t(`admin.import.mode.${value}Hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="sm:w-64">
            <SubmitButton name="intent" value="preview">
              {t("admin.import.preview")}
            </SubmitButton>
          </div>
        </form>
      </AdminPanel>
      {result && !result.fieldError && <ImportReportView report={result} />}
    </div>
  );
}
