import { useLocation } from "react-router";
import { Link } from "~/components/router-links";
import { Price, useFormatPrice } from "~/components/price";
import { Stars } from "~/components/ui/stars";
import { useT } from "~/i18n/use-t";
import { discountPercent } from "~/utils/money";
import { withParams } from "./product-url-state";
import { WHOLESALE_MIN_UNITS } from "~/features/cart/wholesale";
import { ComboBadge, ComboContents } from "./combo-contents";
import type { ProductView } from "./product-view";

/**
 * §2.10 title block: the name (the page's only h1), the brand, and the real average rating with
 * one decimal and the review count linking to the reviews tab ('No reviews yet' without, decision “Real ratings”).
 */
export function ProductHeading({
  product,
  rating,
}: {
  product: ProductView;
  rating: { average: number | null; count: number };
}) {
  const t = useT();
  const location = useLocation();
  const reviewsHref = `${withParams(location, { tab: "reviews" })}#product-tabs`;
  return (
    <div>
      {product.brand && <p className="text-sm font-medium text-blue-800">{t("pdp.brand", { brand: product.brand })}</p>}
      <h1 className="mt-0.5 text-xl leading-snug font-bold break-words text-slate-900 sm:text-2xl">{product.name}</h1>
      {product.comboParts && (
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <ComboBadge />
          <ComboContents parts={product.comboParts} className="text-sm" />
        </div>
      )}
      <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {rating.count > 0 && rating.average !== null ? (
          <>
            <Stars rating={rating.average} />
            <span className="font-semibold text-slate-900">
              <span className="sr-only">{t("product.rating", { rating: rating.average.toFixed(1) })}</span>
              <span aria-hidden="true">{rating.average.toFixed(1)}</span>
            </span>
            <Link
              to={reviewsHref}
              replace
              className="rounded text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              {t("product.reviews", { count: rating.count })}
            </Link>
          </>
        ) : (
          <span className="text-slate-600">{t("pdp.noReviews")}</span>
        )}
      </div>
    </div>
  );
}

/**
 * §2.10 price in the shopper's currency (decision “Currency choice”), the original price struck through with the saving
 * and a sale badge when the price is lower, and the wholesale box (§9: from `WHOLESALE_MIN_UNITS`).
 */
export function ProductPrice({ product }: { product: ProductView }) {
  const t = useT();
  const format = useFormatPrice();
  const percent = discountPercent(product.price, product.originalPrice);
  return (
    <div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {percent !== null && (
          <span className="rounded-md bg-red-700 px-2 py-1 text-sm leading-none font-bold text-white">
            <span aria-hidden="true">{t("product.discountBadge", { percent })}</span>
            <span className="sr-only">{t("product.discount", { percent })}</span>
          </span>
        )}
        <span className="sr-only">{t("product.priceLabel")}:</span>
        <Price usd={product.price} className="text-3xl font-bold tracking-tight text-slate-900" />
      </p>
      {percent !== null && (
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600">
          <s>
            <span className="sr-only">{t("product.originalPriceLabel")}: </span>
            <Price usd={product.originalPrice} />
          </s>
          <span className="font-medium text-red-800">
            {t("pdp.save", { amount: format(product.originalPrice - product.price) })}
          </span>
        </p>
      )}
      {product.wholesalePrice !== null && (
        <p className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {t("pdp.wholesale", { price: format(product.wholesalePrice), min: WHOLESALE_MIN_UNITS })}
        </p>
      )}
    </div>
  );
}
