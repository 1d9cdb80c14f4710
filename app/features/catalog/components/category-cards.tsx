import { useImageUrls } from "~/features/media/use-image-urls";
import { useT } from "~/i18n/use-t";
import { ChevronGlyph, StoreIcon } from "~/components/icons";
import { LocaleLink } from "~/components/locale-link";
import type { NavCategory } from "~/components/root-data";
import { SaverImg } from "~/components/saver-img";

/** §2.5: up to 4 subcategory thumbnails, shown when a category has more than 1 subcategory. */
const MAX_THUMBNAILS = 4;

/** The stored widths thumbnails come in: the smallest that covers `px`, else the largest. */
const THUMB_WIDTHS = [160, 320];
const thumbWidth = (px: number) => THUMB_WIDTHS.find((w) => w >= px) ?? THUMB_WIDTHS[THUMB_WIDTHS.length - 1];

/**
 * `size` is the rendered width in CSS pixels: the file that covers it at 1x, and at 2x when larger
 * (density descriptors choose as `sizes` would for a fixed width, in half the bytes of HTML).
 */
function Thumbnail({ url, size, className }: { url: string | null; size: number; className?: string }) {
  const image = useImageUrls();
  if (!url) {
    return (
      <span className={`flex items-center justify-center bg-slate-100 text-slate-300 ${className ?? ""}`}>
        <StoreIcon size={28} />
      </span>
    );
  }
  const oneX = thumbWidth(size);
  const twoX = thumbWidth(size * 2);
  return (
    <SaverImg
      src={image.src(url, oneX)}
      srcSet={twoX !== oneX && image.srcSet(url, [twoX]) ? `${image.src(url, twoX)} 2x` : undefined}
      width={size}
      height={size}
      alt=""
      loading="lazy"
      className={className}
    />
  );
}

/**
 * A shop-by-category card (§2.5): the name, subcategory thumbnails linking to
 * `/shop/{slug}/{subslug}` when there are more than one, and a 'see more' link to `/shop/{slug}`.
 */
export function CategoryCard({ category, headingLevel = 3 }: { category: NavCategory; headingLevel?: 2 | 3 }) {
  const t = useT();
  const name = category.name;
  const subs = category.sub_categories ?? [];
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <article className="ccard">
      <Heading className="ccard-title">{name}</Heading>
      {subs.length > 1 ? (
        <ul className="ccard-subs">
          {subs.slice(0, MAX_THUMBNAILS).map((sub) => (
            <li key={sub.slug}>
              {/* Styled from the link's class (app.css): 40 of these on the home page. */}
              <LocaleLink to={`/shop/${category.slug}/${sub.slug}`} className="ccard-sub">
                <Thumbnail url={sub.image_url} size={112} />
                <span>{sub.name}</span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      ) : (
        <LocaleLink to={`/shop/${category.slug}`} tabIndex={-1} aria-hidden="true" className="block">
          <Thumbnail url={category.image_url} size={240} className="thumb aspect-[4/3] w-full rounded-md" />
        </LocaleLink>
      )}
      <LocaleLink to={`/shop/${category.slug}`} className="more-link ccard-more">
        {t("home.categories.seeMore")}
        <span className="sr-only">{` ${t("home.categories.seeMoreOf", { name })}`}</span>
        <ChevronGlyph />
      </LocaleLink>
    </article>
  );
}
