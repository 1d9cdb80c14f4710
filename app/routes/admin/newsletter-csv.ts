import { data } from "react-router";
import { requireStaff } from "~/features/admin/guard.server";
import { csvResponse } from "~/utils/csv";
import { newsletterCsv, newsletterCsvFilename } from "~/features/content/newsletter-admin.server";
import type { Route } from "./+types/newsletter-csv";

// (decision “Newsletter”) every newsletter subscriber as a CSV file, for operators only.

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "newsletter");
  const csv = await newsletterCsv(db);
  return csvResponse(csv, newsletterCsvFilename());
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "newsletter", "change");
  throw data(null, { status: 405 });
}
