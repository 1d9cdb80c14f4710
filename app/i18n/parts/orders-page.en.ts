import type { ordersPageEs } from "./orders-page.es";

export const ordersPageEn = {
  "orders.page.title": "Your orders",
  "orders.page.detailTitle": "Order {id}",
  "orders.page.intro": "See your orders, track them, download the invoice, order again or cancel an order.",
  "orders.page.listLabel": "Your orders, newest first",
  "orders.page.empty.title": "You have no orders yet",
  "orders.page.empty.text": "When you place an order you will see it here and can track it until it reaches your door.",
  "orders.page.empty.action": "Start shopping",

  "orders.page.orderNumber": "Order",
  "orders.page.date": "Date",
  "orders.page.status": "Status",
  "orders.page.total": "Total",
  "orders.page.items_one": "{count} item",
  "orders.page.items_other": "{count} items",
  "orders.page.totalMixed": "{goods} + {shipping} shipping",
  "orders.page.view": "View details",
  "orders.page.viewOf": "of order {id}",
  "orders.page.back": "Back to your orders",

  "orders.page.notFound.text":
    "We could not find that order among yours. Check the number or choose one from the list.",

  "orders.page.placedOn": "Placed on {date}",
  "orders.page.actions": "Order actions",
  "orders.page.track": "Track order",
  "orders.page.invoice": "Download invoice",
  "orders.page.invoiceBusy": "Downloading…",
  "orders.page.reorder": "Order again",
  "orders.page.reorderBusy": "Adding to cart…",
  "orders.page.cancel": "Cancel order",

  "orders.page.lines": "Items",
  "orders.page.quantity": "Quantity: {count}",
  "orders.page.unitPrice": "{price} each",
  "orders.page.lineTotal": "Amount",
  "orders.page.totals": "Order totals",
  "orders.page.rateNote": "You pay in cash when the order arrives. Shipping is always charged in CUP.",

  "orders.page.tracking": "Tracking",
  "orders.page.step.done": "done",
  "orders.page.step.current": "current status",
  "orders.page.step.upcoming": "upcoming",
  "orders.page.step.upcomingDate": "Next step",

  "orders.page.cancelTitle": "Cancel the order",
  "orders.page.cancelHelp":
    "You can cancel an order unless it is on its way or delivered. If it is cancelled once it is on its way, the shipping costs are still owed.",
  "orders.page.cannotCancel":
    "This order can no longer be cancelled here. Please contact customer service to cancel it.",
  "orders.page.confirm.title": "Are you sure you want to cancel order {id}?",
  "orders.page.confirm.text": "The items will go back to the store. This cannot be undone.",
  "orders.page.confirm.yes": "Yes, cancel the order",
  "orders.page.confirm.busy": "Cancelling…",
  "orders.page.confirm.no": "No, keep the order",
  "orders.page.cancelled": "We cancelled your order {id}. The items went back to the store.",

  "orders.page.reorder.added": "We added the items of your order to your cart.",
  "orders.page.reorder.partial":
    "We added what is still available from your order to your cart. Not everything was added: {lines}",
  "orders.page.reorder.none": "None of the items of your order could be added to your cart: {lines}",
  "orders.page.reorder.more": "and {count} more",
} satisfies Record<keyof typeof ordersPageEs, string>;
