import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Icon as Glyph, MapPinIcon, ShieldCheckIcon, TruckIcon } from "~/components/icons";
import { useRootData } from "~/components/root-data";
import { Spinner } from "~/components/ui/spinner";
import { type CartMutationData, resultMessage, useMutationStatus } from "~/features/cart/components/cart-mutation";
import { WishlistHeart } from "~/features/wishlist/components/wishlist-heart";
import { localePath } from "~/i18n/links";
import { useLang, useT } from "~/i18n/use-t";
import { useHydrated } from "~/utils/use-hydrated";
import { LOW_STOCK, type ProductSelection, type ProductView, productPagePath } from "./product-view";
import { NO_DISCOVERY } from "~/components/router-links";

/** §4.3 / §9: the product page's success or error banner lasts 3 seconds. */
const BANNER_MS = 3000;

const BUTTON =
  "flex min-h-12 w-full items-center justify-center gap-2 rounded-full px-5 font-semibold shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600 disabled:shadow-none";

/**
 * §2.10 buy box: stock, quantity, add to cart, buy now, the wishlist heart, and the city, warranty
 * and delivery lines. Add to cart posts the chosen colour, variety and quantity to `/{lang}/cart/add`
 * through a fetcher (the page stays, a banner says how it went for 3 s, the header badge updates);
 * buy now adds and goes on to checkout. Both are plain form posts without JavaScript. A signed-out
 * shopper is sent by the action to login and back to this page with the same choice (decisions “Signed-out visitors go to login at once”, “Guest cart”).
 */
export function ProductBuyBox({
  product,
  selection,
  inWishlist = false,
}: {
  product: ProductView;
  selection: ProductSelection;
  inWishlist?: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const { user } = useRootData();
  const fetcher = useFetcher<CartMutationData>();
  const { status, result } = useMutationStatus(fetcher, BANNER_MS);
  const outOfStock = product.quantity <= 0;
  const next = productPagePath(location.pathname, product, selection);
  const adding = status === "loading" && fetcher.formData?.get("intent") !== "buyNow";

  return (
    <section aria-labelledby="buy-box-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="buy-box-title" className="sr-only">
        {t("pdp.buy.label")}
      </h2>
      <StockIndicator quantity={product.quantity} />

      <fetcher.Form {...NO_DISCOVERY} method="post" action={localePath(lang, "/cart/add")} className="mt-3 space-y-2.5">
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="redirectTo" value={next} />
        {product.colors.length > 0 && selection.color && <input type="hidden" name="color" value={selection.color} />}
        {selection.variety && <input type="hidden" name="variety" value={selection.variety} />}
        {!outOfStock && <QuantityField max={product.quantity} />}
        <button
          type="submit"
          name="intent"
          value="add"
          disabled={outOfStock}
          aria-disabled={status === "loading" || undefined}
          className={`${BUTTON} bg-amber-400 text-slate-900 hover:bg-amber-500`}
        >
          {adding && <Spinner />}
          {adding ? t("cart.add.adding") : t("pdp.addToCart")}
        </button>
        <button
          type="submit"
          name="intent"
          value="buyNow"
          disabled={outOfStock}
          aria-disabled={status === "loading" || undefined}
          className={`${BUTTON} bg-blue-900 text-white hover:bg-blue-950`}
        >
          {t("pdp.buyNow")}
        </button>
      </fetcher.Form>
      <div role="status">
        {(status === "done" || status === "error") && result && (
          <p
            data-banner={status === "done" ? "success" : "error"}
            className={`mt-3 rounded-md border-l-4 p-3 text-sm font-medium ${
              status === "done"
                ? "border-emerald-600 bg-emerald-50 text-emerald-900"
                : "border-red-600 bg-red-50 text-red-900"
            }`}
          >
            {resultMessage(t, result, "cart.add.success")}
          </p>
        )}
      </div>
      {outOfStock ? (
        <p className="mt-2 text-sm font-semibold text-red-800">{t("pdp.outOfStock")}</p>
      ) : (
        !user && <p className="mt-2 text-xs text-slate-600">{t("pdp.signInToBuy")}</p>
      )}

      <WishlistHeart productId={product.id} inWishlist={inWishlist} redirectTo={next} />

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
        <input
          id="quantity"
          name="count"
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
