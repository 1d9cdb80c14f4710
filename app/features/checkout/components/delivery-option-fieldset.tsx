import { useFormatPrice } from "~/components/price";
import { tKey } from "~/components/ui/form-fields";
import {
  EXPRESS_CUTOFF,
  deliveryEstimate,
  DELIVERY_OPTIONS,
  DELIVERY_OPTION_KEYS,
  type DeliveryOption,
  FALLBACK_SHIPPING_CUP,
  FREE_SHIPPING_MIN_CENTS,
  SHIPPING_RATE_CUP_PER_KM,
} from "~/features/shipping/shipping";
import { useT } from "~/i18n/use-t";
import type { OptionCosts } from "../checkout-view";
import { ShippingAmount, useFormatCup } from "./checkout-summary";

/** Each option's cost for the point chosen now: known, being quoted, or the quote failed. */
export type LiveCosts = OptionCosts | "loading" | { failed: string };

/**
 * The shipping step's delivery option, each with its cost and estimate (decisions “Shipping price and the express cut-off”, “Delivery estimates”; express closed
 * from 14:00).
 */
export function DeliveryOptionFieldset({
  option,
  onOptionChange: setOption,
  liveCosts,
  expressAvailable,
  error,
}: {
  option: DeliveryOption;
  onOptionChange: (option: DeliveryOption) => void;
  liveCosts: LiveCosts;
  expressAvailable: boolean;
  /** The option's error key from the server, if any. */
  error: string | undefined;
}) {
  const t = useT();
  const formatCup = useFormatCup();
  const formatPrice = useFormatPrice();
  return (
    <fieldset className="mt-6" aria-describedby={error ? "checkout-option-error" : undefined}>
      <legend className="text-lg font-bold text-slate-900">{t("checkout.page.option.title")}</legend>
      <p className="mt-1 text-sm text-slate-600">
        {t("checkout.page.option.freeFrom", { min: formatPrice(FREE_SHIPPING_MIN_CENTS / 100) })}
      </p>
      <div className="mt-2 space-y-2">
        {DELIVERY_OPTIONS.map((o) => {
          const disabled = o === "express" && !expressAvailable;
          const cost = liveCosts === "loading" || "failed" in liveCosts ? liveCosts : liveCosts[o];
          return (
            <label
              key={o}
              className={`flex gap-3 rounded-md border p-3 ${option === o ? "border-blue-700 bg-blue-50" : "border-slate-300 bg-white"} ${disabled ? "cursor-not-allowed opacity-75" : "cursor-pointer"}`}
            >
              <input
                type="radio"
                name="delivery_option"
                value={o}
                checked={option === o}
                disabled={disabled}
                onChange={() => setOption(o)}
                aria-describedby={`checkout-option-${o}-details`}
                className="mt-1 size-5 shrink-0 accent-blue-700"
              />
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{t(DELIVERY_OPTION_KEYS[o])}</span>
                <span id={`checkout-option-${o}-details`} className="block text-sm text-slate-700">
                  <span className="block">{deliveryEstimate(t, o)}</span>
                  {disabled ? (
                    <span className="block font-medium text-red-800">
                      {t("checkout.page.option.expressClosed", { cutoff: EXPRESS_CUTOFF })}
                    </span>
                  ) : (
                    <span className="block" data-option-cost={o}>
                      {cost === "loading" ? (
                        t("checkout.page.option.calculating")
                      ) : cost === null ? (
                        <>
                          {t("checkout.page.option.rate", { rate: SHIPPING_RATE_CUP_PER_KM[o] })}.{" "}
                          {t("checkout.page.option.pickPoint")}
                        </>
                      ) : "failed" in cost ? (
                        <span className="text-amber-900">
                          {t("checkout.page.option.estimate", { cost: formatCup(FALLBACK_SHIPPING_CUP) })}
                        </span>
                      ) : cost.ok ? (
                        cost.cup === 0 ? (
                          t("checkout.page.option.free")
                        ) : (
                          <>
                            {t("checkout.page.option.cost", { cost: "" })}
                            <ShippingAmount cup={cost.cup} />
                          </>
                        )
                      ) : (
                        <span className="font-medium text-red-800">{tKey(t, cost.error)}</span>
                      )}
                    </span>
                  )}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id="checkout-option-error" className="mt-1 text-sm font-medium text-red-800">
          <span aria-hidden="true">⚠ </span>
          {tKey(t, error)}
        </p>
      )}
    </fieldset>
  );
}
