/**
 * Browser-safe helpers for the stored images served by `/media` (ARCHITECTURE.md "images":
 * every image as WebP in a few widths for `srcset`). No Node imports: components use them.
 */

/** The widths `/media/...?w=` accepts; any other width is refused by the server (media.server.ts). */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Default `srcset` widths for product and category images (the originals are 640 px wide). */
export const DEFAULT_SRCSET_WIDTHS: readonly number[] = [160, 320, 480, 640];

const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" fill="#f1f5f9"/>' +
  '<path d="M20 24h24v16H20z" fill="none" stroke="#cbd5e1" stroke-width="2" stroke-linejoin="round"/>' +
  '<circle cx="27" cy="30" r="2.5" fill="#cbd5e1"/>' +
  '<path d="m22 38 7-6 5 4 4-3 6 5" fill="none" stroke="#cbd5e1" stroke-width="2" stroke-linejoin="round"/>' +
  "</svg>";

/**
 * A tiny inline image (grey frame with a picture outline) for products without an image.
 * A data: URL, so it costs no request and is allowed by the `img-src data:` policy.
 */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(PLACEHOLDER_SVG)}`;

/** Only stored raster images under /media can be resized; anything else is used as is. */
function isResizable(url: string): boolean {
  return url.startsWith("/media/") && !/\.svg(\?|$)/i.test(url);
}

/** The smallest allowed width that is at least `width` (the largest when none is). */
function allowedWidth(width: number): ImageWidth {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}

function withWidth(url: string, width: ImageWidth, base: string): string {
  return `${base}${url}${url.includes("?") ? "&" : "?"}w=${width}`;
}

/**
 * The `src` for an image shown `width` CSS pixels wide: `/media/x.webp?w=320` (rounded up to an
 * allowed width), the URL unchanged when it is not a resizable /media image, or the placeholder
 * when there is no image. `base` is the CDN in front of `/media` (MEDIA_PUBLIC_URL), if any: pages
 * get it from `useImageUrls` (use-image-urls.ts).
 *
 * @example imageSrc("/media/products/p1-1.webp", 300) // "/media/products/p1-1.webp?w=320"
 */
export function imageSrc(url: string | null | undefined, width: number, base = ""): string {
  if (!url) return PLACEHOLDER_IMAGE;
  if (!isResizable(url)) return url;
  return withWidth(url, allowedWidth(width), base);
}

/**
 * A `srcset` offering the image in several widths (`url?w=160 160w, url?w=320 320w, ...`), or ""
 * when there is nothing to choose from (no image, or not a resizable /media image).
 *
 * @example imageSrcSet("/media/slides/slide-1.webp", [640, 1200])
 *   // "/media/slides/slide-1.webp?w=640 640w, /media/slides/slide-1.webp?w=1200 1200w"
 */
export function imageSrcSet(
  url: string | null | undefined,
  widths: readonly number[] = DEFAULT_SRCSET_WIDTHS,
  base = "",
): string {
  if (!url || !isResizable(url)) return "";
  const unique = [...new Set(widths.map(allowedWidth))].sort((a, b) => a - b);
  return unique.map((w) => `${withWidth(url, w, base)} ${w}w`).join(", ");
}
