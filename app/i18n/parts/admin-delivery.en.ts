import type { adminDeliveryEs } from "./admin-delivery.es";

/** The back office's delivery zones in English. */
export const adminDeliveryEn = {
  "admin.nav.zones": "Delivery zones",
  "admin.zones.title": "Delivery zones",
  "admin.zones.intro":
    "Mark where the store delivers. A paused municipality (no fuel, power cuts) takes no orders and its shoppers see why. What you change reaches the store at once.",
  "admin.zones.provinceSummary": "{province}: {served} of {total} served, {paused} paused",
  "admin.zones.status.open": "Delivery open",
  "admin.zones.status.paused": "Paused: {reason}",
  "admin.zones.status.notServed": "Not served",
  "admin.zones.days": "{min} to {max} business days",
  "admin.zones.express.yes": "Express offered",
  "admin.zones.express.no": "No express",
  "admin.zones.minOrder": "Minimum order {amount}",
  "admin.zones.edit": "Edit",
  "admin.zones.editZone": "Edit the zone of {name}",
  "admin.zones.saved": "Zone of {name} saved.",
  "admin.zones.resetDone": "Zone of {name} back to the defaults.",
  "admin.zones.editTitle": "Delivery zone: {name} ({province})",
  "admin.zones.field.served": "The store delivers to this municipality",
  "admin.zones.field.paused": "Delivery paused for now",
  "admin.zones.field.pauseReasonEs": "Reason for the pause (Spanish)",
  "admin.zones.field.pauseReasonEn": "Reason for the pause (English)",
  "admin.zones.field.minDays": "Delivery in at least (business days)",
  "admin.zones.field.maxDays": "Delivery in at most (business days)",
  "admin.zones.field.express": "Express delivery offered",
  "admin.zones.field.minOrder": "Minimum order (USD)",
  "admin.zones.hint.pauseReason": "Shoppers see it. For example: “No fuel until Monday”.",
  "admin.zones.hint.minOrder": "Goods total in USD; 0 for no minimum.",
  "admin.zones.submit": "Save zone",
  "admin.zones.reset": "Back to the defaults",
  "admin.zones.defaults":
    "By default a municipality has delivery open, in 1 to 2 business days, with express and no minimum order.",
  "admin.zones.back": "Back to delivery zones",
  "admin.zones.errors.days": "The maximum cannot be less than the minimum.",
  "admin.zones.errors.reason": "Write why delivery is paused: shoppers will see it.",
} satisfies Record<keyof typeof adminDeliveryEs, string>;
