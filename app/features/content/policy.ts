/**
 * The store's policy in figures (spec §9; decision “Free standard shipping”–decisions “Delivery estimates”, “Returns and warranty”, “Cash on delivery only”; §4.7): one source for the help
 * centre, the policy pages, the seller page and the assistant, so that none of them can say
 * something the checkout or the order rules do not do. Shipping figures are re-exported from the
 * module the checkout computes with; the wholesale threshold from the cart. Browser-safe.
 */
import { WHOLESALE_MIN_UNITS } from "~/features/cart/wholesale";
import {
  EXPRESS_CUTOFF,
  EXPRESS_CUTOFF_HOUR,
  FALLBACK_SHIPPING_CUP,
  FREE_SHIPPING_MIN_CENTS,
  SHIPPING_RATE_CUP_PER_KM,
} from "~/features/shipping/shipping";

export {
  EXPRESS_CUTOFF,
  EXPRESS_CUTOFF_HOUR,
  FALLBACK_SHIPPING_CUP,
  FREE_SHIPPING_MIN_CENTS,
  SHIPPING_RATE_CUP_PER_KM,
};
export { WHOLESALE_MIN_UNITS };

/** decision “Delivery estimates”: standard delivery in Havana takes this many business days; express is the same day. */
export const STANDARD_DELIVERY_DAYS = { min: 1, max: 2 } as const;

/** decision “Returns and warranty”: a defective item under warranty is replaced when reported within this many hours of delivery. */
export const DEFECT_REPORT_HOURS = 24;
/** decision “Returns and warranty”: warranties last at least this many days. */
export const MIN_WARRANTY_DAYS = 15;
/** decision “Returns and warranty”: there are no general returns; refunds only exceptionally, through customer service. */
export const GENERAL_RETURNS = false;

/** decision “Cash on delivery only”: cash on delivery is the only way to pay; these CUP bills are not accepted. */
export const PAYMENT_METHODS = ["cash"] as const;
export const REFUSED_CUP_BILLS = [1, 5, 10] as const;

/** §4.7, §9: the seller programme's process, each step with its timeframe. */
export const PROVIDER_TYPES = ["local", "warehouse"] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];
export const WAREHOUSE_MIN_COMMITMENT_MONTHS = 1;
export const PROVIDER_PROCESS = [
  { step: "apply", min: 5, max: 10, unit: "minutes" },
  { step: "review", min: 2, max: 5, unit: "businessDays" },
  { step: "interview", min: 1, max: 2, unit: "days" },
  { step: "setup", min: 1, max: 3, unit: "days" },
  { step: "selling", min: 0, max: 0, unit: "none" },
] as const;
/** §2.19: the fixed satisfaction figure of the seller page's stats row. */
export const PROVIDER_SATISFACTION_PERCENT = 95;
