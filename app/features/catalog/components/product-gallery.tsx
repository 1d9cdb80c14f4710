import { useLocation } from "react-router";
import { Link } from "~/components/router-links";
import { useImageUrls } from "~/features/media/use-image-urls";
import { useT } from "~/i18n/use-t";
import { withParams } from "./product-url-state";
import type { ProductView } from "./product-view";
import { SaverImg } from "~/components/saver-img";

/** The stored originals are 640 px wide: no larger width is offered (it would only be upscaled). */
const MAIN_WIDTHS = [320, 480, 640];
const MAIN_SIZE = 640;
/** Full width on phones, half the page from tablets, at most ~600 px in the 1280 px layout. */
const MAIN_SIZES = "(min-width: 1280px) 600px, (min-width: 768px) 46vw, calc(100vw - 3rem)";
const THUMB_SIZE = 160;

/**
 * §2.10 gallery of up to 4 images. The large image is the page's LCP element: eager, high fetch
 * priority, srcset. Thumbnails are links (`?img=2`) so that every image can be seen without
 * JavaScript; with it, the router swaps the large image in place (the loader is not called again:
 * see the route's shouldRevalidate).
 */
export function ProductGallery({ product, selected }: { product: ProductView; selected: number }) {
  const t = useT();
  const location = useLocation();
  const image = useImageUrls();
  const total = product.images.length;
  const current = product.images[selected] ?? null;
  const alt = total > 1 ? t("pdp.gallery.image", { name: product.name, n: selected + 1, total }) : product.name;

  return (
    <section aria-label={t("pdp.gallery.label")}>
      <div className="overflow-hidden rounded-lg border border-slate-100 bg-white">
        <SaverImg
          src={image.src(current, MAIN_SIZE)}
          srcSet={image.srcSet(current, MAIN_WIDTHS) || undefined}
          sizes={MAIN_SIZES}
          width={MAIN_SIZE}
          height={MAIN_SIZE}
          alt={alt}
          loading="eager"
          fetchPriority="high"
          className="aspect-square h-auto w-full object-contain"
        />
      </div>
      {total > 1 && (
        <ul className="mt-2 flex gap-2">
          {product.images.map((url, i) => {
            const active = i === selected;
            return (
              <li key={url} className="w-1/4 max-w-20">
                <Link
                  to={withParams(location, { img: i === 0 ? null : String(i + 1) })}
                  replace
                  preventScrollReset
                  aria-label={t("pdp.gallery.thumb", { n: i + 1, total })}
                  aria-current={active ? "true" : undefined}
                  className={`block overflow-hidden rounded-md border-2 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
                    active ? "border-blue-700" : "border-slate-200 hover:border-slate-400"
                  }`}
                >
                  <SaverImg
                    src={image.src(url, THUMB_SIZE)}
                    width={THUMB_SIZE}
                    height={THUMB_SIZE}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="aspect-square h-auto w-full object-contain"
                  />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
