/**
 * The demo store's images: their URLs, and the drawing of every missing one (each in every served
 * width) into the media store. The pictures themselves are built in demo-drawings.server.ts.
 */
import sharp from "sharp";
import type { Db } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { keyOfUrl, listKeys, type MediaStore } from "~/features/media/store.server";
import { hasAllVariants, writeImageVariants } from "~/features/media/variants.server";
import { buildDemoProducts, DEMO_CATEGORIES, type DemoProduct } from "./data/catalog";
import { DEMO_SLIDES } from "./data/content";
import { categorySvg, logoSvg, productSvg, slideSvg } from "./demo-drawings.server";

/**
 * Written in the media store once every demo image exists in every served width, so a restart
 * (or another host on the same bucket) does not look at thousands of objects. v2: the widths are
 * made too (widths of an older directory are remade by `upgradeLegacyWidths`).
 */
const IMAGES_DONE_MARKER = ".demo-images-v2";
const IMAGE_CONCURRENCY = 4;

export const productImageUrl = (id: number, n: number) => `/media/products/p${id}-${n}.webp`;
export const categoryImageUrl = (slug: string) => `/media/categories/${slug}.webp`;
export const slideImageUrl = (n: number) => `/media/slides/slide-${n}.webp`;
export const LOGO_URL = "/media/brand/logo.webp";

type ImageJob = { key: string; width: number; height: number; svg: () => string };

/**
 * Draws every demo image that is missing, then leaves a marker. Called right after seeding, and
 * on later starts when a previous start stopped before finishing them.
 */
export async function ensureDemoImages(db: Db, media: MediaStore): Promise<void> {
  if (await media.stat(IMAGES_DONE_MARKER)) return;
  const plan = buildDemoProducts();
  const byName = new Map(plan.map((p) => [p.fields.name, p]));
  const stored = await db.select({ id: products.id, name: products.name }).from(products);
  const matched = stored.filter((row) => byName.has(row.name));
  await renderDemoImages(
    media,
    matched.map((row) => byName.get(row.name)!),
    matched.map((row) => row.id),
  );
}

/** Renders the product (`plan[i]` has id `ids[i]`), category, slide and logo images. */
export async function renderDemoImages(media: MediaStore, plan: DemoProduct[], ids: number[]): Promise<void> {
  const jobs: ImageJob[] = [];
  const keyOf = (url: string) => keyOfUrl(url)!;
  plan.forEach((p, i) => {
    for (let n = 1; n <= p.imageCount; n++) {
      jobs.push({
        key: keyOf(productImageUrl(ids[i], n)),
        width: 640,
        height: 640,
        svg: () => productSvg(p, ids[i], n),
      });
    }
  });
  DEMO_CATEGORIES.forEach((c, ci) => {
    jobs.push({
      key: keyOf(categoryImageUrl(c.slug)),
      width: 320,
      height: 320,
      svg: () => categorySvg(c.icon, c.accent, ci),
    });
    c.subcategories.forEach((s, si) => {
      jobs.push({
        key: keyOf(categoryImageUrl(s.slug)),
        width: 320,
        height: 320,
        svg: () => categorySvg(s.icon, c.accent, ci + si + 1),
      });
    });
  });
  DEMO_SLIDES.forEach((s, i) => {
    jobs.push({ key: keyOf(slideImageUrl(i + 1)), width: 1200, height: 450, svg: () => slideSvg(s.art) });
  });
  jobs.push({ key: keyOf(LOGO_URL), width: 256, height: 256, svg: logoSvg });

  // One listing instead of a look-up per image (thousands of requests on an object store).
  const existing = await listKeys(media);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const stored = existing.has(job.key) ? await media.read(job.key) : null;
      if (stored) {
        // Drawn by an earlier start (perhaps before the widths were made ahead): widths only.
        if (!hasAllVariants(existing, job.key, stored)) {
          await writeImageVariants(media, job.key, stored, () => sharp(stored), job.width, { existing, effort: 2 });
        }
        continue;
      }
      // Drawn once to pixels; the original and every served width are encoded from them (issue
      // 13 point 2: no shopper's request ever resizes).
      const { data, info } = await sharp(Buffer.from(job.svg()))
        .resize(job.width, job.height)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      // effort 2: a third faster than the default for a few hundred bytes more per image.
      const original = await pixels().webp({ quality: 70, effort: 2 }).toBuffer();
      // The widths first: once the original is there, everything it needs is.
      await writeImageVariants(media, job.key, original, pixels, job.width, { effort: 2, fullSize: original });
      await media.write(job.key, original, "image/webp");
    }
  };
  await Promise.all(Array.from({ length: IMAGE_CONCURRENCY }, worker));
  await media.write(IMAGES_DONE_MARKER, Buffer.from(new Date().toISOString()));
}
