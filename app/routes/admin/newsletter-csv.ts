import { data } from "react-router";
import { requireOperator } from "~/features/admin/guard.server";
import { csvResponse } from "~/utils/csv";
import { newsletterCsv, newsletterCsvFilename } from "~/features/content/newsletter-admin.server";
import type { Route } from "./+types/newsletter-csv";

// (decision “Newsletter”) every newsletter subscriber as a CSV file, for operators only.

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = requireOperator(context);
  const csv = await newsletterCsv(db);
  return csvResponse(csv, newsletterCsvFilename());
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireOperator(context);
  throw data(null, { status: 405 });
}
