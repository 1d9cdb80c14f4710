import type { orderDocsEs } from "./order-docs.es";

export const orderDocsEn = {
  "invoice.title": "Invoice",
  "invoice.documentTitle": "Invoice for order {id}",
  "invoice.orderNumber": "Order no.",
  "invoice.date": "Date",
  "invoice.havanaTime": "Havana time",
  "invoice.status": "Status",
  "invoice.status.not_processed": "Processing",
  "invoice.status.processed": "Processed",
  "invoice.status.shipping": "On its way",
  "invoice.status.delivered": "Delivered",
  "invoice.status.cancelled": "Cancelled",
  "invoice.store.email": "Email",
  "invoice.store.phone": "Phone",

  "invoice.deliverTo": "Delivery details",
  "invoice.fullName": "Name",
  "invoice.identityCard": "Identity card",
  "invoice.phone": "Phone",
  "invoice.address": "Address",
  "invoice.city": "Municipality",
  "invoice.province": "Province",
  "invoice.zip": "ZIP code",
  "invoice.country": "Country",
  "invoice.deliveryPoint": "Delivery point (latitude, longitude)",
  "invoice.delivery": "Delivery",
  "invoice.deliveryOption": "Delivery option",
  "invoice.option.standard": "Standard",
  "invoice.option.express": "Express",
  "invoice.estimate": "Estimate",
  "invoice.estimate.standard": "1 to 2 business days in Havana",
  "invoice.estimate.express": "Same day, when ordered before {cutoff}",
  "invoice.gift": "Gift order",
  "invoice.giftMessage": "Gift message",

  "invoice.table.product": "Product",
  "invoice.table.variant": "Colour / variety",
  "invoice.table.quantity": "Qty",
  "invoice.table.unitPrice": "Unit price",
  "invoice.table.amount": "Amount",
  "invoice.table.continued": "Items (continued)",
  "invoice.color": "Colour: {color}",
  "invoice.variety": "Variety: {variety}",

  "invoice.subtotal": "Goods subtotal",
  "invoice.coupon": "Coupon {name}",
  "invoice.discount": "Discount",
  "invoice.goodsTotal": "Goods total",
  "invoice.shipping": "Shipping (charged in CUP)",
  "invoice.shippingFree": "Free",
  "invoice.total": "Total",
  "invoice.totalMixed": "{usd} + {cup} shipping",
  "invoice.totalCup": "Total in CUP",
  "invoice.rateNote":
    "Total in CUP = goods total ({usd}) at the order's rate, 1 USD = {rate} CUP, plus shipping ({shipping}). Shipping is always charged in CUP.",

  "invoice.payment": "Payment",
  "invoice.paymentCash": "cash on delivery",
  "invoice.billsNotice": "1, 5 and 10 CUP bills are not accepted.",
  "invoice.thanks": "Thank you for shopping at {name}!",
  "invoice.questions": "Questions about your order? Write to {email} or call {phone}.",
  "invoice.page": "Page {n} of {total}",

  "email.order.footer": "{name}, Havana. Any questions? Write to us through the customer service chat.",
  "email.order.action": "View my order",
  "email.order.summary": "Order summary",
  "email.order.items": "Items",
  "email.order.totals": "Totals",
  "email.order.unitPrice": "{price} each",
  "email.order.note": "Note from the store: {note}",

  "email.order.confirmation.subject": "We received your order {id}",
  "email.order.confirmation.intro": "Thank you for your purchase! We received your order {id} on {date}.",
  "email.order.confirmation.next":
    "We will write to you each time its status changes. From your account you can track it, download the invoice, or cancel it until it leaves for delivery.",

  "email.order.status.subject.not_processed": "Your order {id} is pending",
  "email.order.status.subject.processed": "We are preparing your order {id}",
  "email.order.status.subject.shipping": "Your order {id} is on its way",
  "email.order.status.subject.delivered": "Your order {id} has been delivered",
  "email.order.status.subject.cancelled": "Your order {id} has been cancelled",
  "email.order.status.text.not_processed":
    "Your order {id} is waiting to be processed. We will let you know as soon as we start preparing it.",
  "email.order.status.text.processed":
    "We have confirmed your order {id} and are preparing it for delivery. You can still cancel it from your account until it leaves for delivery.",
  "email.order.status.text.shipping":
    "Your order {id} has left for the delivery address. Please have the cash payment ready: {total}.",
  "email.order.status.text.delivered": "We delivered your order {id}. Thank you for shopping at {name}!",
  "email.order.status.text.cancelled":
    "We cancelled your order {id}. The items went back into the store's stock and you do not have to pay for them.",
  "email.order.status.shippingCancel":
    "As the order has left, it can now only be cancelled through customer service, and the shipping costs are still owed.",
  "email.order.status.deliveredWarranty":
    "If an item under warranty arrived defective, tell us within {hours} hours of delivery and we will replace it.",
  "email.order.status.cancelledShipping":
    "If the order had already left for delivery when it was cancelled, you may still owe the shipping costs.",
  "email.order.status.cancelledShippingAmount":
    "If the order had already left for delivery when it was cancelled, you may still owe the shipping costs ({shipping}).",
} satisfies Record<keyof typeof orderDocsEs, string>;
