import { useRootData } from "~/components/root-data";
import { useT } from "~/i18n/use-t";
import { formatPrice } from "~/utils/money";
import type { OrderRowView } from "../order-page-view";

/** Goods in the visitor's currency at the order's rate, shipping always in CUP (decisions “Prices are kept in US cents”, “Shipping price and the express cut-off”). */
export function useOrderMoney() {
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
