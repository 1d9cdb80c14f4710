/**
 * The read-only panels of the back office's order page (§4.1): lines, money, customer, gift
 * and history. Plain server-rendered markup, as ui.tsx's building blocks.
 */
import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import type { AdminOrderPage } from "../order-page.server";
import { AdminPanel, AdminTable } from "./ui";

/** What a history note written by changeOrderStatus for a move without a note says. */
const ACTOR_NOTES = ["operator", "customer", "system"] as const;

/** Label and value pairs, side by side from `sm` up. */
export function DetailList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-600">{label}</dt>
          <dd className="mb-1 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The order's lines: product, variety, colour, units, unit price and amount. */
export function OrderLinesPanel({ lines }: Pick<AdminOrderPage, "lines">) {
  const t = useT();
  return (
    <AdminPanel id="order-lines" title={t("admin.orders.lines.title")}>
      <AdminTable
        caption={t("admin.orders.lines.title")}
        rows={lines}
        rowKey={(line) => line.key}
        columns={[
          {
            key: "name",
            header: t("admin.orders.lines.product"),
            label: t("admin.orders.lines.product"),
            cell: (line) => line.name,
          },
          {
            key: "variety",
            header: t("admin.orders.lines.variety"),
            label: t("admin.orders.lines.variety"),
            cell: (line) => line.variety || "—",
          },
          {
            key: "color",
            header: t("admin.orders.lines.color"),
            label: t("admin.orders.lines.color"),
            cell: (line) => line.color || "—",
          },
          {
            key: "count",
            header: t("admin.orders.lines.count"),
            label: t("admin.orders.lines.count"),
            cell: (line) => <span className="tabular-nums">{line.count}</span>,
            align: "end",
          },
          {
            key: "unit",
            header: t("admin.orders.lines.unit"),
            label: t("admin.orders.lines.unit"),
            cell: (line) => <span className="tabular-nums">{line.unit}</span>,
            align: "end",
          },
          {
            key: "total",
            header: t("admin.orders.lines.total"),
            label: t("admin.orders.lines.total"),
            cell: (line) => <span className="tabular-nums">{line.total}</span>,
            align: "end",
          },
        ]}
      />
    </AdminPanel>
  );
}

/** Goods, discount or coupon, amount, shipping in CUP, the order's rate, and the CUP total. */
export function OrderMoneyPanel({ money }: Pick<AdminOrderPage, "money">) {
  const t = useT();
  return (
    <AdminPanel id="order-money" title={t("admin.orders.money.title")}>
      <DetailList
        rows={[
          [t("admin.orders.money.goods"), money.goods],
          ...(money.discount
            ? [
                [
                  money.coupon
                    ? t("admin.orders.money.coupon", { name: money.coupon })
                    : t("admin.orders.money.discount"),
                  money.discount,
                ] as [string, string],
              ]
            : []),
          [t("admin.orders.money.amount"), <strong key="amount">{money.amount}</strong>],
          [t("admin.orders.money.shipping"), money.shipping ?? t("admin.orders.shippingFree")],
          [t("admin.orders.money.rate"), t("admin.orders.money.rateValue", { rate: money.rate })],
          [t("admin.orders.money.totalCup"), <strong key="cup">{money.totalCup}</strong>],
        ]}
      />
    </AdminPanel>
  );
}

/** Who ordered: the delivery contact, the account's email and the order's language. */
export function OrderCustomerPanel({ customer }: Pick<AdminOrderPage, "customer">) {
  const t = useT();
  return (
    <AdminPanel id="order-customer" title={t("admin.orders.customer.title")}>
      <DetailList
        rows={[
          [t("admin.orders.customer.name"), customer.name],
          [
            t("admin.orders.customer.email"),
            <span key="email" className="break-all">
              {customer.email}
            </span>,
          ],
          [t("admin.orders.customer.phone"), customer.phone],
          [t("admin.orders.customer.clientId"), customer.clientId],
          [t("admin.orders.customer.address"), customer.address],
          [t("admin.orders.customer.city"), customer.city],
          [t("admin.orders.customer.province"), customer.province],
          [t("admin.orders.customer.zip"), customer.zip || "—"],
          [t("admin.orders.customer.language"), t(`admin.orders.language.${customer.language}`)],
        ]}
      />
    </AdminPanel>
  );
}

/** Whether the order is a gift, and its message. */
export function OrderGiftPanel({ gift }: Pick<AdminOrderPage, "gift">) {
  const t = useT();
  return (
    <AdminPanel id="order-gift" title={t("admin.orders.gift.title")}>
      {gift.isGift ? (
        <>
          <p className="text-sm font-semibold">{t("admin.orders.gift.yes")}</p>
          <p className="mt-1 text-sm whitespace-pre-line">
            {gift.message ? `“${gift.message}”` : t("admin.orders.gift.noMessage")}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-700">{t("admin.orders.gift.no")}</p>
      )}
    </AdminPanel>
  );
}

/** The status history, newest first; a move without a note says who made it. */
export function OrderHistoryPanel({ history }: Pick<AdminOrderPage, "history">) {
  const t = useT();
  const historyNote = (note: string) =>
    (ACTOR_NOTES as readonly string[]).includes(note)
      ? t(`admin.orders.history.by.${note as (typeof ACTOR_NOTES)[number]}`)
      : note;
  return (
    <AdminPanel id="order-history" title={t("admin.orders.history.title")}>
      <AdminTable
        caption={t("admin.orders.history.title")}
        rows={history}
        rowKey={(entry) => entry.key}
        columns={[
          {
            key: "status",
            header: t("admin.orders.history.status"),
            label: t("admin.orders.history.status"),
            cell: (entry) => t(`invoice.status.${entry.status}`),
          },
          {
            key: "when",
            header: t("admin.orders.history.when"),
            label: t("admin.orders.history.when"),
            cell: (entry) => <time dateTime={entry.iso}>{entry.when}</time>,
          },
          {
            key: "note",
            header: t("admin.orders.history.note"),
            label: t("admin.orders.history.note"),
            cell: (entry) => <span className="break-words">{entry.note ? historyNote(entry.note) : "—"}</span>,
          },
        ]}
      />
    </AdminPanel>
  );
}
