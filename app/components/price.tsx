import { formatPrice } from "~/utils/money";
import { useRootData } from "./root-data";

/** A USD price shown in the visitor's currency at the current rate (D1, D2, D5). */
export function Price({ usd, className }: { usd: number; className?: string }) {
  const { currency, rate, lang } = useRootData();
  return <span className={className}>{formatPrice(usd, currency, rate, lang)}</span>;
}

/** The same formatting as a string, for attributes and messages. */
export function useFormatPrice(): (usd: number) => string {
  const { currency, rate, lang } = useRootData();
  return (usd) => formatPrice(usd, currency, rate, lang);
}
