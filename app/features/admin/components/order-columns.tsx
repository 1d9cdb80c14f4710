/**
 * The columns every back-office list of orders shares (the orders page, a customer's page): the
 * status, the goods total in USD and the shipping in CUP ("free" when there is none).
 */
import type { OrderStatus } from "~/db/schema/orders";
import type { TFunction } from "~/i18n/i18n";
import type { Column } from "./ui";

/** What these columns read of a row, already formatted on the server. */
export type OrderMoneyRow = { status: OrderStatus; amount: string; shipping: string | null };

export function orderMoneyColumns<Row extends OrderMoneyRow>(t: TFunction): Column<Row>[] {
  return [
    {
      key: "status",
      header: t("admin.orders.col.status"),
      label: t("admin.orders.col.status"),
      cell: (row) => <span data-status={row.status}>{t(`invoice.status.${row.status}`)}</span>,
    },
    {
      key: "amount",
      header: t("admin.orders.col.amount"),
      label: t("admin.orders.col.amount"),
      cell: (row) => <span className="tabular-nums">{row.amount}</span>,
      align: "end",
    },
    {
      key: "shipping",
      header: t("admin.orders.col.shipping"),
      label: t("admin.orders.col.shipping"),
      cell: (row) => <span className="tabular-nums">{row.shipping ?? t("admin.orders.shippingFree")}</span>,
      align: "end",
    },
  ];
}
