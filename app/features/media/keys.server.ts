/**
 * How stored images and their widths are named in the media store (store.server.ts). Widths are
 * keyed by the original's content, not by a file's time: every host finds the same widths under
 * the same names and answers with the same ETag, and a replaced original can never be served
 * with the widths of the image it replaced (docs/decisions/010-media-in-object-storage.md).
 */
import { createHash } from "node:crypto";
import path from "node:path";

/** The image types `/media/...` serves, by extension. */
export const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

/** The content type of a stored image's key, or undefined when it is not one `/media` serves. */
export const contentTypeOf = (key: string): string | undefined => CONTENT_TYPES[path.extname(key).toLowerCase()];

/** An image's content key: the first 128 bits of its SHA-256, in hex. */
export function contentKey(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/** Where the widths live: one folder per original, so an original's widths go with it. */
export const VARIANTS_PREFIX = ".variants/";

/** The key of the WebP copy of `rel` (whose content key is `key`) at `width`. */
export function variantKey(rel: string, key: string, width: number): string {
  return `${VARIANTS_PREFIX}${rel}/${key}-${width}.webp`;
}

/** The original's key of a width's key (`.variants/<rel>/<content>-<w>.webp` -> `<rel>`), or null. */
export function originalOfVariant(variant: string): string | null {
  if (!variant.startsWith(VARIANTS_PREFIX)) return null;
  const rest = variant.slice(VARIANTS_PREFIX.length);
  const slash = rest.lastIndexOf("/");
  return slash > 0 ? rest.slice(0, slash) : null;
}
