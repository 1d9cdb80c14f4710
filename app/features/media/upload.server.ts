/**
 * Images uploaded in the back office: a photo from a phone or a computer in any common
 * format (JPEG, PNG, WebP, GIF, AVIF, TIFF), at most 10 MB, becomes one WebP original under
 * `<folder>/` in the media store (store.server.ts) plus every width `/media` serves, written ahead
 * (variants.server.ts) before the record that points at it is saved. So no shopper ever waits
 * on a resize, and a file that is not an image is refused before anything is stored.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "./images";
import type { MediaStore } from "./store.server";
import { writeImageVariants } from "./variants.server";

/** The largest file accepted, per image ("at most 10 MB each"). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The stored original's width at most: the largest width the storefront serves. */
const ORIGINAL_MAX_WIDTH = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
/** A decompression bomb is refused rather than decoded (same bound as the media server). */
const MAX_INPUT_PIXELS = 40_000_000;
/** What the file input offers to pick; the server decides by decoding, not by this list. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif,image/tiff";

export type UploadFolder = "products" | "categories" | "slides" | "brand" | "claims";
export type UploadError = "tooLarge" | "notImage";
export type UploadResult = { ok: true; url: string } | { ok: false; error: UploadError };

/**
 * Whether a form field holds a file the operator picked. A file input left empty still sends a
 * part: an unnamed, empty file, which means "keep the current image".
 */
export function isPickedFile(value: FormDataEntryValue | null): value is File {
  return typeof value === "object" && value !== null && value.size > 0;
}

/**
 * Stores `file` as `/media/<folder>/<random>.webp` with all its widths. Refuses (nothing written)
 * a file over 10 MB (`tooLarge`) or one that does not decode as an image (`notImage`).
 */
export async function storeUploadedImage(store: MediaStore, folder: UploadFolder, file: Blob): Promise<UploadResult> {
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, error: "tooLarge" };
  const input = Buffer.from(await file.arrayBuffer());
  let original: Buffer;
  let originalWidth: number;
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate() // the phone's orientation tag, applied once
      .resize({ width: ORIGINAL_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    original = data;
    originalWidth = info.width;
  } catch {
    return { ok: false, error: "notImage" };
  }

  const rel = `${folder}/${randomBytes(12).toString("base64url")}.webp`;
  // The widths first: once the original is there, everything it needs is.
  await writeImageVariants(store, rel, original, () => sharp(original), originalWidth, { fullSize: original });
  await store.write(rel, original, "image/webp");
  return { ok: true, url: `/media/${rel}` };
}
