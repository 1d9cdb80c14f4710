import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { slides } from "~/db/schema/content";
import { insertCategory, insertProduct } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { createTestMediaStore, MEDIA_STORE_KINDS, type S3StandIn, startS3StandIn } from "../../../tests/support/s3";
import { VARIANTS_PREFIX } from "./keys.server";
import { ORPHAN_GRACE_MS, pruneOrphanedMedia, withMediaLock } from "./prune.server";
import { keyOfUrl, listKeys, type MediaStore } from "./store.server";
import { storeUploadedImage } from "./upload.server";

// Issue 24 §5 (the part this feature owns): images no row points at any more, and their widths,
// are removed once they are older than a day; nothing a row points at, nothing younger, nothing
// that is not an image, and nothing while a backup is copying the media.

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3?.close());

const combos = databaseKinds().flatMap((db) => MEDIA_STORE_KINDS.map((store) => [db, store] as const));

describe.each(combos)("pruneOrphanedMedia on %s with the %s store", (dbKind, storeKind) => {
  let database: Database;
  let media: MediaStore;
  let dataDir: string;
  const later = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);

  beforeAll(async () => {
    database = await createTestDatabase(dbKind);
    ({ store: media, dataDir } = await createTestMediaStore(storeKind, s3));
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function upload(folder: "products" | "categories" | "slides" | "brand"): Promise<string> {
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#0ea5e9" } })
      .png()
      .toBuffer();
    const result = await storeUploadedImage(media, folder, new Blob([new Uint8Array(png)]));
    if (!result.ok) throw new Error(result.error);
    return result.url;
  }
  const widthsOf = async (url: string) =>
    [...(await listKeys(media, VARIANTS_PREFIX))].filter((k) => k.startsWith(`${VARIANTS_PREFIX}${keyOfUrl(url)}/`));

  it("removes what no row points at, once older than a day, with its widths; keeps the rest", async () => {
    const { db } = database;
    const categoryImage = await upload("categories");
    const category = await insertCategory(db, { imageUrl: categoryImage });
    const productImage = await upload("products");
    const archivedImage = await upload("products");
    await insertProduct(db, { categoryId: category.id, imageUrl: productImage });
    await insertProduct(db, { categoryId: category.id, image3Url: archivedImage, archivedAt: new Date() });
    const slideImage = await upload("slides");
    await db.insert(slides).values({ title: "t", subtitle: "s", imageUrl: slideImage, link: "/", position: 1 });
    const orphan = await upload("products");
    const refusedForm = await upload("brand");
    await media.write("notes/readme.txt", Buffer.from("kept: not an image"));
    await media.write(`${VARIANTS_PREFIX}products/gone.webp/abc-320.webp`, Buffer.from("a width whose image is gone"));
    expect(await widthsOf(orphan)).toHaveLength(6);

    // Everything is younger than a day: nothing goes.
    expect(await pruneOrphanedMedia({ db, media })).toEqual({ removed: [], skipped: false });

    const result = await pruneOrphanedMedia({ db, media }, { now: later() });
    expect(result.skipped).toBe(false);
    const keys = await listKeys(media);
    for (const gone of [orphan, refusedForm]) {
      expect(keys.has(keyOfUrl(gone)!), gone).toBe(false);
      expect(await widthsOf(gone)).toEqual([]);
    }
    expect(keys.has(`${VARIANTS_PREFIX}products/gone.webp/abc-320.webp`)).toBe(false);
    for (const kept of [categoryImage, productImage, archivedImage, slideImage]) {
      expect(keys.has(keyOfUrl(kept)!), kept).toBe(true);
      expect(await widthsOf(kept)).toHaveLength(6);
    }
    expect(keys.has("notes/readme.txt")).toBe(true);
    expect(result.removed).toHaveLength(2 + 2 * 6 + 1);
  });

  it("removes nothing while a backup holds the media lock", async () => {
    const orphan = await upload("products");
    const during = await withMediaLock(database.db, true, () =>
      pruneOrphanedMedia({ db: database.db, media }, { now: later() }),
    );
    expect(during).toEqual({ removed: [], skipped: true });
    expect((await listKeys(media)).has(keyOfUrl(orphan)!)).toBe(true);
    // Once the backup is done, the next run does its work.
    expect((await pruneOrphanedMedia({ db: database.db, media }, { now: later() })).removed).toContain(
      keyOfUrl(orphan),
    );
  });
});
