import { useNavigation } from "react-router";
import { Form, Link } from "~/components/router-links";
import { LocaleLink } from "~/components/locale-link";
import { Price } from "~/components/price";
import { FormMessage, tKey } from "~/components/ui/form-fields";
import {
  DELIVERY_OPTION_KEYS,
  type DeliveryOption,
  SHIPPING_TEXT_VALUES,
  deliveryEstimate,
} from "~/features/shipping/shipping";
import type { TranslationKey } from "~/i18n/i18n";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { CheckoutStep, PlaceError, PlacedOrderView, ShippingFormValues } from "../checkout-view";
import { ShippingAmount } from "./checkout-summary";

const STEP_KEYS = {
  shipping: "checkout.page.steps.shipping",
  payment: "checkout.page.steps.payment",
  review: "checkout.page.steps.review",
  placed: "checkout.page.steps.confirmation",
} as const satisfies Record<CheckoutStep | "placed", TranslationKey>;

/** The URL of a step (§2.14: the step lives in the URL). */
export const stepHref = (href: (path: string) => string, step: CheckoutStep) => `${href("/checkout")}?step=${step}`;

const PRIMARY =
  "flex min-h-12 w-full items-center justify-center rounded-full bg-amber-400 px-6 font-semibold text-slate-900 shadow-xs hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-wait disabled:opacity-70 sm:w-auto";
const LINK = "text-sm font-medium text-blue-800 underline hover:no-underline";

/**
 * §2.14 progress bar: 1 shipping, 2 payment, 3 review, 4 confirmation. The current step carries
 * `aria-current="step"`; earlier steps link back to be edited (not after the order is placed).
 */
export function CheckoutProgress({ current }: { current: CheckoutStep | "placed" }) {
  const t = useT();
  const href = useLocalePath();
  const order = ["shipping", "payment", "review", "placed"] as const;
  const at = order.indexOf(current);
  return (
    <nav aria-label={t("checkout.page.steps.label")} className="mt-3">
      <ol className="grid grid-cols-4 gap-1 text-center text-xs sm:text-sm">
        {order.map((step, index) => {
          const done = index < at;
          const isCurrent = index === at;
          const label = (
            <>
              <span
                aria-hidden="true"
                className={`mx-auto mb-1 flex size-7 items-center justify-center rounded-full text-sm font-bold ${
                  isCurrent
                    ? "bg-blue-700 text-white"
                    : done
                      ? "bg-emerald-700 text-white"
                      : "bg-slate-200 text-slate-700"
                }`}
              >
                {done ? "✓" : index + 1}
              </span>
              <span className={isCurrent ? "font-bold text-slate-900" : "text-slate-700"}>{t(STEP_KEYS[step])}</span>
              {done && <span className="sr-only"> ({t("checkout.page.steps.done")})</span>}
            </>
          );
          return (
            <li
              key={step}
              aria-current={isCurrent ? "step" : undefined}
              className={`border-t-4 pt-2 ${index <= at ? "border-blue-700" : "border-slate-200"}`}
            >
              {done && current !== "placed" && step !== "placed" ? (
                <Link
                  to={stepHref(href, step)}
                  className="block rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
                >
                  {label}
                </Link>
              ) : (
                label
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** §2.14, decision “Cash on delivery only” payment step: cash on delivery only; card and PayPal shown disabled as 'coming soon'. */
export function PaymentStep() {
  const t = useT();
  const href = useLocalePath();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "payment";
  const soon = (id: string, label: string) => (
    <label className="flex cursor-not-allowed gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-slate-600">
      <input
        type="radio"
        name="payment_type"
        value={id}
        disabled
        aria-describedby={`checkout-pay-${id}-soon`}
        className="mt-1 size-5"
      />
      <span>
        <span className="block font-semibold">{label}</span>
        <span id={`checkout-pay-${id}-soon`} className="block text-sm">
          {t("checkout.page.payment.comingSoon")}
        </span>
      </span>
    </label>
  );
  return (
    <Form method="post" aria-labelledby="checkout-payment-title">
      <input type="hidden" name="intent" value="payment" />
      <h2 id="checkout-payment-title" className="text-xl font-bold text-slate-900">
        {t("checkout.page.payment.title")}
      </h2>
      <fieldset className="mt-4 space-y-2">
        <legend className="sr-only">{t("checkout.page.payment.title")}</legend>
        <label className="flex cursor-pointer gap-3 rounded-md border border-blue-700 bg-blue-50 p-3">
          <input
            type="radio"
            name="payment_type"
            value="cash"
            defaultChecked
            aria-describedby="checkout-pay-cash-text"
            className="mt-1 size-5 accent-blue-700"
          />
          <span>
            <span className="block font-semibold text-slate-900">{t("checkout.page.payment.cash")}</span>
            <span id="checkout-pay-cash-text" className="block text-sm text-slate-700">
              {t("checkout.page.payment.cashText")}
            </span>
          </span>
        </label>
        {soon("card", t("checkout.page.payment.card"))}
        {soon("paypal", t("checkout.page.payment.paypal"))}
      </fieldset>
      <p className="mt-4 rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 text-sm font-medium text-amber-950">
        {t("checkout.page.payment.bills")}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Link to={stepHref(href, "shipping")} className={LINK}>
          {t("checkout.page.back")}
        </Link>
        <button type="submit" disabled={submitting} className={PRIMARY}>
          {submitting ? t("checkout.page.saving") : t("checkout.page.continueReview")}
        </button>
      </div>
    </Form>
  );
}

const trimZeros = (coordinate: string) => coordinate.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

function Section({ title, edit, children }: { title: string; edit?: CheckoutStep; children: React.ReactNode }) {
  const t = useT();
  const href = useLocalePath();
  return (
    <section className="border-t border-slate-200 py-4 first:border-t-0 first:pt-0">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-bold text-slate-900">{title}</h3>
        {edit && (
          <Link
            to={stepHref(href, edit)}
            className={LINK}
            aria-label={t("checkout.page.editLabel", { section: title })}
          >
            {t("checkout.page.edit")}
          </Link>
        )}
      </div>
      <div className="mt-1 text-sm text-slate-800">{children}</div>
    </section>
  );
}

export type ReviewView = {
  values: ShippingFormValues;
  option: DeliveryOption;
  shippingCup: number | null;
  shippingError: string | null;
  coupon: string | null;
  fields: Record<string, string> | null;
  token: string;
  lines: Array<{
    id: number;
    name: string;
    color: string;
    variety: string;
    count: number;
    unitPrice: number;
    lineTotal: number;
  }>;
};

/**
 * §2.14 review step: every line, the delivery details and point, the option, the gift message,
 * the coupon and the figures; 'Place order' posts the §7.4 payload with `amount` and
 * `shipping_price` exactly as shown and the one-time checkout token (decisions “The server decides every figure”, “What create-order receives”). A refusal (409
 * total or stock changed, 400) comes back here with the new figures and an alert.
 */
export function ReviewStep({ review, placeError }: { review: ReviewView; placeError: PlaceError | null }) {
  const t = useT();
  const href = useLocalePath();
  const navigation = useNavigation();
  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  const v = review.values;
  const problem =
    placeError ?? (review.shippingError ? { error: review.shippingError, fix: "shipping" as const } : null);
  return (
    <div>
      <h2 className="text-xl font-bold text-slate-900">{t("checkout.page.review.title")}</h2>
      {problem && (
        <div className="mt-3">
          <FormMessage tone="error">
            <p className="font-semibold">{t("checkout.page.review.errorTitle")}</p>
            <p className="mt-1" data-place-error>
              {tKey(t, problem.error, { ...SHIPPING_TEXT_VALUES, ...problem.values })}
            </p>
            {problem.fix === "shipping" && (
              <Link to={stepHref(href, "shipping")} className="mt-2 inline-block underline">
                {t("checkout.page.review.fixShipping")}
              </Link>
            )}
            {problem.fix === "cart" && (
              <LocaleLink to="/cart" className="mt-2 inline-block underline">
                {t("checkout.page.review.backToCart")}
              </LocaleLink>
            )}
          </FormMessage>
        </div>
      )}
      <div className="mt-4">
        <Section title={t("checkout.page.review.items")}>
          <ul className="divide-y divide-slate-100">
            {review.lines.map((line) => (
              <li key={line.id} className="flex justify-between gap-3 py-2">
                <span>
                  <span className="font-medium">{line.name}</span>
                  {(line.color || line.variety) && (
                    <span className="block text-xs text-slate-600">
                      {[line.color, line.variety].filter(Boolean).join(" · ")}
                    </span>
                  )}
                  <span className="block text-xs text-slate-600">
                    {t("checkout.page.review.quantity", { count: line.count })} × <Price usd={line.unitPrice} />
                  </span>
                </span>
                <span className="shrink-0 font-semibold">
                  <Price usd={line.lineTotal} />
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title={t("checkout.page.review.delivery")} edit="shipping">
          <p>
            {v.first_name} {v.last_name} · {v.client_id}
          </p>
          <p>{v.address}</p>
          <p>
            {v.city}, {v.state}
            {v.zip_code ? ` ${v.zip_code}` : ""}, {t("checkout.page.country.cuba")}
          </p>
          <p>{v.phone}</p>
        </Section>
        <Section title={t("checkout.page.review.point")} edit="shipping">
          <p>
            {trimZeros(v.delivery_latitude)}, {trimZeros(v.delivery_longitude)}
          </p>
        </Section>
        <Section title={t("checkout.page.review.option")} edit="shipping">
          <p>
            {t(DELIVERY_OPTION_KEYS[review.option])}: {deliveryEstimate(t, review.option)}
          </p>
          {review.shippingCup !== null && (
            <p>
              {t("checkout.page.summary.shipping")}:{" "}
              {review.shippingCup === 0 ? t("checkout.page.summary.free") : <ShippingAmount cup={review.shippingCup} />}
            </p>
          )}
        </Section>
        <Section title={t("checkout.page.review.gift")} edit="shipping">
          <p className="break-words whitespace-pre-line">
            {v.is_gift ? v.gift_message || t("checkout.page.review.giftNoMessage") : t("checkout.page.review.notGift")}
          </p>
        </Section>
        <Section title={t("checkout.page.review.coupon")}>
          <p>{review.coupon ?? t("checkout.page.review.noCoupon")}</p>
        </Section>
        <Section title={t("checkout.page.review.payment")} edit="payment">
          <p>{t("checkout.page.payment.cash")}</p>
          <p className="text-slate-700">{t("checkout.page.payment.bills")}</p>
        </Section>
      </div>
      <Form method="post" className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <input type="hidden" name="intent" value="place" />
        <input type="hidden" name="checkout_token" value={review.token} />
        {review.fields &&
          Object.entries(review.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <Link to={stepHref(href, "payment")} className={LINK}>
          {t("checkout.page.back")}
        </Link>
        <button type="submit" disabled={placing || !review.fields} className={PRIMARY}>
          {placing ? t("checkout.page.review.placing") : t("checkout.page.review.placeOrder")}
        </button>
      </Form>
    </div>
  );
}

/** Step 4: the order id, its summary and a link to it among the shopper's orders. */
export function PlacedStep({ order }: { order: PlacedOrderView }) {
  const t = useT();
  const href = useLocalePath();
  return (
    <div>
      <div role="status" className="rounded-md border-l-4 border-green-700 bg-green-50 p-4 text-green-950">
        <h2 className="text-xl font-bold">{t("checkout.page.placed.title")}</h2>
        <p className="mt-1 text-sm">{t("checkout.page.placed.text")}</p>
      </div>
      <dl className="mt-4 text-sm">
        <dt className="font-semibold text-slate-700">{t("checkout.page.placed.orderId")}</dt>
        <dd className="mt-1 font-mono text-base break-all text-slate-900" data-order-id>
          {order.transactionId}
        </dd>
      </dl>
      <h3 className="mt-4 font-bold text-slate-900">{t("checkout.page.placed.summary")}</h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {order.items.map((item, index) => (
          <li key={index} className="flex justify-between gap-3 py-2">
            <span>
              {item.name}
              {(item.color || item.variety) && (
                <span className="block text-xs text-slate-600">
                  {[item.color, item.variety].filter(Boolean).join(" · ")}
                </span>
              )}
              <span className="block text-xs text-slate-600">
                {t("checkout.page.review.quantity", { count: item.count })}
              </span>
            </span>
            <Price usd={item.unitPrice * item.count} className="shrink-0 font-semibold" />
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
        {order.couponName && order.discount > 0 && (
          <div className="flex justify-between gap-3 text-emerald-800">
            <dt>{t("checkout.page.summary.discount", { name: order.couponName })}</dt>
            <dd>
              −<Price usd={order.discount} />
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <dt>{t("checkout.page.summary.goodsTotal")}</dt>
          <dd className="font-semibold">
            <Price usd={order.amount} />
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>
            {t("checkout.page.summary.shipping")} ({t(DELIVERY_OPTION_KEYS[order.option])})
          </dt>
          <dd className="font-semibold">
            {order.shippingCup === 0 ? t("checkout.page.summary.free") : <ShippingAmount cup={order.shippingCup} />}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {order.fullName} · {order.address}, {order.city}, {order.state} · {order.phone}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Link to={`${href("/orders")}?order=${encodeURIComponent(order.transactionId)}`} className={PRIMARY}>
          {t("checkout.page.placed.viewOrder")}
        </Link>
        <LocaleLink
          to="/shop"
          className="flex min-h-12 items-center justify-center rounded-full border border-slate-300 px-6 font-medium text-slate-800 hover:bg-slate-50"
        >
          {t("checkout.page.placed.continue")}
        </LocaleLink>
      </div>
    </div>
  );
}
