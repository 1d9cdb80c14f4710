import { StoreIcon } from "~/components/icons";
import { LocaleLink } from "~/components/locale-link";
import type { NavSubcategory } from "~/components/root-data";
import { useImageUrls } from "~/features/media/use-image-urls";
import type { SubcategoryDto } from "~/features/catalog/types";
import { localizedName } from "~/i18n/localized-name";
import { useLang, useT } from "~/i18n/use-t";
import { SaverImg } from "~/components/saver-img";

const TILE =
  "group flex h-full items-center gap-3 rounded-lg border border-slate-200 bg-white p-2 shadow-xs transition hover:border-blue-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

function Thumb({ url, size, eager }: { url: string | null; size: number; eager: boolean }) {
  const image = useImageUrls();
  if (!url) {
    return (
      <span
        style={{ width: size, height: size }}
        className="flex shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-300"
      >
        <StoreIcon size={24} />
      </span>
    );
  }
  return (
    <SaverImg
      src={image.src(url, size)}
      srcSet={image.srcSet(url, [160]) || undefined}
      sizes={`${size}px`}
      width={size}
      height={size}
      alt=""
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="shrink-0 rounded-md bg-slate-100 object-cover"
      style={{ width: size, height: size }}
    />
  );
}

/** §2.7: the category's subcategories, each linking to its listing, with how many products it has. */
export function SubcategoryTiles({
  categorySlug,
  subcategories,
}: {
  categorySlug: string;
  subcategories: Array<SubcategoryDto & { count: number }>;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <ul className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      {subcategories.map((sub, i) => (
        <li key={sub.id}>
          <LocaleLink to={`/shop/${categorySlug}/${sub.slug}`} className={TILE}>
            <Thumb url={sub.image_url} size={56} eager={i < 4} />
            <span className="min-w-0">
              <span className="block text-sm leading-snug font-semibold hyphens-auto text-slate-900 [overflow-wrap:anywhere] group-hover:text-blue-800 group-hover:underline sm:text-base">
                {localizedName(sub, lang)}
              </span>
              <span className="block text-xs text-slate-600">
                {t("catalog.category.productCount", { count: sub.count })}
              </span>
            </span>
          </LocaleLink>
        </li>
      ))}
    </ul>
  );
}

/** §2.7 'explore other categories': every top-level category but the current one. */
export function OtherCategories({ categories }: { categories: NavSubcategory[] }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5">
      {categories.map((category) => (
        <li key={category.slug}>
          <LocaleLink to={`/shop/${category.slug}`} className={TILE}>
            <Thumb url={category.image_url} size={40} eager={false} />
            <span className="min-w-0 text-sm leading-snug font-medium hyphens-auto text-slate-900 [overflow-wrap:anywhere] group-hover:text-blue-800 group-hover:underline">
              {category.name}
            </span>
          </LocaleLink>
        </li>
      ))}
    </ul>
  );
}
