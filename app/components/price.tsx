import { formatPrice } from "~/utils/money";
import { useRootData } from "./root-data";

/** A USD price shown in the visitor's currency at the current rate (decisions “Prices are kept in US cents”, “One exchange rate”, “Currency choice”). */
export function Price({ usd, className }: { usd: number; className?: string }) {
  const { currency, rate, lang } = useRootData();
  return <span className={className}>{formatPrice(usd, currency, rate, lang)}</span>;
}

/** The same formatting as a string, for attributes and messages. */
export function useFormatPrice(): (usd: number) => string {
  const { currency, rate, lang } = useRootData();
  return (usd) => formatPrice(usd, currency, rate, lang);
}
