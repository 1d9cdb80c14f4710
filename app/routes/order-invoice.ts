import { appContext } from "~/context";
import { requireUser } from "~/features/accounts/require-user.server";
import { getCompanyInfo } from "~/features/content/content.server";
import { renderInvoicePdf } from "~/features/orders/invoice.server";
import { getOrder } from "~/features/orders/orders.server";
import { translate } from "~/i18n/i18n";
import { getMessages } from "~/i18n/messages.server";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/order-invoice";

/** Personal documents: no shared cache may keep them. */
const NO_STORE = "private, no-store";

/**
 * decision “Invoice and reorder” invoice for the browser (§2.15 'Download invoice'): the shopper's own order as a PDF in the
 * page's language, as an attachment named after the transaction id. Pages call the feature module,
 * not the REST API. Signed out: login, then back here (decision “Signed-out visitors go to login at once”). Another shopper's or an unknown id is
 * a 404 (decision “Order ids are unguessable and private”) whose short text is §8's 'Error downloading invoice'.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const order = await getOrder(db, user.id, params.transactionId);
  if (!order) {
    const text = translate(getMessages(lang), lang, "orders.errors.invoiceFailed");
    return new Response(`${text}\n`, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
    });
  }
  const company = await getCompanyInfo(db, lang);
  const pdf = await renderInvoicePdf(order, { lang, company: company ?? undefined });
  const name = `${lang === "en" ? "invoice" : "factura"}-${order.transactionId}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": NO_STORE,
    },
  });
}
