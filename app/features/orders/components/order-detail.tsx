import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Form, Link } from "~/components/router-links";
import { ChevronLeftIcon } from "~/components/icons";
import { PRIMARY_ACTION, SECONDARY_ACTION } from "~/features/catalog/components/empty-state";
import type { TranslationKey } from "~/i18n/i18n";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import type { OrderDetailView } from "../order-page-view";
import { CancelOrder, CancelOrderLink } from "./cancel-order";
import { InvoiceLink } from "./invoice-link";
import { CARD, StatusBadge } from "./order-ui";
import { OrderTracking } from "./order-tracking";
import { useOrderMoney } from "./use-order-money";

const LINK =
  "rounded text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

function BackToList() {
  const t = useT();
  return (
    <Link to="." className={`${LINK} mt-3 inline-flex min-h-11 items-center gap-1 font-semibold`}>
      <ChevronLeftIcon size={18} />
      {t("orders.page.back")}
    </Link>
  );
}

/** An unknown or another shopper's order id: the page says so, with the way back. */
export function OrderNotFound() {
  const t = useT();
  return (
    <div>
      <BackToList />
      <section aria-labelledby="order-not-found" className={`${CARD} mt-3 max-w-2xl`}>
        <h2 id="order-not-found" tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
          {t("orders.errors.notFound")}
        </h2>
        <p className="mt-2 text-slate-700">{t("orders.page.notFound.text")}</p>
      </section>
    </div>
  );
}

/**
 * One order opened in the page (§2.15): its actions (track, invoice, order again, cancel), lines,
 * tracking, the cancel section, totals, delivery and gift. `confirming` shows the cancel step.
 * `children` go under the tracking (the defect claims' section, docs/features.md "Defect claims").
 */
export function OrderDetailSection({
  order,
  confirming,
  children,
}: {
  order: OrderDetailView;
  confirming: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  const money = useOrderMoney();
  const navigation = useNavigation();
  const busyIntent = navigation.formData?.get("intent");
  const confirm = confirming && order.cancellable;
  const detailHref = `?order=${encodeURIComponent(order.id)}`;

  return (
    <div>
      <BackToList />
      <section aria-labelledby="order-heading" className={`${CARD} mt-3`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="order-heading" tabIndex={-1} className="text-xl font-bold text-slate-900 focus:outline-none">
              {t("orders.page.orderNumber")} <span className="font-mono text-base break-all">{order.id}</span>
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              <time dateTime={order.iso}>{t("orders.page.placedOn", { date: order.dateTime })}</time>
            </p>
          </div>
          <StatusBadge status={order.status} />
        </div>

        <div role="group" aria-label={t("orders.page.actions")} className="mt-4 grid gap-2 sm:flex sm:flex-wrap">
          <a href="#order-tracking" className={SECONDARY_ACTION}>
            {t("orders.page.track")}
          </a>
          <InvoiceLink href={localePath(lang, `/orders/${encodeURIComponent(order.id)}/invoice`)} />
          <Form method="post" action={`${localePath(lang, "/orders")}${detailHref}`} className="contents">
            <input type="hidden" name="intent" value="reorder" />
            <input type="hidden" name="transactionId" value={order.id} />
            <button type="submit" className={PRIMARY_ACTION} aria-disabled={busyIntent === "reorder" || undefined}>
              {busyIntent === "reorder" ? t("orders.page.reorderBusy") : t("orders.page.reorder")}
            </button>
          </Form>
          {order.cancellable && !confirm && <CancelOrderLink detailHref={detailHref} />}
        </div>
      </section>

      <div className="mt-4 grid gap-4 lg:grid-cols-3 lg:items-start">
        <div className="grid min-w-0 gap-4 lg:col-span-2">
          <section aria-labelledby="order-lines" className={CARD}>
            <h3 id="order-lines" className="text-lg font-semibold text-slate-900">
              {t("orders.page.lines")}
            </h3>
            <ul className="mt-2 divide-y divide-slate-200">
              {order.lines.map((line, i) => (
                <li key={`${i}-${line.name}`} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{line.name}</p>
                    {(line.color || line.variety) && (
                      <p className="text-sm text-slate-700">
                        {[
                          line.color && t("invoice.color", { color: line.color }),
                          line.variety && t("invoice.variety", { variety: line.variety }),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </p>
                    )}
                    <p className="text-sm text-slate-700">
                      {t("orders.page.quantity", { count: line.count })} ·{" "}
                      {t("orders.page.unitPrice", { price: money.goods(line.unitUsd, order.rate) })}
                    </p>
                  </div>
                  <p className="font-semibold text-slate-900">
                    <span className="sr-only">{t("orders.page.lineTotal")}: </span>
                    {money.goods(line.unitUsd * line.count, order.rate)}
                  </p>
                </li>
              ))}
            </ul>
          </section>

          <OrderTracking steps={order.steps} />

          {children}

          {order.status !== "cancelled" && (
            <CancelOrder
              id={order.id}
              cancellable={order.cancellable}
              confirm={confirm}
              back={detailHref}
              busy={busyIntent === "cancel"}
            />
          )}
        </div>

        <div className="grid min-w-0 gap-4">
          <section aria-labelledby="order-totals" className={CARD}>
            <h3 id="order-totals" className="text-lg font-semibold text-slate-900">
              {t("orders.page.totals")}
            </h3>
            <dl className="mt-2 grid gap-y-2 text-sm">
              <Amount label={t("invoice.subtotal")} value={money.goods(order.subtotalUsd, order.rate)} />
              {order.couponName && (
                <Amount
                  label={`${t("invoice.coupon", { name: order.couponName })} · ${t("invoice.discount")}`}
                  value={`-${money.goods(order.discountUsd, order.rate)}`}
                  valueClass="text-green-800"
                />
              )}
              <Amount label={t("invoice.goodsTotal")} value={money.goods(order.goodsUsd, order.rate)} />
              <Amount label={t("invoice.shipping")} value={money.shipping(order.shippingCup)} />
              <Amount label={t("invoice.total")} value={money.total(order)} total />
            </dl>
            <p className="mt-3 text-sm text-slate-700">
              {t("invoice.payment")}: {t("invoice.paymentCash")}. {t("orders.page.rateNote")}
            </p>
          </section>

          <section aria-labelledby="order-delivery" className={CARD}>
            <h3 id="order-delivery" className="text-lg font-semibold text-slate-900">
              {t("invoice.deliverTo")}
            </h3>
            <dl className="mt-2 grid gap-y-2 text-sm">
              <Field label={t("invoice.fullName")} value={order.fullName} />
              <Field label={t("invoice.identityCard")} value={order.clientId} />
              <Field label={t("invoice.phone")} value={order.phone} />
              <Field label={t("invoice.address")} value={order.address} />
              <Field label={t("invoice.city")} value={order.city} />
              <Field label={t("invoice.province")} value={order.province} />
              {order.zip && <Field label={t("invoice.zip")} value={order.zip} />}
              <Field label={t("invoice.country")} value={order.country} />
              <Field label={t("invoice.deliveryPoint")} value={order.point} />
              <Field
                label={t("invoice.deliveryOption")}
                value={t(`invoice.option.${order.deliveryOption}` as TranslationKey)}
              />
              <Field label={t("invoice.estimate")} value={order.estimate} />
            </dl>
          </section>

          {order.isGift && (
            <section aria-labelledby="order-gift" className={CARD}>
              <h3 id="order-gift" className="text-lg font-semibold text-slate-900">
                {t("invoice.gift")}
              </h3>
              {order.giftMessage && (
                <figure className="mt-2">
                  <figcaption className="text-sm font-medium text-slate-600">{t("invoice.giftMessage")}</figcaption>
                  <blockquote className="mt-1 border-l-4 border-amber-300 pl-3 whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
                    {order.giftMessage}
                  </blockquote>
                </figure>
              )}
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

/** One line of the totals: label left, amount right (wrapping under it when both are long). */
function Amount({
  label,
  value,
  valueClass,
  total,
}: {
  label: string;
  value: string;
  valueClass?: string;
  total?: boolean;
}) {
  return (
    <div
      className={`flex flex-wrap justify-between gap-x-4 ${total ? "border-t border-slate-200 pt-2 text-base font-bold text-slate-900" : ""}`}
    >
      <dt className={total ? "" : "text-slate-700"}>{label}</dt>
      <dd className={`ml-auto text-right ${valueClass ?? "text-slate-900"}`}>{value}</dd>
    </div>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3 lg:grid-cols-1 lg:gap-0.5">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}
