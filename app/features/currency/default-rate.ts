/**
 * The exchange rate the store shows until the operator has set one (spec §9;
 * docs/product-decisions.md#one-exchange-rate). Browser-safe: the page shell falls back to it too.
 */

/** CUP per 1 USD until the operator's rate is known. */
export const DEFAULT_EXCHANGE_RATE = 371;
