import { data } from "react-router";
import { requireStaff } from "~/features/admin/guard.server";
import { catalogCsv, catalogCsvFilename } from "~/features/catalog/catalog-csv.server";
import { csvResponse } from "~/utils/csv";
import type { Route } from "./+types/products-csv";

// Catalogue import and export (docs/features.md): every product as a CSV file (UTF-8 with BOM), for operators only.

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = requireStaff(context, "products");
  const csv = await catalogCsv(db, env.PUBLIC_URL);
  return csvResponse(csv, catalogCsvFilename());
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "products", "change");
  throw data(null, { status: 405 });
}
