/**
 * Every width `/media/...?w=` serves, made when an image is stored: by the
 * back office's uploads (upload.server.ts) and by the demo seed (app/db/seed). The media routes
 * (media.server.ts) only read these objects and never resize, so a fresh start answers as fast as a
 * warm one and no shopper's (or crawler's) request costs a decode.
 */
import sharp from "sharp";
import { IMAGE_WIDTHS } from "./images";
import { contentKey, contentTypeOf, variantKey } from "./keys.server";
import { isInternalKey, listKeys, type MediaStore } from "./store.server";

/** The WebP quality of every served width (the originals keep their own). */
export const VARIANT_QUALITY = 75;

// libvips' operation cache only helps repeated work on one input; keep it small and hold no
// files open (images are written once, then served by the media routes, which never use sharp).
sharp.cache({ memory: 16, files: 0, items: 50 });

/**
 * Writes every served width of `/media/<rel>`, whose stored bytes are `original`. `pixels` makes
 * a fresh pipeline of the source (sharp pipelines are single use), `sourceWidth` is its width:
 * widths from it up get one full-size copy (never enlarged): `fullSize` when given (the stored
 * original, already WebP at that width: no second encode), else encoded once. With `existing`
 * (the store's keys, from one listing), widths already there are kept (a restart finishing work).
 */
export async function writeImageVariants(
  store: MediaStore,
  rel: string,
  original: Uint8Array,
  pixels: () => sharp.Sharp,
  sourceWidth: number,
  opts: { existing?: Set<string>; effort?: number; fullSize?: Buffer } = {},
): Promise<void> {
  const key = contentKey(original);
  let fullSize: Promise<Buffer> | undefined = opts.fullSize && Promise.resolve(opts.fullSize);
  for (const width of IMAGE_WIDTHS) {
    const target = variantKey(rel, key, width);
    if (opts.existing?.has(target)) continue;
    const encode = () =>
      pixels()
        .resize({ width: Math.min(width, sourceWidth), withoutEnlargement: true })
        .webp({ quality: VARIANT_QUALITY, effort: opts.effort })
        .toBuffer();
    const body = width >= sourceWidth ? await (fullSize ??= encode()) : await encode();
    await store.write(target, body, "image/webp");
  }
}

/** Whether every served width of the image `rel` holding `original` is among `existing`. */
export function hasAllVariants(existing: Set<string>, rel: string, original: Uint8Array): boolean {
  const key = contentKey(original);
  return IMAGE_WIDTHS.every((width) => existing.has(variantKey(rel, key, width)));
}

/** Written once a store's widths are all keyed by content. */
const CONTENT_KEYED_MARKER = ".variants-v1";
/** Where the widths lived when they were keyed by file time (before the S3 store). */
const LEGACY_CACHE = ".cache/";

/**
 * A `DATA_DIR/media` from before widths were keyed by content gets every width again, once, for
 * every image in it (uploads included), and loses its old `.cache`. Any other store is only
 * marked. Returns how many images got widths.
 */
export async function upgradeLegacyWidths(store: MediaStore): Promise<number> {
  if (await store.stat(CONTENT_KEYED_MARKER)) return 0;
  const keys = await listKeys(store);
  const legacy = [...keys].filter((key) => key.startsWith(LEGACY_CACHE));
  let made = 0;
  if (legacy.length > 0) {
    for (const rel of keys) {
      if (isInternalKey(rel) || !contentTypeOf(rel)) continue;
      const original = await store.read(rel);
      if (!original || hasAllVariants(keys, rel, original)) continue;
      const width = await sharp(original)
        .metadata()
        .then((meta) => meta.width)
        .catch(() => undefined);
      if (!width) continue; // not an image: served as stored, as before
      await writeImageVariants(store, rel, original, () => sharp(original), width, { existing: keys, effort: 2 });
      made += 1;
    }
    await store.remove(legacy);
  }
  await store.write(CONTENT_KEYED_MARKER, Buffer.from(new Date().toISOString()));
  return made;
}
