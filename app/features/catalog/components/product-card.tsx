import { Link } from "~/components/router-links";
import type { ProductCardDto } from "~/features/catalog/types";
import { AddToCartButton } from "~/features/cart/components/add-to-cart-button";
import { useImageUrls } from "~/features/media/use-image-urls";
import { useLocalePath, useT } from "~/i18n/use-t";
import { discountPercent } from "~/utils/money";
import { StoreIcon } from "~/components/icons";
import { Price } from "~/components/price";
import { RatingStars } from "~/components/rating-stars";
import { SaverImg } from "~/components/saver-img";
import { ComboBadge, ComboContents } from "./combo-contents";

/** §2.10 / §9: at most 4 colour swatches and 4 varieties, then '+N more'. */
const MAX_CHIPS = 4;
/** §2.10: names are truncated at 100 characters, 50 on small screens. */
const NAME_LIMIT = 100;
const NAME_LIMIT_SMALL = 50;
/** §3: a colour without a hex value is shown grey. */
const DEFAULT_SWATCH = "#9ca3af";
/** Card images are square; 320 px is the width most phones pick at 2x for a half-width card. */
const IMAGE_SIZE = 320;
/** Small widths only (performance budget): a phone at 2x picks 320 for a 150 px card. */
const IMAGE_WIDTHS = [160, 320];
/** Two columns on phones, three on tablets, six on wide screens (the home rows). */
export const CARD_SIZES = "(min-width: 1024px) 200px, (min-width: 640px) 31vw, 46vw";
/** Cards in a horizontal row on phones are about 150 px wide. */
export const ROW_CARD_SIZES = "(min-width: 1024px) 200px, (min-width: 640px) 31vw, 152px";

/**
 * The fields a card renders: loaders send only these (small HTML and JSON, no descriptions). The
 * colour and variety lists are left out when empty, as most products have none.
 */
export type ProductCardData = Pick<
  ProductCardDto,
  "id" | "display_name" | "price" | "original_price" | "quantity" | "image_url" | "rating" | "reviews_count"
> &
  Partial<Pick<ProductCardDto, "colors_list" | "color_hex_mapping" | "varieties_list" | "combo_parts">>;

/** Trims a card DTO to what the card shows (the hex map only for the swatches on view). */
export function toCardData(product: ProductCardDto): ProductCardData {
  const shown = product.colors_list.slice(0, MAX_CHIPS);
  const card: ProductCardData = {
    id: product.id,
    display_name: product.display_name || product.name,
    price: product.price,
    original_price: product.original_price,
    quantity: product.quantity,
    image_url: product.image_url,
    rating: product.rating,
    reviews_count: product.reviews_count,
  };
  if (product.colors_list.length > 0) {
    card.colors_list = product.colors_list;
    card.color_hex_mapping = Object.fromEntries(
      shown.filter((c) => product.color_hex_mapping?.[c]).map((c) => [c, product.color_hex_mapping[c]]),
    );
  }
  if (product.varieties_list.length > 0) card.varieties_list = product.varieties_list;
  // Only a combo carries its contents (decision 015): other cards stay as small as before.
  if (product.is_combo) card.combo_parts = product.combo_parts;
  return card;
}

/** A listing item (§2.9 list mode adds the brand): the card's fields plus the brand. */
export type ListingItemData = ProductCardData & Pick<ProductCardDto, "brand">;

/** Trims a card DTO to what a listing shows in grid and list mode. */
export function toListingData(product: ProductCardDto): ListingItemData {
  return { ...toCardData(product), brand: product.brand };
}

/** §2.10: on sale when the price is below the original price. */
export function isOnSale(product: Pick<ProductCardData, "price" | "original_price">): boolean {
  return product.price < product.original_price;
}

export function truncate(text: string, limit: number): string {
  const chars = Array.from(text);
  return chars.length <= limit
    ? text
    : `${chars
        .slice(0, limit - 1)
        .join("")
        .trimEnd()}…`;
}

/**
 * A product card (home rows, listings, search, related products). The name link is stretched over
 * the whole card; a compact add-to-cart button (§4.3) sits above it beside the price, so the card
 * is two tab stops: the product and its add.
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
  sizes = CARD_SIZES,
  headingLevel = 3,
}: {
  product: ProductCardData;
  /** Load the image at once (cards in the first viewport); lazy otherwise. */
  eager?: boolean;
  /** The likely largest paint of the page (first cards of a listing): fetched first. */
  priority?: boolean;
  sizes?: string;
  /** 3 inside a titled section (home rows); 2 directly under the page's h1 (listings). */
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const href = useLocalePath();
  const image = useImageUrls();
  const name = product.display_name;
  const percent = discountPercent(product.price, product.original_price);
  const onSale = isOnSale(product);
  const outOfStock = product.quantity <= 0;
  const colors = product.colors_list ?? [];
  const varieties = product.varieties_list ?? [];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // One text when the name fits the small-screen limit too (most do): no second copy in the HTML.
  const short = truncate(name, NAME_LIMIT_SMALL);
  const long = truncate(name, NAME_LIMIT);

  return (
    <article className="group pcard">
      <div className="pcard-media">
        {product.image_url ? (
          <SaverImg
            src={image.src(product.image_url, IMAGE_SIZE)}
            srcSet={image.srcSet(product.image_url, IMAGE_WIDTHS) || undefined}
            sizes={sizes}
            width={IMAGE_SIZE}
            height={IMAGE_SIZE}
            alt=""
            loading={eager || priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            className={outOfStock ? "pcard-img opacity-60" : "pcard-img"}
          />
        ) : (
          <div className="pcard-ph">
            <StoreIcon size={48} />
          </div>
        )}
        {onSale && (
          <span className="pcard-sale">
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
        {outOfStock && <span className="pcard-oos">{t("product.outOfStock")}</span>}
        {product.combo_parts && <ComboBadge className="absolute top-1.5 right-1.5" />}
      </div>

      <Heading className="pcard-title">
        <Link
          to={href(`/product/${product.id}`)}
          title={name.length > NAME_LIMIT_SMALL ? name : undefined}
          className="pcard-link"
        >
          {short === long ? (
            long
          ) : (
            <>
              <span className="sm:hidden">{short}</span>
              <span className="hidden sm:inline">{long}</span>
            </>
          )}
        </Link>
      </Heading>

      {product.combo_parts && <ComboContents parts={product.combo_parts} className="mt-1" />}
      <RatingStars rating={product.rating} count={product.reviews_count} />

      <div className="pcard-buy">
        <p className="pcard-prices">
          <span className="sr-only">{`${t("product.priceLabel")}:`}</span>
          <Price usd={product.price} className="pcard-price" />
          {onSale && (
            <s className="fine">
              <span className="sr-only">{t("product.originalPriceLabel")}: </span>
              <Price usd={product.original_price} />
            </s>
          )}
        </p>
        {!outOfStock && <AddToCartButton productId={product.id} name={name} quantity={product.quantity} compact />}
      </div>

      {colors.length > 0 && (
        <div className="mt-2 flex items-center gap-1">
          <span className="sr-only">{t("product.colors")}:</span>
          <ul className="flex items-center gap-1">
            {colors.slice(0, MAX_CHIPS).map((color) => (
              <li key={color}>
                <span
                  className="swatch"
                  style={{ backgroundColor: product.color_hex_mapping?.[color] ?? DEFAULT_SWATCH }}
                  title={color}
                />
                <span className="sr-only">{color}</span>
              </li>
            ))}
          </ul>
          {colors.length > MAX_CHIPS && (
            <span className="fine">{t("product.more", { count: colors.length - MAX_CHIPS })}</span>
          )}
        </div>
      )}

      {varieties.length > 0 && (
        <div className="mt-2 flex flex-wrap items-center gap-1">
          <span className="sr-only">{t("product.varieties")}:</span>
          <ul className="flex flex-wrap gap-1">
            {varieties.slice(0, MAX_CHIPS).map((variety) => (
              <li key={variety} className="chip">
                {variety}
              </li>
            ))}
          </ul>
          {varieties.length > MAX_CHIPS && (
            <span className="fine">{t("product.more", { count: varieties.length - MAX_CHIPS })}</span>
          )}
        </div>
      )}
    </article>
  );
}
