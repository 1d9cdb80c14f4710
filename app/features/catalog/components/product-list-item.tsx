import { Link } from "~/components/router-links";
import { StoreIcon } from "~/components/icons";
import { Price } from "~/components/price";
import { type ListingItemData, isOnSale, truncate } from "./product-card";
import { RatingStars } from "~/components/rating-stars";
import { AddToCartButton } from "~/features/cart/components/add-to-cart-button";
import { useImageUrls } from "~/features/media/use-image-urls";
import { useLocalePath, useT } from "~/i18n/use-t";
import { discountPercent } from "~/utils/money";
import { SaverImg } from "~/components/saver-img";
import { ComboBadge, ComboContents } from "./combo-contents";

/** §2.10: names are truncated at 100 characters, 50 on small screens. */
const NAME_LIMIT = 100;
const NAME_LIMIT_SMALL = 50;
/** Stock at or below this shows 'only N left'. */
const FEW_LEFT = 5;
const IMAGE_SIZE = 160;
const IMAGE_SIZES = "(min-width: 640px) 160px, 112px";

/**
 * A product in list mode (§2.9): image, name, brand, real rating (decision “Real ratings”), price with the original
 * price and a sale badge, stock, and add to cart (§4.3; disabled when out of stock). A signed-out
 * shopper's add is a link to sign in that comes back here (decisions “Signed-out visitors go to login at once”, “Guest cart”).
 */
export function ProductListItem({
  product,
  buyHref,
  eager = false,
  priority = false,
  headingLevel = 2,
}: {
  product: ListingItemData;
  /** Where a signed-out shopper's add to cart goes: `/{lang}/login?next=<this page>` (decisions “Signed-out visitors go to login at once”, “Guest cart”). */
  buyHref?: string;
  eager?: boolean;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const href = useLocalePath();
  const image = useImageUrls();
  const name = product.display_name;
  const percent = discountPercent(product.price, product.original_price);
  const onSale = isOnSale(product);
  const outOfStock = product.quantity <= 0;
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <article className="flex gap-3 rounded-lg border border-slate-200 bg-white p-2 shadow-xs sm:gap-4 sm:p-3">
      <Link
        to={href(`/product/${product.id}`)}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block size-28 shrink-0 overflow-hidden rounded-md bg-slate-50 sm:size-40"
      >
        {product.image_url ? (
          <SaverImg
            src={image.src(product.image_url, IMAGE_SIZE)}
            srcSet={image.srcSet(product.image_url, [160, 320]) || undefined}
            sizes={IMAGE_SIZES}
            width={IMAGE_SIZE}
            height={IMAGE_SIZE}
            alt=""
            loading={eager || priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
            className={`h-full w-full object-contain ${outOfStock ? "opacity-60" : ""}`}
          />
        ) : (
          <span className="flex h-full w-full items-center justify-center text-slate-300">
            <StoreIcon size={40} />
          </span>
        )}
      </Link>

      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:gap-4">
        <div className="min-w-0 flex-1">
          <Heading className="text-sm leading-snug font-medium text-slate-900 sm:text-base">
            <Link
              to={href(`/product/${product.id}`)}
              title={name.length > NAME_LIMIT_SMALL ? name : undefined}
              className="rounded hover:text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              <span className="sm:hidden">{truncate(name, NAME_LIMIT_SMALL)}</span>
              <span className="hidden sm:inline">{truncate(name, NAME_LIMIT)}</span>
            </Link>
          </Heading>
          {product.combo_parts && (
            <div className="flex flex-wrap items-center gap-1.5">
              <ComboBadge />
              <ComboContents parts={product.combo_parts} />
            </div>
          )}
          {product.brand && (
            <p className="text-xs text-slate-600 sm:text-sm">
              <span className="sr-only">{t("catalog.item.brand")}: </span>
              {product.brand}
            </p>
          )}
          <div className="mt-0.5">
            <RatingStars rating={product.rating} count={product.reviews_count} />
          </div>
        </div>

        <div className="flex flex-col gap-1 sm:w-48 sm:shrink-0 sm:items-end sm:text-right">
          <p className="flex flex-wrap items-baseline gap-x-2 sm:justify-end">
            <span className="sr-only">{t("product.priceLabel")}:</span>
            <Price usd={product.price} className="text-lg font-bold text-slate-900" />
            {onSale && (
              <s className="fine">
                <span className="sr-only">{t("product.originalPriceLabel")}: </span>
                <Price usd={product.original_price} />
              </s>
            )}
            {onSale && (
              <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">
                {percent !== null ? (
                  <>
                    <span aria-hidden="true">{t("product.discountBadge", { percent })}</span>
                    <span className="sr-only">{t("product.discount", { percent })}</span>
                  </>
                ) : (
                  t("catalog.item.sale")
                )}
              </span>
            )}
          </p>
          <p
            className={`text-xs font-medium sm:text-sm ${
              outOfStock ? "text-red-800" : product.quantity <= FEW_LEFT ? "text-amber-800" : "text-green-800"
            }`}
          >
            {outOfStock
              ? t("product.outOfStock")
              : product.quantity <= FEW_LEFT
                ? t("catalog.item.fewLeft", { count: product.quantity })
                : t("catalog.item.inStock")}
          </p>
          <div className="mt-auto pt-1">
            <AddToCartButton productId={product.id} name={name} quantity={product.quantity} signInHref={buyHref} />
          </div>
        </div>
      </div>
    </article>
  );
}
