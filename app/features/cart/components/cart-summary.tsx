import { LocaleLink } from "~/components/locale-link";
import { Price } from "~/components/price";
import { useT } from "~/i18n/use-t";
import type { CartSummaryView } from "./cart-view";

/**
 * §2.13 summary: subtotal, savings (what the original prices would cost minus what is charged),
 * total, and the link to checkout. Every figure comes from the server's cart totals (decision “The server decides every figure”).
 */
export function CartSummary({ summary }: { summary: CartSummaryView }) {
  const t = useT();
  return (
    <section aria-labelledby="cart-summary-title" className="rounded-lg bg-white p-4 shadow-xs sm:p-5">
      <h2 id="cart-summary-title" className="text-lg font-bold text-slate-900">
        {t("cart.summary.title")}
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-700">{t("cart.summary.subtotal", { count: summary.unitCount })}</dt>
          <dd className="font-semibold text-slate-900" data-summary="subtotal">
            <Price usd={summary.subtotal} />
          </dd>
        </div>
        {summary.savings > 0 && (
          <div className="flex justify-between gap-3 text-emerald-800">
            <dt>{t("cart.summary.savings")}</dt>
            <dd className="font-semibold" data-summary="savings">
              <Price usd={summary.savings} />
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base">
          <dt className="font-bold text-slate-900">{t("cart.summary.total")}</dt>
          <dd className="font-bold text-slate-900" data-summary="total">
            <Price usd={summary.total} />
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-600">{t("cart.summary.shipping")}</p>
      <LocaleLink
        to="/checkout"
        className="mt-4 flex min-h-12 w-full items-center justify-center rounded-full bg-amber-400 px-5 font-semibold text-slate-900 shadow-xs hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {t("cart.summary.checkout")}
      </LocaleLink>
      <LocaleLink
        to="/shop"
        className="mt-2 flex min-h-11 w-full items-center justify-center rounded-full border border-slate-300 px-5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {t("cart.continueShopping")}
      </LocaleLink>
    </section>
  );
}
