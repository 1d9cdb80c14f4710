import { useEffect } from "react";
import { type ShouldRevalidateFunction, data, redirect, useLocation, useSearchParams } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { TruckIcon } from "~/components/icons";
import { metaT, pageMeta } from "~/components/seo";
import { appContext } from "~/context";
import { flashCookie } from "~/features/accounts/flash.server";
import { requireUser } from "~/features/accounts/require-user.server";
import { EmptyState } from "~/features/catalog/components/empty-state";
import { getOrderClaims } from "~/features/claims/claims.server";
import { OrderClaimsSection } from "~/features/claims/components/order-claims";
import { orderClaimsView } from "~/features/claims/page-view";
import { OrderDetailSection, OrderNotFound } from "~/features/orders/components/order-detail";
import { OrderList } from "~/features/orders/components/order-list";
import { toDetail, toRow } from "~/features/orders/order-page-view.server";
import { getOrder, listOrders } from "~/features/orders/orders.server";
import { reorder } from "~/features/orders/reorder.server";
import { cancelOrder } from "~/features/orders/status.server";
import { notAddedText } from "~/features/orders/reorder-note.server";
import { translate } from "~/i18n/i18n";
import { localePath } from "~/i18n/links";
import { getMessages } from "~/i18n/messages.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import type { Route } from "./+types/orders";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/forms.server";

/**
 * §2.15 orders. Needs sign-in (§6): a signed-out visitor goes to the login page at once and comes
 * back (decision “Signed-out visitors go to login at once”). The list, newest first; `?order=<transaction_id>` opens one order in the page (so
 * reload and the back button work), and an unknown or another shopper's id is 'Order not found'
 * with a 404 (decision “Order ids are unguessable and private”).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const asked = new URL(request.url).searchParams.get("order");
  const all = await listOrders(db, user.id);
  const orders = all.map((order) => toRow(order, lang));
  if (asked === null) return { orders, detail: null, claims: null, notFound: false };
  const found = all.find((order) => order.transactionId === asked);
  if (!found) return data({ orders, detail: null, claims: null, notFound: true }, { status: 404 });
  const claims = await getOrderClaims(db, user.id, found.transactionId);
  return {
    orders,
    detail: toDetail(found, lang),
    claims: claims && orderClaimsView(claims, lang),
    notFound: false,
  };
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

/**
 * The detail's forms, told apart by `intent` (both work before JavaScript): `cancel` (§4.1: only
 * while not_processed or processed; later the 409 text sends the shopper to customer service;
 * units go back in stock) and `reorder` (decision “Invoice and reorder”: to the cart, with a note of the lines not added and
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
  const { orders, detail, claims, notFound } = loaderData;
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
        <OrderDetailSection order={detail} confirming={confirming}>
          {claims && <OrderClaimsSection claims={claims} />}
        </OrderDetailSection>
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
