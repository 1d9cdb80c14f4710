import type { CategoryDto } from "~/features/catalog/types";
import { imageSrc, imageSrcSet } from "~/features/media/images";
import { localizedName } from "~/i18n/localized-name";
import { useLang, useT } from "~/i18n/use-t";
import { ChevronRightIcon, StoreIcon } from "./icons";
import { LocaleLink } from "./locale-link";

/** §2.5: up to 4 subcategory thumbnails, shown when a category has more than 1 subcategory. */
const MAX_THUMBNAILS = 4;

/** `size` is the rendered width in CSS pixels (the browser picks 160 or 320 from it and the density). */
function Thumbnail({ url, size, className = "" }: { url: string | null; size: number; className?: string }) {
  if (!url) {
    return (
      <span className={`flex items-center justify-center bg-slate-100 text-slate-300 ${className}`}>
        <StoreIcon size={28} />
      </span>
    );
  }
  return (
    <img
      src={imageSrc(url, size)}
      srcSet={imageSrcSet(url, [160, 320]) || undefined}
      sizes={`${size}px`}
      width={size}
      height={size}
      alt=""
      loading="lazy"
      decoding="async"
      className={`bg-slate-100 object-cover ${className}`}
    />
  );
}

/**
 * A shop-by-category card (§2.5): the name, subcategory thumbnails linking to
 * `/shop/{slug}/{subslug}` when there are more than one, and a 'see more' link to `/shop/{slug}`.
 */
export function CategoryCard({ category, headingLevel = 3 }: { category: CategoryDto; headingLevel?: 2 | 3 }) {
  const t = useT();
  const lang = useLang();
  const name = localizedName(category, lang);
  const subs = category.sub_categories ?? [];
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <article className="flex h-full flex-col rounded-lg bg-white p-3 shadow-xs sm:p-4">
      <Heading className="mb-2 text-base font-bold text-slate-900 sm:text-lg">{name}</Heading>
      {subs.length > 1 ? (
        <ul className="grid grid-cols-2 gap-2">
          {subs.slice(0, MAX_THUMBNAILS).map((sub) => (
            <li key={sub.id}>
              <LocaleLink
                to={`/shop/${category.slug}/${sub.slug}`}
                className="group block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
              >
                <Thumbnail url={sub.image_url} size={112} className="aspect-square w-full rounded-md" />
                <span className="mt-1 block truncate text-xs text-slate-800 group-hover:text-blue-800 group-hover:underline">
                  {localizedName(sub, lang)}
                </span>
              </LocaleLink>
            </li>
          ))}
        </ul>
      ) : (
        <LocaleLink to={`/shop/${category.slug}`} tabIndex={-1} aria-hidden="true" className="block">
          <Thumbnail url={category.image_url} size={240} className="aspect-[4/3] w-full rounded-md" />
        </LocaleLink>
      )}
      <LocaleLink
        to={`/shop/${category.slug}`}
        className="mt-auto inline-flex items-center gap-0.5 self-start rounded pt-3 text-sm font-medium text-blue-800 hover:text-blue-950 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        {t("home.categories.seeMore")}
        <span className="sr-only"> {t("home.categories.seeMoreOf", { name })}</span>
        <ChevronRightIcon size={16} />
      </LocaleLink>
    </article>
  );
}
