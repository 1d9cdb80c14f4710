/**
 * The checkout form (spec §3 Checkout form, §5 Checkout, §7.4 create-order payload; decision “Free standard shipping”-decision “The server decides every figure”,
 * decision “Cash on delivery only”), shared by the browser (field constraints, live checks) and the server (authoritative parse
 * in the page action and in `POST /api/orders/create-order`). Field names are the §7.4 payload's,
 * so the web form posts exactly what an API client sends. Messages are translation keys.
 *
 * Numbers and the gift flag also accept the strings a plain HTML form posts ("23.11", "on"), so the
 * same schema reads FormData before JavaScript and JSON after; anything else (NaN, hex, arrays,
 * objects) is a field error, never a database error.
 *
 * Maximum lengths (characters, after trimming), chosen to fit any real value and nothing more:
 * names 100, identity card 30, address 255, city and state 100, phone 30, ZIP 20, shipping name
 * and time 100 (informational: the server stores its own labels), gift message 255 (§5, §9),
 * coupon 64 (the coupons module's longest name). Money: `amount` is USD with at most 2 decimals
 * up to 1,000,000 (decisions “Prices are kept in US cents”, “What create-order receives”), `shipping_price` whole CUP up to 10,000,000.
 */
import { z } from "zod";
import { DELIVERY_OPTIONS, type DeliveryOption, isInCuba } from "~/features/shipping/shipping";
import { textInput } from "~/utils/text";

/** §5, §9: the gift message's limit (the form shows a counter). */
export const GIFT_MESSAGE_MAX = 255;
/** Far above any basket, low enough that cents stay exact integers. */
export const MAX_AMOUNT_USD = 1_000_000;
/** Far above the longest delivery in Cuba at the express rate (about 130,000 CUP). */
export const MAX_SHIPPING_CUP = 10_000_000;

/** §5: the order in which required fields are checked and their errors listed. */
export const CHECKOUT_FIELD_ORDER = [
  "first_name",
  "last_name",
  "client_id",
  "address",
  "city",
  "state",
  "phone",
  "delivery_latitude",
  "delivery_longitude",
  "zip_code",
  "delivery_option",
  "shipping_name",
  "shipping_time",
  "amount",
  "shipping_price",
  "is_gift",
  "gift_message",
  "coupon_name",
  "payment_type",
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELD_ORDER)[number];

/** PostgreSQL text cannot hold NUL: such input is a field error rather than a failed query (500). */
const hasNoNul = (text: string) => !text.includes("\u0000");

const text = (max: number, required: string) =>
  textInput({ error: required })
    .trim()
    .max(max, "checkout.errors.tooLong")
    .refine(hasNoNul, "checkout.errors.invalidText");
const requiredText = (max: number, required: string) => text(max, required).min(1, required);
const optionalText = (max: number) =>
  z.preprocess((value) => (value == null ? "" : value), text(max, "checkout.errors.invalidText"));

/** A decimal written as text, as a form posts it; no exponents, hex, Infinity or NaN. */
const DECIMAL = /^-?\d{1,12}(\.\d{1,12})?$/;

/** Blank means absent (the required message), a decimal string is its number, anything else is left to fail. */
function numberInput(value: unknown): unknown {
  if (value === "" || value === null) return undefined;
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  return DECIMAL.test(trimmed) ? Number(trimmed) : value;
}

const coordinate = (limit: number) =>
  z.preprocess(
    numberInput,
    z
      .number({ error: "shipping.errors.invalidLocation" })
      .min(-limit, "shipping.errors.invalidLocation")
      .max(limit, "shipping.errors.invalidLocation"),
  );

/** A checkbox posts "on"; JSON sends a boolean. Absent is false. */
function flagInput(value: unknown): unknown {
  if (value === undefined || value === null || value === "" || value === "off" || value === "false") return false;
  if (value === "on" || value === "true") return true;
  return value;
}

/** USD with at most 2 decimals (decision “Prices are kept in US cents”): 19.99 is fine, 19.999 is not. */
const hasCents = (usd: number) => Math.abs(usd * 100 - Math.round(usd * 100)) < 1e-6;

/** The shopper's answer of a money field, in integer cents (decision “Prices are kept in US cents”: compare money in cents, never in floats). */
export function usdToCents(usd: number): number {
  return Math.round(usd * 100);
}

/** `shipping_name` of older clients when `delivery_option` is absent: 'Express'/'Exprés'/'Urgente' mean express. */
export function deliveryOptionFromName(name: string): DeliveryOption {
  return /expr[eé]s|urgent/i.test(name) ? "express" : "standard";
}

const isObjectPayload = (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null;

export const CheckoutSchema = z
  .object(
    {
      first_name: requiredText(100, "checkout.errors.firstNameRequired"),
      last_name: requiredText(100, "checkout.errors.lastNameRequired"),
      client_id: requiredText(30, "checkout.errors.clientIdRequired").regex(
        /^[\p{L}\d\s-]*$/u,
        "checkout.errors.clientIdInvalid",
      ),
      address: requiredText(255, "checkout.errors.addressRequired"),
      city: requiredText(100, "checkout.errors.cityRequired"),
      state: requiredText(100, "checkout.errors.stateRequired"),
      phone: requiredText(30, "checkout.errors.phoneRequired").regex(/^[+\d\s()-]*$/, "checkout.errors.phoneInvalid"),
      delivery_latitude: coordinate(90),
      delivery_longitude: coordinate(180),
      // decision “Postal code is optional”: optional.
      zip_code: optionalText(20),
      // decision “What create-order receives”: absent in older clients, then read from shipping_name (deliveryOptionFromName).
      delivery_option: z.preprocess(
        (value) => (value === "" || value === null ? undefined : value),
        z.enum(DELIVERY_OPTIONS, { error: "shipping.errors.invalidOption" }).optional(),
      ),
      shipping_name: optionalText(100),
      shipping_time: optionalText(100),
      // decisions “The server decides every figure”, “What create-order receives”: what the shopper was shown; the server compares it with its own figures.
      amount: z.preprocess(
        numberInput,
        z
          .number({ error: "checkout.errors.amountInvalid" })
          .min(0, "checkout.errors.amountInvalid")
          .max(MAX_AMOUNT_USD, "checkout.errors.amountInvalid")
          .refine(hasCents, "checkout.errors.amountInvalid"),
      ),
      shipping_price: z.preprocess(
        numberInput,
        z
          .number({ error: "checkout.errors.shippingPriceInvalid" })
          .int("checkout.errors.shippingPriceInvalid")
          .min(0, "checkout.errors.shippingPriceInvalid")
          .max(MAX_SHIPPING_CUP, "checkout.errors.shippingPriceInvalid"),
      ),
      is_gift: z.preprocess(flagInput, z.boolean({ error: "checkout.errors.invalidValue" })),
      gift_message: z.preprocess(
        (value) => (value == null ? "" : value),
        textInput({ error: "checkout.errors.invalidText" })
          .trim()
          .max(GIFT_MESSAGE_MAX, "checkout.errors.giftMessageTooLong")
          .refine(hasNoNul, "checkout.errors.invalidText"),
      ),
      // decision “What create-order receives”: the coupon the totals were computed with.
      coupon_name: z.preprocess(
        (value) => (value == null ? "" : value),
        textInput({ error: "coupons.errors.notFound" })
          .trim()
          .max(64, "coupons.errors.notFound")
          .refine(hasNoNul, "coupons.errors.notFound"),
      ),
      // decision “Cash on delivery only”: cash on delivery only.
      payment_type: z.preprocess(
        (value) => (value == null || value === "" ? "cash" : value),
        z.literal("cash", { error: "checkout.errors.cashOnly" }),
      ),
    },
    { error: "checkout.errors.invalidBody" },
  )
  .refine(
    (data) => !isNumber(data.delivery_latitude) || !isNumber(data.delivery_longitude) || isInCuba(toPoint(data)),
    {
      path: ["delivery_latitude"],
      message: "shipping.errors.outsideCuba",
      when: isObjectPayload,
    },
  );

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const toPoint = (data: { delivery_latitude: number; delivery_longitude: number }) => ({
  latitude: data.delivery_latitude,
  longitude: data.delivery_longitude,
});

export type CheckoutInput = z.infer<typeof CheckoutSchema>;

/**
 * The first message key per field of a failed parse, fields in the §5 order (the djoser
 * `{"field": ["message"]}` body and the web form's messages). A body that is not an object is
 * `non_field_errors`.
 */
export function checkoutFieldErrors(error: z.ZodError): Record<string, string> {
  const first = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.length === 0 ? "non_field_errors" : String(issue.path[0]);
    if (!first.has(field)) first.set(field, issue.message);
  }
  // Unknown to the order (non_field_errors) first: it concerns the whole form.
  const rank = (field: string) => (CHECKOUT_FIELD_ORDER as readonly string[]).indexOf(field);
  return Object.fromEntries([...first].sort(([a], [b]) => rank(a) - rank(b)));
}

/** §5 coupon box: a blank code is refused before any request. */
export const CouponCodeSchema = textInput({ error: "coupons.errors.required" })
  .trim()
  .min(1, "coupons.errors.required")
  .max(64, "coupons.errors.notFound")
  .refine(hasNoNul, "coupons.errors.notFound");
