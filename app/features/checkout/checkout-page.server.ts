/**
 * The checkout page's server side (spec §2.14, §4.5, §5 Checkout; decision “Free standard shipping”-decision “What create-order receives”): turning the orders
 * module's quote into what the page shows, checking the shipping step with the shared
 * `CheckoutSchema` (the same rules create-order applies), and building the place-order payload
 * from the draft. Money is recomputed by the orders module on every request (decision “The server decides every figure”).
 */
import type { CheckoutQuote } from "~/features/orders/quote.server";
import { CheckoutSchema, checkoutFieldErrors } from "~/features/orders/schemas";
import type { OrderDetail } from "~/features/orders/types";
import { findDeliveryPlace } from "~/features/shipping/municipalities";
import {
  deliveryEstimate,
  DELIVERY_OPTION_KEYS,
  DELIVERY_OPTIONS,
  FALLBACK_SHIPPING_CUP,
  type LatLng,
  isDeliveryOption,
  isExpressAvailable,
  quoteShipping,
} from "~/features/shipping/shipping";
import type { TFunction } from "~/i18n/i18n";
import type {
  CheckoutSummaryView,
  OptionCosts,
  PlaceError,
  PlacedOrderView,
  ShippingFormValues,
  ShippingView,
} from "./checkout-view";
import { formatCoordinate } from "./checkout-view";
import { ADDRESS_FIELDS, type AddressField, type CheckoutDraft } from "./draft.server";

const usd = (cents: number) => cents / 100;

/** The side summary (§2.14) of a quote: lines, subtotal, savings, coupon, amount and shipping. */
export function toSummaryView(quote: CheckoutQuote, couponName: string | undefined): CheckoutSummaryView {
  const compare = quote.lines.reduce((sum, l) => sum + l.lineCompareTotalCents, 0);
  const shipping: ShippingView = quote.shipping.ok
    ? { state: "quoted", cup: quote.shipping.costCup, free: quote.shipping.free }
    : quote.shipping.error === "shipping.errors.invalidLocation"
      ? { state: "pending" }
      : { state: "estimate", cup: FALLBACK_SHIPPING_CUP, error: quote.shipping.error };
  return {
    lines: quote.lines.map((l) => ({
      id: l.id,
      productId: l.product.id,
      name: l.product.display_name || l.product.name,
      color: l.color,
      variety: l.variety,
      count: l.count,
      unitPrice: usd(l.unitPriceCents),
      lineTotal: usd(l.lineTotalCents),
    })),
    unitCount: quote.lines.reduce((sum, l) => sum + l.count, 0),
    subtotal: usd(quote.goodsCents),
    savings: usd(Math.max(0, compare - quote.goodsCents)),
    discount: usd(quote.discountCents),
    coupon: quote.coupon
      ? {
          name: quote.coupon.name,
          percent: quote.coupon.discountPercent,
          amount: quote.coupon.discountCents == null ? null : usd(quote.coupon.discountCents),
        }
      : null,
    couponError:
      quote.couponError && couponName
        ? {
            name: couponName,
            error: quote.couponError,
            ...(quote.couponMinTotalCents === undefined ? {} : { min: usd(quote.couponMinTotalCents) }),
          }
        : null,
    amount: usd(quote.amountCents),
    shipping,
  };
}

/** The draft's delivery point, when it has one. */
export function draftPoint(draft: CheckoutDraft): LatLng | null {
  return draft.latitude !== undefined && draft.longitude !== undefined
    ? { latitude: draft.latitude, longitude: draft.longitude }
    : null;
}

/**
 * decisions “Free standard shipping”, “Shipping price and the express cut-off”: what each option would cost from `from` (the quote's dispatch point) to `point` for
 * goods of `amountCents` (null without a point).
 */
export function optionCosts(point: Partial<LatLng> | null, amountCents: number, now: Date, from: LatLng): OptionCosts {
  const costs = {} as OptionCosts;
  for (const option of DELIVERY_OPTIONS) {
    if (!point) {
      costs[option] = null;
      continue;
    }
    const q = quoteShipping({ from, to: point, option, goodsAfterCouponCents: amountCents, now });
    costs[option] = q.ok ? { ok: true, cup: q.costCup, free: q.free } : { ok: false, error: q.error };
  }
  return costs;
}

const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * The shipping form's values as posted. The point is the chosen place's centre, or the map's
 * point when the place is "map" (set by the map, with JavaScript).
 */
export function readShippingForm(form: FormData): ShippingFormValues {
  const place = formText(form, "place");
  const known = findDeliveryPlace(place);
  const option = formText(form, "delivery_option");
  return {
    first_name: formText(form, "first_name"),
    last_name: formText(form, "last_name"),
    client_id: formText(form, "client_id"),
    address: formText(form, "address"),
    city: formText(form, "city"),
    state: formText(form, "state"),
    zip_code: formText(form, "zip_code"),
    phone: formText(form, "phone"),
    place: known ? known.id : place === "map" ? "map" : "",
    delivery_latitude: known
      ? formatCoordinate(known.latitude)
      : place === "map"
        ? formText(form, "delivery_latitude")
        : "",
    delivery_longitude: known
      ? formatCoordinate(known.longitude)
      : place === "map"
        ? formText(form, "delivery_longitude")
        : "",
    delivery_option: isDeliveryOption(option) ? option : "standard",
    is_gift: form.get("is_gift") === "on",
    gift_message: formText(form, "gift_message"),
    save_profile: form.get("save_profile") === "on",
    recipient: recipientChoice(formText(form, "recipient")),
    save_recipient: form.get("save_recipient") === "on",
  };
}

/** A posted recipient choice: "new", a saved recipient's id, else "self". */
export const recipientChoice = (value: string | undefined) =>
  value === "new" || /^[1-9]\d{0,9}$/.test(value ?? "") ? value! : "self";

/** Fields the shipping step does not own (figures come at review, coupon from the summary). */
const NOT_SHIPPING = new Set([
  "amount",
  "shipping_price",
  "coupon_name",
  "payment_type",
  "shipping_name",
  "shipping_time",
]);

export type ShippingStepResult =
  | {
      ok: true;
      draft: CheckoutDraft;
      profile: { address: string; city: string; state_province_region: string; zipcode: string; phone: string };
    }
  | { ok: false; errors: Record<string, string> };

/**
 * §5: checks the shipping step with the shared schema (the required fields in their order, the
 * point, the option, the gift message), plus the express cut-off (§4.5, decision “Shipping price and the express cut-off”) that create-order
 * applies too. Errors are message keys by field, in the §5 order.
 */
export function checkShippingStep(
  values: ShippingFormValues,
  draft: CheckoutDraft,
  now: Date | null,
): ShippingStepResult {
  const parsed = CheckoutSchema.safeParse({
    ...values,
    is_gift: values.is_gift,
    gift_message: values.is_gift ? values.gift_message : "",
    amount: 0,
    shipping_price: 0,
    payment_type: "cash",
  });
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const [field, key] of Object.entries(checkoutFieldErrors(parsed.error))) {
      if (!NOT_SHIPPING.has(field)) errors[field] = key;
    }
  }
  // One message for the point, whichever coordinate failed.
  if (errors.delivery_longitude && !errors.delivery_latitude) errors.delivery_latitude = errors.delivery_longitude;
  delete errors.delivery_longitude;
  if (now && values.delivery_option === "express" && !isExpressAvailable(now) && !errors.delivery_option) {
    errors.delivery_option = "shipping.errors.expressClosed";
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const d = parsed.data;
  const address: Partial<Record<AddressField, string>> = {
    first_name: d.first_name,
    last_name: d.last_name,
    client_id: d.client_id,
    address: d.address,
    city: d.city,
    state: d.state,
    zip_code: d.zip_code,
    phone: d.phone,
  };
  return {
    ok: true,
    draft: {
      ...draft,
      address,
      place: values.place,
      latitude: d.delivery_latitude,
      longitude: d.delivery_longitude,
      option: d.delivery_option ?? "standard",
      isGift: d.is_gift,
      giftMessage: d.is_gift ? d.gift_message : "",
      saveProfile: values.save_profile,
      recipient: values.recipient,
      saveRecipient: values.save_recipient,
      shippingDone: true,
    },
    profile: {
      address: d.address,
      city: d.city,
      state_province_region: d.state,
      zipcode: d.zip_code,
      phone: d.phone,
    },
  };
}

/**
 * Whether the draft's shipping step still passes (the payment and review steps need it). The
 * express cut-off is not checked here: the review reports it instead of sending the shopper back.
 */
export function isShippingComplete(draft: CheckoutDraft): boolean {
  if (!draft.shippingDone) return false;
  const point = draftPoint(draft);
  const result = checkShippingStep(
    {
      ...shippingValuesFromDraft(draft, { first_name: "", last_name: "" }),
      place: draft.place ?? "map",
      delivery_latitude: point ? formatCoordinate(point.latitude) : "",
      delivery_longitude: point ? formatCoordinate(point.longitude) : "",
    },
    draft,
    null,
  );
  return result.ok;
}

/** The shipping form's initial values: the draft, else the profile and the account's names. */
export function shippingValuesFromDraft(
  draft: CheckoutDraft,
  fallback: Partial<Record<AddressField, string>>,
): ShippingFormValues {
  const a = draft.address ?? {};
  const pick = (field: AddressField) => a[field] ?? fallback[field] ?? "";
  const point = draftPoint(draft);
  return {
    first_name: pick("first_name"),
    last_name: pick("last_name"),
    client_id: pick("client_id"),
    address: pick("address"),
    city: pick("city"),
    state: pick("state"),
    zip_code: pick("zip_code"),
    phone: pick("phone"),
    place: draft.place ?? "",
    delivery_latitude: point ? formatCoordinate(point.latitude) : "",
    delivery_longitude: point ? formatCoordinate(point.longitude) : "",
    delivery_option: draft.option ?? "standard",
    is_gift: draft.isGift ?? false,
    gift_message: draft.giftMessage ?? "",
    save_profile: draft.saveProfile ?? false,
    recipient: recipientChoice(draft.recipient),
    save_recipient: draft.saveRecipient ?? false,
  };
}

/**
 * The draft with the shipping form's values as posted, complete or not: a coupon applied or removed
 * without JavaScript posts the shipping form (checkout-summary.tsx), and what was typed must come
 * back. Nothing is checked here: `isShippingComplete` checks the draft again before the payment
 * and review steps, and the shipping step's own post checks it all (§5).
 */
export function keepShippingValues(draft: CheckoutDraft, values: ShippingFormValues): CheckoutDraft {
  const latitude = Number(values.delivery_latitude);
  const longitude = Number(values.delivery_longitude);
  const hasPoint =
    values.delivery_latitude !== "" &&
    values.delivery_longitude !== "" &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude);
  return {
    ...draft,
    address: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, values[field]])),
    place: values.place || undefined,
    latitude: hasPoint ? latitude : undefined,
    longitude: hasPoint ? longitude : undefined,
    option: values.delivery_option,
    isGift: values.is_gift,
    giftMessage: values.gift_message,
    saveProfile: values.save_profile,
    recipient: values.recipient,
    saveRecipient: values.save_recipient,
  };
}

/**
 * The §7.4 create-order payload the review step posts (hidden inputs): the draft's details and the
 * figures exactly as shown. Null when the shipping cannot be quoted (the review then says why).
 */
export function placeOrderFields(
  draft: CheckoutDraft,
  quote: CheckoutQuote,
  t: TFunction,
): Record<string, string> | null {
  if (!quote.shipping.ok) return null;
  const a = draft.address ?? {};
  const option = quote.shipping.option;
  return {
    first_name: a.first_name ?? "",
    last_name: a.last_name ?? "",
    client_id: a.client_id ?? "",
    address: a.address ?? "",
    city: a.city ?? "",
    state: a.state ?? "",
    zip_code: a.zip_code ?? "",
    phone: a.phone ?? "",
    delivery_latitude: formatCoordinate(draft.latitude ?? 0),
    delivery_longitude: formatCoordinate(draft.longitude ?? 0),
    delivery_option: option,
    shipping_name: t(DELIVERY_OPTION_KEYS[option]),
    shipping_time: deliveryEstimate(t, option),
    amount: (quote.amountCents / 100).toFixed(2),
    shipping_price: String(quote.shipping.costCup),
    is_gift: draft.isGift ? "on" : "",
    gift_message: draft.isGift ? (draft.giftMessage ?? "") : "",
    coupon_name: quote.coupon?.name ?? "",
    payment_type: "cash",
  };
}

/** The refusal of create-order as the review shows it (§8 Checkout, decision “The server decides every figure”). */
export function toPlaceError(result: {
  error: string;
  field?: string;
  product?: { name: string; stock: number };
  couponMinTotalCents?: number;
  values?: Record<string, string>;
}): PlaceError {
  if (result.product) {
    return { error: result.error, values: { name: result.product.name, stock: result.product.stock }, fix: "cart" };
  }
  if (result.error === "checkout.errors.emptyCart") return { error: result.error, fix: "cart" };
  if (result.field === "delivery_latitude" || result.field === "delivery_option" || result.field === "city") {
    return { error: result.error, ...(result.values ? { values: result.values } : {}), fix: "shipping" };
  }
  if (result.couponMinTotalCents !== undefined) {
    return { error: result.error, values: { min: (result.couponMinTotalCents / 100).toFixed(2) } };
  }
  return { error: result.error };
}

/** The confirmation's view of the shopper's order (step 4). */
export function toPlacedView(order: OrderDetail): PlacedOrderView {
  return {
    transactionId: order.transactionId,
    fullName: order.fullName,
    address: order.address,
    city: order.city,
    state: order.stateProvinceRegion,
    phone: order.phoneNumber,
    option: order.deliveryOption,
    shippingCup: order.shippingPriceCup,
    amount: usd(order.amountCents),
    discount: usd(order.discountCents),
    couponName: order.couponName,
    items: order.items.map((i) => ({
      name: i.name,
      color: i.color,
      variety: i.variety,
      count: i.count,
      unitPrice: usd(i.priceCents),
    })),
  };
}
