import type { ImgHTMLAttributes } from "react";
import { useRootData } from "./root-data";

/**
 * A blank image of no size: what a data-saver page shows until a tap (an SVG of a few bytes, inline,
 * so it costs no request). The CSS class `ds-img` draws the frame and a photo sign behind it.
 */
const PLACEHOLDER = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

/**
 * A storefront image (docs/decisions/014-data-saver.md). Normally a plain `<img>`. With data saver on, the same
 * `<img>` with a blank placeholder: the real address waits in `data-src` (and `data-srcset`,
 * `data-sizes`) until the shopper taps it or the notice's "Mostrar imágenes" button
 * (public/data-saver.js swaps them). Width, height, alt and class stay, so nothing moves.
 */
export function SaverImg({
  src,
  srcSet,
  sizes,
  loading,
  fetchPriority,
  className,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement>) {
  const { dataSaver } = useRootData();
  if (!dataSaver || !src) {
    return (
      <img
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        loading={loading}
        fetchPriority={fetchPriority}
        className={className}
        {...rest}
      />
    );
  }
  return (
    <img
      src={PLACEHOLDER}
      data-src={src}
      data-srcset={srcSet || undefined}
      data-sizes={sizes || undefined}
      className={className ? `${className} ds-img` : "ds-img"}
      {...rest}
    />
  );
}
