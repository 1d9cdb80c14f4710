import { data } from "react-router";
import { renderDeliverySheetPdf } from "~/features/admin/delivery-sheet.server";
import { requireStaff } from "~/features/admin/guard.server";
import { getAdminOrder } from "~/features/orders/admin-list.server";
import { getCompanyInfo } from "~/features/content/content.server";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/order-sheet";

/**
 * The courier's delivery sheet of one order as a PDF, in the operator's page
 * language, shown in the browser to print (inline). A customer's address and phone: no shared
 * cache may keep it. An unknown order is the ordinary 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "deliverySheets");
  const lang = requireLanguage(request, params.lang);
  const found = await getAdminOrder(db, params.transactionId);
  if (!found) throw data(null, { status: 404 });
  const company = await getCompanyInfo(db, lang);
  const pdf = await renderDeliverySheetPdf(found.order, { lang, company: company ?? undefined });
  const name = `${lang === "en" ? "delivery-sheet" : "hoja-de-entrega"}-${found.order.transactionId}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Nothing to post here: refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "deliverySheets", "change");
  throw data(null, { status: 405 });
}
