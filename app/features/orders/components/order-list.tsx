import { Link } from "~/components/router-links";
import { SECONDARY_ACTION } from "~/features/catalog/components/empty-state";
import { useT } from "~/i18n/use-t";
import type { OrderRowView } from "../order-page-view";
import { CARD, StatusBadge } from "./order-ui";
import { useOrderMoney } from "./use-order-money";

/** §2.15 the shopper's orders, newest first: number, status, date, total, units, and a link to each. */
export function OrderList({ orders }: { orders: OrderRowView[] }) {
  const t = useT();
  const money = useOrderMoney();
  return (
    <ul aria-label={t("orders.page.listLabel")} className="mt-4 grid gap-3">
      {orders.map((order) => (
        <li key={order.id}>
          <article
            aria-labelledby={`order-${order.id}`}
            className={`${CARD} grid gap-3 sm:grid-cols-[1fr_auto] sm:items-center`}
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 id={`order-${order.id}`} className="min-w-0 text-base font-semibold text-slate-900">
                  {t("orders.page.orderNumber")} <span className="font-mono text-sm break-all">{order.id}</span>
                </h2>
                <StatusBadge status={order.status} />
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700 sm:flex sm:flex-wrap sm:gap-x-6">
                <div className="contents sm:flex sm:gap-1">
                  <dt className="font-medium text-slate-600">{t("orders.page.date")}:</dt>
                  <dd>
                    <time dateTime={order.iso}>{order.date}</time>
                  </dd>
                </div>
                <div className="contents sm:flex sm:gap-1">
                  <dt className="font-medium text-slate-600">{t("orders.page.total")}:</dt>
                  <dd className="font-semibold text-slate-900">{money.total(order)}</dd>
                </div>
              </dl>
              <p className="mt-1 text-sm text-slate-700">{t("orders.page.items", { count: order.itemCount })}</p>
            </div>
            <Link to={`?order=${encodeURIComponent(order.id)}`} className={`${SECONDARY_ACTION} w-full sm:w-auto`}>
              {t("orders.page.view")}
              <span className="sr-only"> {t("orders.page.viewOf", { id: order.id })}</span>
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}
