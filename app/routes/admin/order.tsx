import { data, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { metaT, pageMeta } from "~/components/seo";
import { orderStatuses } from "~/db/schema/orders";
import { FormMessage } from "~/components/ui/form-fields";
import { OrderDeliveryPanel } from "~/features/admin/components/order-delivery-panel";
import { OrderMovePanel } from "~/features/admin/components/order-move-panel";
import {
  OrderCustomerPanel,
  OrderGiftPanel,
  OrderHistoryPanel,
  OrderLinesPanel,
  OrderMoneyPanel,
} from "~/features/admin/components/order-panels";
import { type AdminFormResult, formValues, optionalText, parseWith } from "~/features/admin/forms.server";
import { requireStaff, staffCan } from "~/features/admin/guard.server";
import { adminOrderPage } from "~/features/admin/order-page.server";
import { MOVE_NOTE_MAX, getAdminOrder } from "~/features/orders/admin-list.server";
import { changeOrderStatus } from "~/features/orders/status.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { localePath } from "~/i18n/links";
import { z } from "zod";
import type { Route } from "./+types/order";
import { readForm } from "~/utils/forms.server";

// (§4.1, decision “The back office”) one order for the operator — lines, money, customer, delivery
// point (coordinates and a map link without JavaScript, a small map with it), gift, history — and
// the status moves §4.1 allows from where it is. Each move goes through changeOrderStatus: the
// history the shopper's tracking shows, the customer's email in the order's language, stock back
// on a cancellation, and the audit entry, all in one place.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, env, user } = requireStaff(context, "orders");
  const lang = requireLanguage(request, params.lang);
  const found = await getAdminOrder(db, params.transactionId);
  if (!found) throw data(null, { status: 404 });
  // Support reads the order; only a role that may move it sees the moves and the delivery sheet.
  const may = { move: staffCan(user, "orders", "change"), sheet: staffCan(user, "deliverySheets") };
  return { ...adminOrderPage(found, lang, env.MAP_TILE_URL), may };
}

const MoveSchema = z.object({
  to: z.enum(orderStatuses, "admin.orders.move.unknown"),
  note: optionalText(MOVE_NOTE_MAX),
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env, actor } = requireStaff(context, "orders", "change");
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const parsed = parseWith(MoveSchema, formValues(form));
  if (!parsed.ok) {
    return data<AdminFormResult>({ errors: parsed.errors, values: formValues(form) }, { status: 400 });
  }
  const { to, note } = parsed.data;
  const result = await changeOrderStatus({ db, env }, { transactionId: params.transactionId }, to, {
    note,
    actor: "operator",
    audit: actor,
  });
  if (!result.ok) {
    if (result.status === 404) throw data(null, { status: 404 });
    // A stale page (another operator moved it, or a move §4.1 does not allow): say so, keep the note.
    return data<AdminFormResult>({ formError: "admin.orders.move.invalid", values: formValues(form) }, { status: 409 });
  }
  return redirect(localePath(lang, `/admin/orders/${result.order.transactionId}?moved=${to}`), 303);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: metaT(args)("admin.orders.detail.title", { id: args.params.transactionId ?? "" }),
    noIndex: true,
  });

export default function AdminOrder() {
  const loaded = useLoaderData<typeof loader>();
  const { id, status, placed, placedIso } = loaded;
  const answer = useActionData<typeof action>() as AdminFormResult | undefined;
  const t = useT();
  const href = useLocalePath();
  const [search] = useSearchParams();
  const moved = search.get("moved");
  return (
    <div className="space-y-3">
      <p>
        <a
          href={href("/admin/orders")}
          className="inline-flex min-h-11 items-center text-sm text-blue-800 underline underline-offset-2"
        >
          {t("admin.orders.detail.back")}
        </a>
      </p>
      <h1 className="text-xl font-bold break-all text-slate-900">{t("admin.orders.detail.title", { id })}</h1>
      {moved && (orderStatuses as readonly string[]).includes(moved) && moved === status && (
        <FormMessage tone="success">
          {t("admin.orders.move.done", { status: t(`invoice.status.${status}`) })}
        </FormMessage>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
        <p>
          {t("admin.orders.detail.placed")} <time dateTime={placedIso}>{placed}</time>
        </p>
        {loaded.may.sheet && (
          <a
            href={href(`/admin/orders/${id}/sheet`)}
            className="inline-flex min-h-11 items-center rounded-md border border-slate-400 bg-white px-3 font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            {t("admin.orders.detail.sheet")}
          </a>
        )}
      </div>

      {loaded.may.move && (
        <OrderMovePanel status={status} moves={loaded.moves} noteMax={loaded.noteMax} answer={answer} />
      )}
      <OrderLinesPanel lines={loaded.lines} />
      <div className="grid gap-3 md:grid-cols-2">
        <OrderMoneyPanel money={loaded.money} />
        <OrderCustomerPanel customer={loaded.customer} />
      </div>
      <OrderDeliveryPanel delivery={loaded.delivery} />
      <OrderGiftPanel gift={loaded.gift} />
      <OrderHistoryPanel history={loaded.history} />
    </div>
  );
}
