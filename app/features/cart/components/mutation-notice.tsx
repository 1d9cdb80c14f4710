import type { TranslationKey } from "~/i18n/i18n";
import { useT } from "~/i18n/use-t";
import { type CartMutationData, resultMessage } from "./cart-mutation";

/**
 * A page's status line for what a fetcher just did to something no longer shown (a removed cart
 * line or wishlist item): green when there is something to say, and always in the page as a
 * status region, so a screen reader hears it as the plain form post's alert would say it.
 */
export function MutationNotice({ result, fallback }: { result: CartMutationData | null; fallback: TranslationKey }) {
  const t = useT();
  return (
    <p
      role="status"
      className={
        result
          ? "mt-3 rounded-md border-l-4 border-green-600 bg-green-50 p-3 text-sm font-medium text-green-900"
          : "sr-only"
      }
    >
      {result ? resultMessage(t, result, fallback) : ""}
    </p>
  );
}
