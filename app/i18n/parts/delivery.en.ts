import type { deliveryEs } from "./delivery.es";

/** The "Deliver to" page and the delivery notes, in English. */
export const deliveryEn = {
  "delivery.title": "Where should we deliver?",
  "delivery.intro":
    "Choose the municipality where you will receive your order: we will tell you whether we deliver there and how long it takes. You can change it at any time.",
  "delivery.field.municipality": "Municipality",
  "delivery.submit": "Save",
  "delivery.saved": "Done: we deliver your orders to {name}.",
  "delivery.current": "Now: {name} ({province})",
  "delivery.option.paused": "{name} (paused)",
  "delivery.option.notServed": "{name} (not served)",
  "delivery.open": "We deliver to {name} in {min} to {max} business days.",
  "delivery.express.yes": "Express delivery is available.",
  "delivery.express.no": "No express delivery here.",
  "delivery.minOrder": "Minimum order: {amount} of goods.",
  "delivery.paused": "Delivery to {name} is paused: {reason}",
  "delivery.notServed": "We do not deliver to {name} yet.",
  "delivery.back": "Continue shopping",
  "delivery.errors.municipality": "Choose a municipality from the list.",
  "delivery.note.open": "Delivered to {name} in {min} to {max} business days.",
  "delivery.note.paused": "Cannot be delivered to {name} now: {reason}",
  "delivery.note.notServed": "We do not deliver to {name}.",
  "delivery.note.choose": "Change",
} satisfies Record<keyof typeof deliveryEs, string>;
