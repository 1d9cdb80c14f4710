import { type MouseEvent, useEffect, useState } from "react";
import {
  type ShouldRevalidateFunction,
  data,
  redirect,
  useLocation,
  useNavigation,
  useSearchParams,
} from "react-router";
import { Form, Link } from "~/components/router-links";
import { Breadcrumb } from "~/components/breadcrumb";
import { CheckIcon, ChevronLeftIcon, TruckIcon } from "~/components/icons";
import { useRootData } from "~/components/root-data";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { flashCookie } from "~/features/accounts/flash.server";
import { requireUser } from "~/features/accounts/require-user.server";
import { EmptyState, PRIMARY_ACTION, SECONDARY_ACTION } from "~/features/catalog/components/empty-state";
import { formatOrderDate } from "~/features/orders/format";
import { getOrder, listOrders } from "~/features/orders/orders.server";
import { reorder } from "~/features/orders/reorder.server";
import { cancelOrder } from "~/features/orders/status.server";
import { orderView } from "~/features/orders/view.server";
import { ORDER_PATH, PLACED_STATUS } from "~/features/orders/status";
import type { DeliveryOption, OrderDetail, OrderStatus } from "~/features/orders/types";
import { type TranslationKey, translate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { localePath } from "~/i18n/links";
import { getMessages } from "~/i18n/messages.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLang, useLocalePath, useT } from "~/i18n/use-t";
import { STORE_TIME_ZONE } from "~/utils/dates";
import { formatPrice } from "~/utils/money";
import type { Route } from "./+types/orders";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/forms.server";

// ---------------------------------------------------------------------------------------------
// What the page renders: dates are written on the server (one ICU, no hydration mismatch), money
// stays in numbers and is formatted in the visitor's currency at the order's own rate (D1).

type StepState = "done" | "current" | "upcoming";
type TrackStep = { status: OrderStatus; state: StepState; date: string | null; iso: string | null };

type OrderRowView = {
  id: string;
  status: OrderStatus;
  date: string;
  iso: string;
  /** Goods after coupon, USD. */
  goodsUsd: number;
  shippingCup: number;
  /** CUP per USD of the order. */
  rate: number;
  itemCount: number;
};

type OrderDetailView = OrderRowView & {
  dateTime: string;
  subtotalUsd: number;
  discountUsd: number;
  couponName: string | null;
  deliveryOption: DeliveryOption;
  /** The delivery estimate's words (D16), written on the server like the dates. */
  estimate: string;
  fullName: string;
  clientId: string;
  address: string;
  city: string;
  province: string;
  zip: string;
  country: string;
  phone: string;
  latitude: number;
  longitude: number;
  /** `23.11360, -82.36660`, as the invoice writes it. */
  point: string;
  isGift: boolean;
  giftMessage: string;
  lines: Array<{ name: string; color: string; variety: string; count: number; unitUsd: number }>;
  steps: TrackStep[];
  cancellable: boolean;
};

function listDate(date: Date, lang: Language): string {
  return new Intl.DateTimeFormat(lang === "en" ? "en-US" : "es-CU", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: STORE_TIME_ZONE,
  }).format(date);
}

function toRow(order: OrderDetail, lang: Language): OrderRowView {
  return {
    id: order.transactionId,
    status: order.status,
    date: listDate(order.dateIssued, lang),
    iso: order.dateIssued.toISOString(),
    goodsUsd: order.amountCents / 100,
    shippingCup: order.shippingPriceCup,
    rate: order.exchangeRate,
    itemCount: order.items.reduce((sum, item) => sum + item.count, 0),
  };
}

/**
 * The timeline of §2.15 'track': the steps reached with their dates, the current one, and the rest
 * of not_processed → processed → shipping → delivered as upcoming; a cancelled order ends at
 * 'cancelled' after the steps it had reached.
 */
function trackSteps(order: OrderDetail, lang: Language): TrackStep[] {
  const reached = (status: OrderStatus) => order.history.filter((h) => h.status === status).at(-1)?.date ?? null;
  const step = (status: OrderStatus, state: StepState): TrackStep => {
    const date =
      state === "upcoming" ? null : (reached(status) ?? (status === PLACED_STATUS ? order.dateIssued : null));
    return { status, state, date: date && formatOrderDate(date, lang), iso: date?.toISOString() ?? null };
  };
  if (order.status === "cancelled") {
    const before = ORDER_PATH.filter((status) => status === PLACED_STATUS || reached(status));
    return [...before.map((status) => step(status, "done")), step("cancelled", "current")];
  }
  const current = ORDER_PATH.indexOf(order.status);
  return ORDER_PATH.map((status, i) => step(status, i < current ? "done" : i === current ? "current" : "upcoming"));
}

function toDetail(order: OrderDetail, lang: Language): OrderDetailView {
  const view = orderView(order, lang);
  return {
    ...toRow(order, lang),
    dateTime: view.date,
    subtotalUsd: view.money.goodsCents / 100,
    discountUsd: view.money.discountCents / 100,
    couponName: order.couponName,
    deliveryOption: view.deliveryOption,
    estimate: view.estimate,
    ...view.delivery,
    isGift: view.gift.isGift,
    giftMessage: view.gift.message,
    lines: view.lines.map(({ name, color, variety, count, priceCents }) => ({
      name,
      color,
      variety,
      count,
      unitUsd: priceCents / 100,
    })),
    steps: trackSteps(order, lang),
    cancellable: view.cancellable,
  };
}

/**
 * §2.15 orders. Needs sign-in (§6): a signed-out visitor goes to the login page at once and comes
 * back (D7). The list, newest first; `?order=<transaction_id>` opens one order in the page (so
 * reload and the back button work), and an unknown or another shopper's id is 'Order not found'
 * with a 404 (D19).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const asked = new URL(request.url).searchParams.get("order");
  const all = await listOrders(db, user.id);
  const orders = all.map((order) => toRow(order, lang));
  if (asked === null) return { orders, detail: null, notFound: false };
  const found = all.find((order) => order.transactionId === asked);
  if (!found) return data({ orders, detail: null, notFound: true }, { status: 404 });
  return { orders, detail: toDetail(found, lang), notFound: false };
}

/** Choosing 'cancel' only shows the confirmation step: nothing the loader reads changes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("confirm");
    return params.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
};

/** A 303 to `to` that shows `key` as the next page's alert (flash cookie, read by the root). */
function withAlert(
  request: Request,
  to: string,
  key: string,
  tone: "success" | "error",
  values?: Record<string, string>,
) {
  return redirect(to, { status: 303, headers: { "Set-Cookie": flashCookie(request, key, tone, values) } });
}

/** Flash values are capped at 200 characters (flash.server.ts): the list of lines fits in that. */
const NOTE_MAX = 190;

/** 'Name (colour, variety): why' for each line reorder could not (fully) add, within NOTE_MAX. */
function notAddedText(lang: Language, notAdded: NonNullable<Awaited<ReturnType<typeof reorder>>>["notAdded"]) {
  const messages = getMessages(lang);
  const parts = notAdded.map((line) => {
    const variant = [line.color, line.variety].filter(Boolean).join(", ");
    const reason = translate(messages, lang, `orders.reorder.${line.reason}`, { count: String(line.inCart) });
    return `${line.name}${variant ? ` (${variant})` : ""}: ${reason}`;
  });
  let text = "";
  for (let i = 0; i < parts.length; i++) {
    const next = text ? `${text}; ${parts[i]}` : parts[i];
    const rest = parts.length - i - 1;
    const more = rest > 0 ? `; ${translate(messages, lang, "orders.page.reorder.more", { count: String(rest) })}` : "";
    if (next.length + more.length > NOTE_MAX) {
      const left = parts.length - i;
      const tail = translate(messages, lang, "orders.page.reorder.more", { count: String(left) });
      return text ? `${text}; ${tail}` : `${parts[i].slice(0, NOTE_MAX - 1)}…`;
    }
    text = next;
  }
  return text;
}

/**
 * The detail's forms, told apart by `intent` (both work before JavaScript): `cancel` (§4.1: only
 * while not_processed or processed; later the 409 text sends the shopper to customer service;
 * units go back in stock) and `reorder` (D20: to the cart, with a note of the lines not added and
 * why). Each answers with a redirect and an alert, so the list and the detail are read again.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db, env } = context.get(appContext);
  const form = await readForm(request);
  const intent = form.get("intent");
  const raw = form.get("transactionId");
  const id = typeof raw === "string" ? raw.trim().slice(0, 64) : "";
  const list = localePath(lang, "/orders");
  const detail = `${list}?order=${encodeURIComponent(id)}`;

  if (intent === "cancel") {
    let result;
    try {
      result = await cancelOrder({ db, env }, user.id, id);
    } catch (error) {
      logger.error({ err: error }, "Cancelling an order failed");
      return withAlert(request, detail, "orders.errors.cancelFailed", "error");
    }
    if (result.ok) return withAlert(request, detail, "orders.page.cancelled", "success", { id });
    if (result.status === 404) return withAlert(request, list, "orders.errors.notFound", "error");
    const status = translate(getMessages(lang), lang, `invoice.status.${result.from}`);
    return withAlert(request, detail, "orders.errors.cannotCancel", "error", { status });
  }

  if (intent === "reorder") {
    try {
      const order = await getOrder(db, user.id, id);
      const result = order && (await reorder(db, user.id, id, lang));
      if (!order || !result) return withAlert(request, list, "orders.errors.notFound", "error");
      const cart = localePath(lang, "/cart");
      if (result.notAdded.length === 0) return withAlert(request, cart, "orders.page.reorder.added", "success");
      const lines = notAddedText(lang, result.notAdded);
      const skipped = result.notAdded.filter((line) => line.reason !== "capped").length;
      if (skipped === order.items.length)
        return withAlert(request, detail, "orders.page.reorder.none", "error", { lines });
      return withAlert(request, cart, "orders.page.reorder.partial", "success", { lines });
    } catch (error) {
      logger.error({ err: error }, "Reordering failed");
      return withAlert(request, detail, "orders.errors.reorderFailed", "error");
    }
  }

  throw data(null, { status: 400 });
}

export const meta: Route.MetaFunction = (args) => {
  const t = metaT(args);
  const detail = args.loaderData?.detail;
  const title = detail ? t("orders.page.detailTitle", { id: detail.id }) : t("orders.page.title");
  return pageMeta(args, { title, noIndex: true });
};

// ---------------------------------------------------------------------------------------------
// The page.

const STATUS_BADGE: Record<OrderStatus, string> = {
  not_processed: "bg-amber-100 text-amber-950 ring-amber-300",
  processed: "bg-blue-100 text-blue-950 ring-blue-300",
  shipping: "bg-indigo-100 text-indigo-950 ring-indigo-300",
  delivered: "bg-green-100 text-green-950 ring-green-300",
  cancelled: "bg-slate-200 text-slate-900 ring-slate-400",
};

const CARD = "rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:p-5";
const LINK =
  "rounded text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

const statusKey = (status: OrderStatus) => `invoice.status.${status}` as TranslationKey;

function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${STATUS_BADGE[status]}`}
    >
      {t(statusKey(status))}
    </span>
  );
}

/** Goods in the visitor's currency at the order's rate, shipping always in CUP (D1, D15). */
function useOrderMoney() {
  const { currency, lang } = useRootData();
  const t = useT();
  const goods = (usd: number, rate: number) => formatPrice(usd, currency, rate, lang);
  const shipping = (cup: number) => (cup === 0 ? t("invoice.shippingFree") : formatPrice(cup, "CUP", 1, lang));
  const total = (order: OrderRowView) =>
    order.shippingCup === 0
      ? goods(order.goodsUsd, order.rate)
      : t("orders.page.totalMixed", {
          goods: goods(order.goodsUsd, order.rate),
          shipping: formatPrice(order.shippingCup, "CUP", 1, lang),
        });
  return { goods, shipping, total };
}

/**
 * After a client-side move between the list, an order and its confirmation step, the focus goes to
 * the heading of what appeared (a screen reader hears where it is); a first load leaves it alone.
 */
function useFocusAfterNavigation(targetId: string) {
  const location = useLocation();
  useEffect(() => {
    if (location.key === "default") return;
    document.getElementById(targetId)?.focus();
  }, [targetId, location.key]);
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const href = useLocalePath();
  const { orders, detail, notFound } = loaderData;
  const [searchParams] = useSearchParams();
  const confirming = searchParams.get("confirm") === "cancel";
  useFocusAfterNavigation(
    detail
      ? confirming && detail.cancellable
        ? "cancel-confirm-heading"
        : "order-heading"
      : notFound
        ? "order-not-found"
        : "orders-heading",
  );

  const crumbs: Array<{ label: string; to?: string }> = [{ label: t("breadcrumb.home"), to: "/" }];
  if (detail || notFound) {
    crumbs.push({ label: t("orders.page.title"), to: "/orders" });
    crumbs.push({
      label: detail ? t("orders.page.detailTitle", { id: shortId(detail.id) }) : t("orders.errors.notFound"),
    });
  } else {
    crumbs.push({ label: t("orders.page.title") });
  }

  return (
    <div className="mx-auto max-w-screen-xl px-3 py-4 sm:px-4 sm:py-6">
      <Breadcrumb items={crumbs} />
      <h1
        id="orders-heading"
        tabIndex={-1}
        className="mt-2 text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl"
      >
        {t("orders.page.title")}
      </h1>
      {detail ? (
        <OrderDetailSection order={detail} confirming={confirming} />
      ) : notFound ? (
        <OrderNotFound />
      ) : orders.length === 0 ? (
        <EmptyState
          icon={<TruckIcon size={28} />}
          title={t("orders.page.empty.title")}
          text={t("orders.page.empty.text")}
          actions={[{ label: t("orders.page.empty.action"), href: href("/shop") }]}
        />
      ) : (
        <>
          <p className="mt-1 text-slate-700">{t("orders.page.intro")}</p>
          <OrderList orders={orders} />
        </>
      )}
    </div>
  );
}

/** The first and last characters of a long id, for the breadcrumb (the heading shows it whole). */
function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

function BackToList() {
  const t = useT();
  return (
    <Link to="." className={`${LINK} mt-3 inline-flex min-h-11 items-center gap-1 font-semibold`}>
      <ChevronLeftIcon size={18} />
      {t("orders.page.back")}
    </Link>
  );
}

function OrderNotFound() {
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

function OrderList({ orders }: { orders: OrderRowView[] }) {
  const t = useT();
  const money = useOrderMoney();
  return (
    <ul aria-label={t("orders.page.listLabel")} className="mt-4 grid gap-3">
      {orders.map((order) => (
        <li key={order.id}>
          <article
            aria-labelledby={`order-${order.id}`}
            className={`${CARD} grid gap-3 sm:grid-cols-[1fr_auto] sm:items-center`}
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 id={`order-${order.id}`} className="min-w-0 text-base font-semibold text-slate-900">
                  {t("orders.page.orderNumber")} <span className="font-mono text-sm break-all">{order.id}</span>
                </h2>
                <StatusBadge status={order.status} />
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700 sm:flex sm:flex-wrap sm:gap-x-6">
                <div className="contents sm:flex sm:gap-1">
                  <dt className="font-medium text-slate-600">{t("orders.page.date")}:</dt>
                  <dd>
                    <time dateTime={order.iso}>{order.date}</time>
                  </dd>
                </div>
                <div className="contents sm:flex sm:gap-1">
                  <dt className="font-medium text-slate-600">{t("orders.page.total")}:</dt>
                  <dd className="font-semibold text-slate-900">{money.total(order)}</dd>
                </div>
              </dl>
              <p className="mt-1 text-sm text-slate-700">{t("orders.page.items", { count: order.itemCount })}</p>
            </div>
            <Link to={`?order=${encodeURIComponent(order.id)}`} className={`${SECONDARY_ACTION} w-full sm:w-auto`}>
              {t("orders.page.view")}
              <span className="sr-only"> {t("orders.page.viewOf", { id: order.id })}</span>
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}

function OrderDetailSection({ order, confirming }: { order: OrderDetailView; confirming: boolean }) {
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
          {order.cancellable && !confirm && (
            <Link to={`${detailHref}&confirm=cancel#order-cancel`} preventScrollReset className={DANGER_OUTLINE}>
              {t("orders.page.cancel")}
            </Link>
          )}
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

          <Tracking steps={order.steps} />

          {order.status !== "cancelled" && (
            <section id="order-cancel" aria-labelledby="order-cancel-heading" className={CARD}>
              <h3 id="order-cancel-heading" className="text-lg font-semibold text-slate-900">
                {t("orders.page.cancelTitle")}
              </h3>
              <p className="mt-1 text-sm text-slate-700">{t("orders.page.cancelHelp")}</p>
              {!order.cancellable && (
                <p className="mt-2 text-sm font-medium text-slate-900">{t("orders.page.cannotCancel")}</p>
              )}
              {confirm && <CancelConfirm id={order.id} back={detailHref} busy={busyIntent === "cancel"} />}
            </section>
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

const DANGER_OUTLINE =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-red-700 bg-white px-5 py-2.5 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
const DANGER =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 aria-disabled:opacity-70";

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

/** §4.1 confirmation, as a step of the page (works without JavaScript): yes cancels, no goes back. */
function CancelConfirm({ id, back, busy }: { id: string; back: string; busy: boolean }) {
  const t = useT();
  const lang = useLang();
  return (
    <div
      role="group"
      aria-labelledby="cancel-confirm-heading"
      className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 p-4"
    >
      <h4
        id="cancel-confirm-heading"
        tabIndex={-1}
        className="font-semibold text-red-950 [overflow-wrap:anywhere] focus:outline-none"
      >
        {t("orders.page.confirm.title", { id })}
      </h4>
      <p className="mt-1 text-sm text-red-950">{t("orders.page.confirm.text")}</p>
      <Form
        method="post"
        action={`${localePath(lang, "/orders")}${back}`}
        className="mt-3 grid gap-2 sm:flex sm:flex-wrap"
      >
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="transactionId" value={id} />
        <button type="submit" className={DANGER} aria-disabled={busy || undefined}>
          {busy ? t("orders.page.confirm.busy") : t("orders.page.confirm.yes")}
        </button>
        <Link to={back} preventScrollReset className={SECONDARY_ACTION}>
          {t("orders.page.confirm.no")}
        </Link>
      </Form>
    </div>
  );
}

const DOT: Record<StepState, string> = {
  done: "border-green-700 bg-green-700 text-white",
  current: "border-blue-800 bg-blue-800 text-white",
  upcoming: "border-slate-400 bg-white text-slate-400",
};

/** §2.15 track: the status history as an ordered list, the current step marked. */
function Tracking({ steps }: { steps: TrackStep[] }) {
  const t = useT();
  return (
    <section id="order-tracking" aria-labelledby="order-tracking-heading" className={`${CARD} scroll-mt-4`}>
      <h3 id="order-tracking-heading" className="text-lg font-semibold text-slate-900">
        {t("orders.page.tracking")}
      </h3>
      <ol className="mt-3">
        {steps.map((step, i) => {
          const cancelled = step.status === "cancelled";
          const dot = cancelled ? "border-red-700 bg-red-700 text-white" : DOT[step.state];
          return (
            <li
              key={step.status}
              aria-current={step.state === "current" ? "step" : undefined}
              data-state={step.state}
              className="relative flex gap-3 pb-5 last:pb-0"
            >
              {i < steps.length - 1 && (
                <span
                  aria-hidden="true"
                  className={`absolute top-7 left-[13px] h-[calc(100%-1.75rem)] w-0.5 ${step.state === "done" ? "bg-green-700" : "bg-slate-300"}`}
                />
              )}
              <span
                aria-hidden="true"
                className={`relative flex size-7 shrink-0 items-center justify-center rounded-full border-2 ${dot}`}
              >
                {step.state === "done" ? (
                  <CheckIcon size={16} />
                ) : step.state === "current" ? (
                  <span className="size-2.5 rounded-full bg-white" />
                ) : null}
              </span>
              <div className="min-w-0 pt-0.5">
                <p className={`font-semibold ${step.state === "upcoming" ? "text-slate-600" : "text-slate-900"}`}>
                  {t(statusKey(step.status))}
                  <span className="sr-only"> ({t(`orders.page.step.${step.state}` as TranslationKey)})</span>
                </p>
                <p className="text-sm text-slate-700">
                  {step.date && step.iso ? (
                    <time dateTime={step.iso}>{step.date}</time>
                  ) : (
                    t("orders.page.step.upcomingDate")
                  )}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * 'Download invoice' (D20, §8): a plain link with `download` that works before JavaScript; with
 * it, the file is fetched first so that a failure shows 'Error downloading invoice' in the page
 * instead of a broken download.
 */
function InvoiceLink({ href }: { href: string }) {
  const t = useT();
  const [state, setState] = useState<"idle" | "busy" | "error">("idle");

  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (state === "busy") return;
    setState("busy");
    try {
      const res = await fetch(href, { credentials: "same-origin" });
      if (!res.ok || !(res.headers.get("Content-Type") ?? "").includes("application/pdf")) {
        throw new Error(`invoice: HTTP ${res.status}`);
      }
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "invoice.pdf";
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
      setState("idle");
    } catch {
      setState("error");
    }
  }

  return (
    <>
      <a
        href={href}
        download
        onClick={onClick}
        aria-disabled={state === "busy" || undefined}
        className={SECONDARY_ACTION}
      >
        {state === "busy" ? t("orders.page.invoiceBusy") : t("orders.page.invoice")}
      </a>
      <p
        role="alert"
        className={
          state === "error"
            ? "w-full rounded-md border-l-4 border-red-700 bg-red-50 p-2 text-sm font-medium text-red-900 sm:basis-full"
            : "sr-only"
        }
      >
        {state === "error" ? t("orders.errors.invoiceFailed") : ""}
      </p>
    </>
  );
}
