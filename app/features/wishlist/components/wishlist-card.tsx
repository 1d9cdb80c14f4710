import { useFetcher } from "react-router";
import { Link, NO_DISCOVERY } from "~/components/router-links";
import { StoreIcon } from "~/components/icons";
import { Price } from "~/components/price";
import { RatingStars } from "~/components/rating-stars";
import { Spinner } from "~/components/ui/spinner";
import { type CartMutationData, useMutationStatus, useOnSettled } from "~/features/cart/components/cart-mutation";
import { useImageUrls } from "~/features/media/use-image-urls";
import { localePath } from "~/i18n/links";
import { useLang, useLocalePath, useT } from "~/i18n/use-t";
import { SaverImg } from "~/components/saver-img";

/** §4.4 / §9: the wishlist's badges last 3 seconds. */
const BADGE_MS = 3000;
const IMAGE_SIZE = 320;

export type WishlistItemView = {
  id: number;
  name: string;
  imageUrl: string | null;
  price: number;
  originalPrice: number;
  quantity: number;
  rating: number | null;
  reviewsCount: number;
};

const BUTTON =
  "inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/**
 * §2.17 / §4.4 a wishlist card: image (placeholder when none), name linking to the product, the
 * real rating (decision “Real ratings”: 'No reviews yet' without reviews, not a fixed 4.0), price with the original
 * price, stock label, remove (spinner; error badge 3 s) and add to cart (green 'added to cart'
 * badge 3 s; red badge 3 s, out of stock at quantity 0, else a generic error). Both are plain
 * form posts without JavaScript; the page's data is read again after each success.
 */
export function WishlistCard({
  item,
  onRemoved,
}: {
  item: WishlistItemView;
  /** Hears a successful remove while the page data is read again (see `useOnSettled`). */
  onRemoved?: (result: CartMutationData) => void;
}) {
  const t = useT();
  const lang = useLang();
  const href = useLocalePath();
  const image = useImageUrls();
  const remover = useFetcher<CartMutationData>();
  const adder = useFetcher<CartMutationData>();
  const removing = remover.state !== "idle";
  const removal = useMutationStatus(remover, BADGE_MS);
  useOnSettled(remover, onRemoved);
  const add = useMutationStatus(adder, BADGE_MS);
  const outOfStock = item.quantity <= 0;
  const onSale = item.price < item.originalPrice;
  const badge =
    add.status === "done"
      ? { tone: "bg-emerald-700", text: t("wishlist.addedToCart") }
      : add.status === "error"
        ? { tone: "bg-red-700", text: outOfStock ? t("cart.errors.outOfStock") : t("wishlist.errors.generic") }
        : removal.status === "error"
          ? { tone: "bg-red-700", text: t("wishlist.errors.generic") }
          : null;

  return (
    <article
      aria-labelledby={`wishlist-item-${item.id}`}
      aria-busy={removing || undefined}
      className={`relative grid h-full grid-cols-[7rem_1fr] gap-x-3 rounded-lg border border-slate-200 bg-white p-3 shadow-xs min-[480px]:flex min-[480px]:flex-col ${removing ? "opacity-60" : ""}`}
    >
      <Link
        to={href(`/product/${item.id}`)}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block aspect-square self-start overflow-hidden rounded-md bg-slate-50 min-[480px]:mb-2 min-[480px]:self-stretch"
      >
        {item.imageUrl ? (
          <SaverImg
            src={image.src(item.imageUrl, IMAGE_SIZE)}
            srcSet={image.srcSet(item.imageUrl, [160, 320]) || undefined}
            sizes="(min-width: 1024px) 240px, (min-width: 480px) 45vw, 112px"
            width={IMAGE_SIZE}
            height={IMAGE_SIZE}
            alt=""
            loading="lazy"
            decoding="async"
            className={`h-full w-full object-contain ${outOfStock ? "opacity-60" : ""}`}
          />
        ) : (
          <span className="flex h-full w-full items-center justify-center text-slate-300">
            <StoreIcon size={48} />
          </span>
        )}
      </Link>
      {/* Beside the image on a phone (one column, §2.17), below it from two columns up; the buttons
          take the card's full width either way. */}
      <div className="flex min-w-0 flex-1 flex-col">
        <h2 id={`wishlist-item-${item.id}`} className="text-sm leading-snug font-medium text-slate-900 sm:text-base">
          <Link
            to={href(`/product/${item.id}`)}
            className="line-clamp-2 hover:text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            {item.name}
          </Link>
        </h2>
        <div className="mt-1">
          <RatingStars rating={item.rating} count={item.reviewsCount} />
        </div>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
          <span className="sr-only">{t("product.priceLabel")}:</span>
          <Price usd={item.price} className="text-lg font-bold text-slate-900" />
          {onSale && (
            <s className="text-sm text-slate-600">
              <span className="sr-only">{t("product.originalPriceLabel")}: </span>
              <Price usd={item.originalPrice} />
            </s>
          )}
        </p>
        <p className={`text-sm font-medium ${outOfStock ? "text-red-800" : "text-emerald-800"}`}>
          {outOfStock ? t("wishlist.outOfStock") : t("wishlist.inStock")}
        </p>

        <div role="status" className="min-h-7 pt-1">
          {badge && (
            <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold text-white ${badge.tone}`}>
              {badge.text}
            </span>
          )}
        </div>
      </div>

      <div className="col-span-2 mt-auto flex gap-2 pt-2">
        <adder.Form {...NO_DISCOVERY} method="post" action={localePath(lang, "/cart/add")} className="flex flex-1">
          <input type="hidden" name="productId" value={item.id} />
          <input type="hidden" name="redirectTo" value={localePath(lang, "/wishlist")} />
          <button
            type="submit"
            aria-disabled={add.status === "loading" || undefined}
            className={`${BUTTON} bg-amber-400 text-slate-900 hover:bg-amber-500`}
          >
            {add.status === "loading" && <Spinner />}
            {t("wishlist.addToCart")}
            <span className="sr-only">: {item.name}</span>
          </button>
        </adder.Form>
        <remover.Form {...NO_DISCOVERY} method="post" className="flex">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="productId" value={item.id} />
          <button
            type="submit"
            disabled={removing}
            className={`${BUTTON} border border-slate-300 text-slate-800 hover:border-red-300 hover:bg-red-50 hover:text-red-800`}
          >
            {removing && <Spinner />}
            {removing ? t("wishlist.removing") : t("wishlist.remove")}
            <span className="sr-only">: {item.name}</span>
          </button>
        </remover.Form>
      </div>
    </article>
  );
}
