/**
 * The life of an order (spec §4.1; docs/product-decisions.md, "Order statuses and cancellation"):
 * the moves between its statuses, which of them the shopper may cancel from, and the forward path
 * the tracking timeline draws. The one home of these rules: the orders page, the back office, the
 * REST API, the help centre and the assistant all read them here. Browser-safe (no server import).
 * The list of statuses itself is the `orders.status` column's type (`orderStatuses` in the schema).
 */
import type { OrderStatus } from "~/db/schema/orders";

/** The status every order is placed in. */
export const PLACED_STATUS = "not_processed" satisfies OrderStatus;

/**
 * §4.1: the forward path of an order, and cancellation from its first two states. Nothing moves
 * backwards or out of delivered or cancelled. Forward moves are listed first, cancel last.
 */
const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  not_processed: ["processed", "cancelled"],
  processed: ["shipping", "cancelled"],
  shipping: ["delivered"],
  delivered: [],
  cancelled: [],
};

/** Whether an order in `from` may move to `to` (§4.1). */
export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses an order in `from` may be moved to (§4.1), forward moves first, cancel last. */
export function allowedMoves(from: OrderStatus): OrderStatus[] {
  return [...TRANSITIONS[from]];
}

/** §4.1: the customer may cancel while the order is not_processed or processed. */
export function isCancellable(status: OrderStatus): boolean {
  return canChangeStatus(status, "cancelled");
}

/** Whether the order is finished (delivered or cancelled): no move is left. */
export function isFinished(status: OrderStatus): boolean {
  return TRANSITIONS[status].length === 0;
}

/** The statuses a shopper may cancel from, in the order of the path (help centre, assistant). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = (Object.keys(TRANSITIONS) as OrderStatus[]).filter(
  isCancellable,
);

/** The forward path from placing to delivery (§2.15 tracking): every move that is not a cancel. */
export const ORDER_PATH: readonly OrderStatus[] = (() => {
  const path: OrderStatus[] = [PLACED_STATUS];
  for (let next = TRANSITIONS[PLACED_STATUS].find((to) => to !== "cancelled"); next; ) {
    path.push(next);
    next = TRANSITIONS[next].find((to) => to !== "cancelled");
  }
  return path;
})();
