/**
 * Every width `/media/...?w=` serves, made when an image is stored (issue 13 point 2): by the
 * back office's uploads (upload.server.ts) and by the demo seed (app/db/seed). The media routes
 * (media.server.ts) only read these files and never resize, so a fresh start answers as fast as a
 * warm one and no shopper's (or crawler's) request costs a decode.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "./images";
import { fileVersion, resizedKey } from "./media.server";

/** The WebP quality of every served width (the originals keep their own). */
export const VARIANT_QUALITY = 75;

// libvips' operation cache only helps repeated work on one input; keep it small and hold no
// files open (images are written once, then served by the media routes, which never use sharp).
sharp.cache({ memory: 16, files: 0, items: 50 });

/** Where the resized copy of `/media/<rel>` at `width` lives, for the original's `version`. */
export function variantPath(mediaRoot: string, rel: string, version: string, width: number): string {
  return path.join(mediaRoot, ".cache", `${resizedKey(rel, version, width)}.webp`);
}

/**
 * Writes `/media/<rel>` (already stored under `mediaRoot`) in every served width. `pixels` makes
 * a fresh pipeline of the source (sharp pipelines are single use), `sourceWidth` is its width:
 * widths from it up get one full-size copy (never enlarged): `fullSize` when given (the stored
 * original, already WebP at that width: no second encode), else encoded once. With
 * `onlyMissing`, widths whose file already exists are kept (a restart finishing the work).
 */
export async function writeImageVariants(
  mediaRoot: string,
  rel: string,
  pixels: () => sharp.Sharp,
  sourceWidth: number,
  opts: { onlyMissing?: boolean; effort?: number; fullSize?: Buffer } = {},
): Promise<void> {
  const version = fileVersion(await fs.stat(path.join(mediaRoot, rel)));
  await fs.mkdir(path.join(mediaRoot, ".cache"), { recursive: true });
  let fullSize: Promise<Buffer> | undefined = opts.fullSize && Promise.resolve(opts.fullSize);
  for (const width of IMAGE_WIDTHS) {
    const target = variantPath(mediaRoot, rel, version, width);
    if (opts.onlyMissing && (await exists(target))) continue;
    const encode = () =>
      pixels()
        .resize({ width: Math.min(width, sourceWidth), withoutEnlargement: true })
        .webp({ quality: VARIANT_QUALITY, effort: opts.effort })
        .toBuffer();
    const body = width >= sourceWidth ? await (fullSize ??= encode()) : await encode();
    await writeAtomically(target, body);
  }
}

/** Whether every served width of `/media/<rel>` exists (false when the original is missing). */
export async function hasAllVariants(mediaRoot: string, rel: string): Promise<boolean> {
  let version: string;
  try {
    version = fileVersion(await fs.stat(path.join(mediaRoot, rel)));
  } catch {
    return false;
  }
  for (const width of IMAGE_WIDTHS) {
    if (!(await exists(variantPath(mediaRoot, rel, version, width)))) return false;
  }
  return true;
}

/** Write then rename, so a reader never sees half a file. */
export async function writeAtomically(file: string, body: Buffer): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await fs.writeFile(temp, body);
  await fs.rename(temp, file);
}

/** Whether a file is there (any error reading it: no). */
export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
