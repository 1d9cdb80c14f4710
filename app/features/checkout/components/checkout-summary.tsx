import { useHydrated } from "~/utils/use-hydrated";
import { useState } from "react";
import { useFetcher, useNavigation } from "react-router";
import { Form, NO_DISCOVERY } from "~/components/router-links";
import { Price } from "~/components/price";
import { useRootData } from "~/components/root-data";
import type { TranslationKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import { formatPrice } from "~/utils/money";
import type { CheckoutSummaryView, ShippingView } from "../checkout-view";

/** Whole CUP as shown everywhere (decision “Prices are kept in US cents”): `1,250 CUP`. */
export function useFormatCup(): (cup: number) => string {
  const { lang } = useRootData();
  return (cup) => formatPrice(cup, "CUP", 1, lang);
}

/**
 * A shipping cost in the shopper's currency, and always in CUP too: shipping is charged in CUP
 * (decisions “Prices are kept in US cents”, “Shipping price and the express cut-off”).
 */
export function ShippingAmount({ cup }: { cup: number }) {
  const { currency, rate } = useRootData();
  const formatCup = useFormatCup();
  if (currency === "CUP") return <>{formatCup(cup)}</>;
  return (
    <>
      <Price usd={cup / rate} /> <span className="font-normal text-slate-600">({formatCup(cup)})</span>
    </>
  );
}

export type CouponResult = { ok: true } | { ok: false; error: string; values?: Record<string, string | number> };

const BUTTON_SECONDARY =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * §2.14 side summary (all steps): lines, subtotal, savings, the coupon box (§4.5, §5, §8), the
 * goods total, shipping (charged in CUP) and the total in the chosen currency. Every figure is the
 * server's (decision “The server decides every figure”); `shipping` may be the shipping step's live quote for an unsaved point.
 */
export function CheckoutSummary({
  summary,
  shipping,
  couponResult,
  couponEditable = true,
  shippingFormId,
}: {
  summary: CheckoutSummaryView;
  shipping: ShippingView;
  /** A plain (no-JavaScript) post's outcome of the coupon box. */
  couponResult?: CouponResult | null;
  couponEditable?: boolean;
  /** On the shipping step: the shipping form's id, which the coupon box posts with before hydration. */
  shippingFormId?: string;
}) {
  const t = useT();
  const { rate } = useRootData();
  const formatCup = useFormatCup();
  const shippingCup = shipping.state === "pending" ? 0 : shipping.cup;
  return (
    <section aria-labelledby="checkout-summary-title" className="rounded-lg bg-white p-4 shadow-xs sm:p-5">
      <h2 id="checkout-summary-title" className="text-lg font-bold text-slate-900">
        {t("checkout.page.summary.title")}
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 text-sm" aria-label={t("checkout.page.review.items")}>
        {summary.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 text-slate-800">
              <span className="line-clamp-2">{line.name}</span>
              {(line.color || line.variety) && (
                <span className="block text-xs text-slate-600">
                  {[line.color, line.variety].filter(Boolean).join(" · ")}
                </span>
              )}
              <span className="block text-xs text-slate-600">
                {t("checkout.page.summary.lineCount", { count: line.count })}
              </span>
            </span>
            <span className="shrink-0 font-semibold text-slate-900">
              <Price usd={line.lineTotal} />
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-2 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">{t("checkout.page.summary.subtotal", { count: summary.unitCount })}</dt>
          <dd className="font-semibold text-slate-900" data-summary="subtotal">
            <Price usd={summary.subtotal} />
          </dd>
        </div>
        {summary.savings > 0 && (
          <div className="flex justify-between gap-3 text-emerald-800">
            <dt>{t("checkout.page.summary.savings")}</dt>
            <dd className="font-semibold" data-summary="savings">
              <Price usd={summary.savings} />
            </dd>
          </div>
        )}
        {summary.coupon && summary.discount > 0 && (
          <div className="flex justify-between gap-3 text-emerald-800">
            <dt>{t("checkout.page.summary.discount", { name: summary.coupon.name })}</dt>
            <dd className="font-semibold" data-summary="discount">
              −<Price usd={summary.discount} />
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">{t("checkout.page.summary.goodsTotal")}</dt>
          <dd className="font-semibold text-slate-900" data-summary="amount">
            <Price usd={summary.amount} />
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">{t("checkout.page.summary.shipping")}</dt>
          <dd className="text-right font-semibold text-slate-900" data-summary="shipping">
            {shipping.state === "pending" ? (
              <span className="font-normal text-slate-600">{t("checkout.page.summary.shippingPending")}</span>
            ) : shipping.state === "quoted" && shipping.cup === 0 ? (
              t("checkout.page.summary.free")
            ) : shipping.state === "estimate" ? (
              <span className="text-amber-900">
                {t("checkout.page.summary.shippingEstimate", { cost: formatCup(shipping.cup) })}
              </span>
            ) : (
              <ShippingAmount cup={shipping.cup} />
            )}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base">
          <dt className="font-bold text-slate-900">{t("checkout.page.summary.total")}</dt>
          <dd className="font-bold text-slate-900" data-summary="total">
            <Price usd={summary.amount + shippingCup / rate} />
          </dd>
        </div>
      </dl>
      {shippingCup > 0 && (
        <p className="mt-1 text-xs text-slate-600">
          {t("checkout.page.summary.shippingCup", { cup: formatCup(shippingCup) })}
        </p>
      )}
      <CouponBox
        summary={summary}
        couponResult={couponResult ?? null}
        editable={couponEditable}
        shippingFormId={shippingFormId}
      />
    </section>
  );
}

/**
 * §4.5, §5, §8 coupon box: apply is disabled while the input is blank or a request runs; a blank
 * code says 'Please enter a coupon code' (checked again by the server, which is what a plain post
 * gets); success is green, failure red. The coupon is kept in the checkout draft.
 *
 * On the shipping step, before JavaScript runs, the code and the apply and remove buttons belong to
 * the shipping form (the `form` attribute): a plain post then carries what was typed in the
 * shipping fields too, and the server keeps it (routes/checkout.tsx). Once hydrated they are the
 * fetcher's again, and the typed fields simply stay on the page.
 */
function CouponBox({
  summary,
  couponResult,
  editable,
  shippingFormId,
}: {
  summary: CheckoutSummaryView;
  couponResult: CouponResult | null;
  editable: boolean;
  shippingFormId?: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const ownerForm = hydrated ? undefined : shippingFormId;
  const fetcher = useFetcher<{ coupon?: CouponResult }>({ key: "checkout-coupon" });
  const navigation = useNavigation();
  const [code, setCode] = useState("");
  const [touched, setTouched] = useState(false);
  const busy =
    fetcher.state !== "idle" || (navigation.state === "submitting" && navigation.formData?.get("intent") === "coupon");
  // The latest answer: the fetcher's with JavaScript, the page's after a plain post.
  const result: CouponResult | null = fetcher.data?.coupon ?? couponResult;
  const blank = code.trim() === "";
  let message: { text: string; ok: boolean } | null = null;
  if (result && !result.ok) message = { text: t(result.error as TranslationKey, result.values), ok: false };
  else if (summary.coupon) message = { text: t("coupons.applied"), ok: true };
  else if (summary.couponError)
    message = {
      text: t(
        summary.couponError.error as TranslationKey,
        summary.couponError.min === undefined ? {} : { min: `$${summary.couponError.min.toFixed(2)}` },
      ),
      ok: false,
    };
  return (
    <div className="mt-4 border-t border-slate-200 pt-4">
      {editable && (
        <fetcher.Form {...NO_DISCOVERY} method="post" noValidate onSubmit={() => setTouched(false)}>
          <input type="hidden" name="intent" value="coupon" />
          <label htmlFor="checkout-coupon" className="mb-1 block text-sm font-semibold text-slate-800">
            {t("checkout.page.coupon.label")}
          </label>
          <div className="flex gap-2">
            <input
              id="checkout-coupon"
              form={ownerForm}
              name="coupon_name"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={64}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setTouched(true);
              }}
              aria-describedby={message ? "checkout-coupon-message" : undefined}
              className="block w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 uppercase shadow-xs focus:outline-none focus-visible:ring-3 focus-visible:ring-blue-600/60"
            />
            <HydratedApply disabled={busy || blank} busy={busy} form={ownerForm} />
          </div>
        </fetcher.Form>
      )}
      <div id="checkout-coupon-message" role="status" className="mt-2 min-h-5 text-sm">
        {message && !(touched && !message.ok) && (
          <p
            className={message.ok ? "font-medium text-green-800" : "font-medium text-red-800"}
            data-tone={message.ok ? "success" : "error"}
          >
            {message.text}
          </p>
        )}
      </div>
      {summary.coupon && editable && (
        <Form method="post" className="mt-1">
          <input type="hidden" name="intent" value="coupon-remove" />
          <button
            type="submit"
            form={ownerForm}
            name="intent"
            value="coupon-remove"
            formNoValidate
            className="text-sm text-blue-800 underline hover:no-underline"
          >
            {t("checkout.page.coupon.remove")}
          </button>
        </Form>
      )}
    </div>
  );
}

/** Before hydration the button stays enabled (a plain post, checked by the server); after, the §4.5 rule. */
function HydratedApply({ disabled, busy, form }: { disabled: boolean; busy: boolean; form?: string }) {
  const t = useT();
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      form={form}
      name="intent"
      value="coupon"
      formNoValidate
      disabled={hydrated && disabled}
      className={BUTTON_SECONDARY}
    >
      {busy ? t("checkout.page.coupon.applying") : t("checkout.page.coupon.apply")}
    </button>
  );
}
