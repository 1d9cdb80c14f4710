import type { ordersEs } from "./orders.es";

export const ordersEn = {
  "checkout.errors.firstNameRequired": "First name is required",
  "checkout.errors.lastNameRequired": "Last name is required",
  "checkout.errors.clientIdRequired": "Identity card number is required",
  "checkout.errors.clientIdInvalid": "The identity card number can only hold letters, digits and hyphens",
  "checkout.errors.addressRequired": "Address is required",
  "checkout.errors.cityRequired": "City is required",
  "checkout.errors.stateRequired": "State/Province is required",
  "checkout.errors.phoneRequired": "Phone number is required",
  "checkout.errors.phoneInvalid": "The phone number can only hold digits, spaces, +, -, ( and )",
  "checkout.errors.tooLong": "This text is too long",
  "checkout.errors.invalidText": "This field contains characters that are not allowed",
  "checkout.errors.invalidValue": "Invalid value",
  "checkout.errors.invalidBody": "The order data is not valid",
  "checkout.errors.giftMessageTooLong": "The gift message can be at most 255 characters long",
  "checkout.errors.amountInvalid": "The order total is not a valid amount",
  "checkout.errors.shippingPriceInvalid": "The shipping price is not a valid amount in CUP",
  "checkout.errors.cashOnly": "For now we only accept cash on delivery",
  "checkout.errors.idempotencyKey": "The Idempotency-Key header is not valid",
  "checkout.errors.emptyCart": "Your cart is empty",
  "checkout.errors.totalChanged":
    "Your order total has changed. Please review the new total and shipping before placing your order.",
  "checkout.errors.notEnoughStock": "Not enough stock of {name}: only {stock} left",
  "checkout.errors.soldOut": "{name} is out of stock: remove it from your cart to continue",
  // Delivery zones (docs/decisions/013-delivery-zones.md): the municipality typed is outside the zones served now.
  "checkout.errors.zoneNotServed": "We do not deliver to {name}.",
  "checkout.errors.zonePaused": "Delivery to {name} is paused: {reason}",
  "checkout.errors.zoneNoExpress": "No express delivery to {name}: choose standard.",
  "checkout.errors.zoneMinOrder": "The minimum order for {name} is {amount} of goods.",
  "checkout.errors.failed": "Failed to place order. Please try again.",
  "checkout.errors.network": "Network error. Please check your connection.",
  "checkout.errors.server": "Server error. Please try again later.",

  "shipping.errors.invalidLocation": "Please select your delivery location on the map",
  "shipping.errors.outsideCuba": "We only deliver in Cuba: please pick a point on the island",
  "shipping.errors.invalidOption": "Please choose standard or express delivery",
  "shipping.errors.expressClosed":
    "Express delivery is not available from {cutoff} (Havana time). Please choose standard delivery.",
  "shipping.errors.failed": "Unable to calculate shipping cost",

  "coupons.errors.required": "Please enter a coupon code",
  "coupons.applied": "Coupon applied successfully",

  "orders.errors.notFound": "Order not found",
  "orders.errors.cannotCancel":
    "This order can no longer be cancelled because it is '{status}'. Please contact customer service to cancel it.",
  "orders.errors.invalidTransition": "An order that is '{from}' cannot move to '{to}'",
  "orders.errors.cancelFailed": "Error cancelling order",
  "orders.errors.invoiceFailed": "Error downloading invoice",
  "orders.errors.reorderFailed": "Error reordering",
  "orders.cancelled": "Order cancelled",
  "orders.reorder.productGone": "This product is no longer sold",
  "orders.reorder.outOfStock": "Product is out of stock",
  "orders.reorder.optionGone": "This colour or variety is no longer available",
  "orders.reorder.capped": "Only {count} available: your cart has them all",
} satisfies Record<keyof typeof ordersEs, string>;
