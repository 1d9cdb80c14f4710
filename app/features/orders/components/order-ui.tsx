/** What several parts of the orders page share: the card's classes and the status badge. */
import type { TranslationKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import type { OrderStatus } from "../types";

const STATUS_BADGE: Record<OrderStatus, string> = {
  not_processed: "bg-amber-100 text-amber-950 ring-amber-300",
  processed: "bg-blue-100 text-blue-950 ring-blue-300",
  shipping: "bg-indigo-100 text-indigo-950 ring-indigo-300",
  delivered: "bg-green-100 text-green-950 ring-green-300",
  cancelled: "bg-slate-200 text-slate-900 ring-slate-400",
};

export const CARD = "rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:p-5";

/** The message key of a status's name (the invoice's words). */
export const statusKey = (status: OrderStatus) => `invoice.status.${status}` as TranslationKey;

export function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${STATUS_BADGE[status]}`}
    >
      {t(statusKey(status))}
    </span>
  );
}
