import { data, useLoaderData } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { AdminPanel } from "~/features/admin/components/ui";
import { requireStaff } from "~/features/admin/guard.server";
import { ReportSection } from "~/features/reports/components/report-section";
import { MAX_SPAN_DAYS, parseRange } from "~/features/reports/range";
import { loadReports } from "~/features/reports/reports.server";
import { REPORTS } from "~/features/reports/tables";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { havanaDate } from "~/utils/dates";
import type { Route } from "./+types/reports";

// Reports (docs/features.md): the reports over a range of Havana days, chosen with a plain GET form.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "reports");
  const lang = requireLanguage(request, params.lang);
  const range = parseRange(new URL(request.url).searchParams, havanaDate());
  const reports = range.ok ? await loadReports(db, range, lang) : null;
  return { range, reports };
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "reports", "change");
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.reports.title"), noIndex: true });

const FIELD =
  "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 aria-invalid:border-red-700";
const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-amber-400 px-4 text-sm font-semibold text-slate-900 hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

export default function AdminReports() {
  const { range, reports } = useLoaderData<typeof loader>();
  const t = useT();
  const href = useLocalePath();
  const field = (name: "from" | "to") => {
    const error = range.errors[name];
    return (
      <div className="min-w-0 flex-1">
        <label htmlFor={`reports-${name}`} className="block text-sm font-semibold text-slate-800">
          {t(name === "from" ? "admin.reports.field.from" : "admin.reports.field.to")}
        </label>
        <input
          id={`reports-${name}`}
          name={name}
          type="date"
          defaultValue={range[name]}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `reports-${name}-error` : undefined}
          className={FIELD}
        />
        {error && (
          <p id={`reports-${name}-error`} className="mt-1 text-sm text-red-800">
            {t(error, { max: MAX_SPAN_DAYS })}
          </p>
        )}
      </div>
    );
  };
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.reports.title")}</h1>
      <p className="text-sm text-slate-700">{t("admin.reports.intro")}</p>
      <AdminPanel id="reports-range" title={t("admin.reports.range")}>
        <form method="get" action={href("/admin/reports")} className="flex flex-wrap items-end gap-3" noValidate>
          {field("from")}
          {field("to")}
          <button type="submit" className={BUTTON}>
            {t("admin.reports.show")}
          </button>
        </form>
        <p className="mt-2 text-sm text-slate-700">{t("admin.reports.rangeHelp")}</p>
      </AdminPanel>
      {reports &&
        REPORTS.map((kind) => (
          <ReportSection
            key={kind}
            kind={kind}
            reports={reports}
            csvHref={href(`/admin/reports.csv?report=${kind}&from=${reports.range.from}&to=${reports.range.to}`)}
          />
        ))}
    </div>
  );
}
