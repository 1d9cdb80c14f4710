import { data } from "react-router";
import { requireStaff } from "~/features/admin/guard.server";
import { reportCsv, reportCsvFilename } from "~/features/reports/csv.server";
import { parseRange } from "~/features/reports/range";
import { loadReports } from "~/features/reports/reports.server";
import { isReportKind } from "~/features/reports/tables";
import { requireLanguage } from "~/i18n/require-language";
import { csvResponse } from "~/utils/csv";
import { havanaDate } from "~/utils/dates";
import type { Route } from "./+types/reports-csv";

// Reports (docs/features.md): one report's table as a CSV file (UTF-8 with BOM), e.g.
// /es/admin/reports.csv?report=daily&from=2026-11-01&to=2026-11-30 (defaults: the daily sales of the
// last 30 days, as on the page). An unknown report or a bad range is a 400.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "reports");
  const lang = requireLanguage(request, params.lang);
  const query = new URL(request.url).searchParams;
  const kind = query.get("report") ?? "daily";
  const range = parseRange(query, havanaDate());
  if (!isReportKind(kind) || !range.ok) throw data(null, { status: 400 });
  const reports = await loadReports(db, range, lang);
  return csvResponse(reportCsv(kind, reports, lang), reportCsvFilename(kind, range));
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "reports", "change");
  throw data(null, { status: 405 });
}
