import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { Icon as Glyph, MapPinIcon, ShieldCheckIcon, TruckIcon } from "~/components/icons";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { useHydrated } from "./product-hydrated";
import { LOW_STOCK, type ProductSelection, type ProductView, productPagePath } from "./product-view";

const HEART =
  "M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5";

/**
 * §2.10 buy box: stock, quantity, add to cart, buy now, the wishlist heart, and the city, warranty
 * and delivery lines. Nobody can sign in yet, so every buying action is the signed-out one of §6
 * and D7/D9: straight to `/{lang}/login?next=<this page with the chosen colour and variety>`. The
 * accounts work turns these into cart and wishlist mutations for signed-in shoppers.
 */
export function ProductBuyBox({ product, selection }: { product: ProductView; selection: ProductSelection }) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const outOfStock = product.quantity <= 0;
  const next = productPagePath(location.pathname, product, selection);
  const login = localePath(lang, "/login");

  return (
    <section aria-labelledby="buy-box-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="buy-box-title" className="sr-only">
        {t("pdp.buy.label")}
      </h2>
      <StockIndicator quantity={product.quantity} />

      <Form method="get" action={login} className="mt-3 space-y-2.5">
        <input type="hidden" name="next" value={next} />
        {!outOfStock && <QuantityField max={product.quantity} />}
        <button
          type="submit"
          disabled={outOfStock}
          className="flex min-h-12 w-full items-center justify-center rounded-full bg-amber-400 px-5 font-semibold text-slate-900 shadow-xs hover:bg-amber-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600 disabled:shadow-none"
        >
          {t("pdp.addToCart")}
        </button>
        <button
          type="submit"
          disabled={outOfStock}
          className="flex min-h-12 w-full items-center justify-center rounded-full bg-blue-900 px-5 font-semibold text-white shadow-xs hover:bg-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600 disabled:shadow-none"
        >
          {t("pdp.buyNow")}
        </button>
      </Form>
      {outOfStock ? (
        <p role="status" className="mt-2 text-sm font-semibold text-red-800">
          {t("pdp.outOfStock")}
        </p>
      ) : (
        <p className="mt-2 text-xs text-slate-600">{t("pdp.signInToBuy")}</p>
      )}

      <Link
        to={`${login}?${new URLSearchParams({ next })}`}
        className="mt-3 flex min-h-11 w-full items-center justify-center gap-2 rounded-full border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:border-red-300 hover:bg-red-50 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        <Glyph>
          <path d={HEART} />
        </Glyph>
        {t("pdp.wishlist.add")}
      </Link>

      <ul className="mt-4 space-y-2 border-t border-slate-100 pt-3 text-sm text-slate-700">
        <li className="flex items-start gap-2">
          <MapPinIcon size={18} className="mt-0.5 shrink-0 text-slate-500" />
          {t("pdp.location", { city: product.shopCity })}
        </li>
        {product.warranty && (
          <li className="flex items-start gap-2">
            <ShieldCheckIcon size={18} className="mt-0.5 shrink-0 text-emerald-700" />
            {t("pdp.warranty")}
          </li>
        )}
        <li className="flex items-start gap-2">
          <TruckIcon size={18} className="mt-0.5 shrink-0 text-slate-500" />
          {t("pdp.delivery")}
        </li>
      </ul>
    </section>
  );
}

/** In stock, '¡Solo quedan 3!' when few are left, or out of stock (§2.10 stock indicator). */
function StockIndicator({ quantity }: { quantity: number }) {
  const t = useT();
  const [text, tone] =
    quantity <= 0
      ? [t("pdp.stock.out"), "text-red-800 bg-red-600"]
      : quantity <= LOW_STOCK
        ? [t("pdp.stock.low", { count: quantity }), "text-amber-900 bg-amber-500"]
        : [t("pdp.stock.in"), "text-emerald-800 bg-emerald-600"];
  const [textColor, dotColor] = tone.split(" ");
  return (
    <p className={`flex items-center gap-2 font-semibold ${textColor}`}>
      <span aria-hidden="true" className={`size-2.5 rounded-full ${dotColor}`} />
      {text}
    </p>
  );
}

/**
 * Quantity, 1 to the stock (§5). A number field that works without JavaScript; the -/+ buttons
 * need it, so they stay disabled until the page is hydrated.
 */
function QuantityField({ max }: { max: number }) {
  const t = useT();
  const hydrated = useHydrated();
  const [value, setValue] = useState("1");
  const current = Math.min(Math.max(Number.parseInt(value, 10) || 1, 1), max);
  const step = (delta: number) => setValue(String(Math.min(Math.max(current + delta, 1), max)));
  const stepper =
    "flex size-11 items-center justify-center text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700 disabled:text-slate-300 disabled:hover:bg-transparent";
  return (
    <div className="flex items-center justify-between gap-3">
      <label htmlFor="quantity" className="text-sm font-medium text-slate-800">
        {t("pdp.quantity")}
      </label>
      <div className="flex items-center overflow-hidden rounded-full border border-slate-300">
        <button
          type="button"
          className={stepper}
          onClick={() => step(-1)}
          disabled={!hydrated || current <= 1}
          aria-label={t("pdp.quantity.decrease")}
        >
          <Glyph size={18}>
            <path d="M5 12h14" />
          </Glyph>
        </button>
        {/* No name: nothing is submitted until the cart exists (accounts work). */}
        <input
          id="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => setValue(String(current))}
          className="h-11 w-14 border-x border-slate-300 text-center text-base [appearance:textfield] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700 [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={stepper}
          onClick={() => step(1)}
          disabled={!hydrated || current >= max}
          aria-label={t("pdp.quantity.increase")}
        >
          <Glyph size={18}>
            <path d="M5 12h14" />
            <path d="M12 5v14" />
          </Glyph>
        </button>
      </div>
    </div>
  );
}
