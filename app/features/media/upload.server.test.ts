import fs from "node:fs";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "./images";
import { createTestMediaStore, MEDIA_STORE_KINDS, type S3StandIn, startS3StandIn } from "../../../tests/support/s3";
import { VARIANTS_PREFIX } from "./keys.server";
import { createMediaRoutes } from "./media.server";
import { keyOfUrl, listKeys, type MediaStore } from "./store.server";
import { MAX_UPLOAD_BYTES, isPickedFile, storeUploadedImage } from "./upload.server";

// Issue 12, point 4: an uploaded photo (any common format, at most 10 MB) becomes the WebP widths
// the storefront serves before anything points at it.

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3?.close());

async function photo(format: "jpeg" | "png" | "gif" | "avif", width = 2000, height = 1500) {
  const image = sharp({ create: { width, height, channels: 3, background: "#3b82f6" } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

describe.each(MEDIA_STORE_KINDS)("storeUploadedImage into the %s store", (kind) => {
  let dataDir: string;
  let store: MediaStore;
  let app: Hono;

  beforeAll(async () => {
    ({ store, dataDir } = await createTestMediaStore(kind, s3));
    app = new Hono();
    app.route("/media", createMediaRoutes(store));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const variants = async () => listKeys(store, VARIANTS_PREFIX);
  const everything = async () => [...(await listKeys(store))].sort();

  it.each(["jpeg", "png", "gif", "avif"] as const)(
    "turns a %s photo into a WebP original at most 1200 px wide",
    async (format) => {
      const result = await storeUploadedImage(store, "products", new Blob([await photo(format)]));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.url).toMatch(/^\/media\/products\/[\w-]{16}\.webp$/);
      const stored = await store.read(keyOfUrl(result.url)!);
      const meta = await sharp(stored!).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(1200);
      expect(meta.height).toBe(900);
    },
  );

  it("writes every served width ahead, so /media answers from them without resizing", async () => {
    const before = await variants();
    const result = await storeUploadedImage(store, "slides", new Blob([await photo("jpeg", 1000, 500)]));
    if (!result.ok) throw new Error(result.error);
    const written = [...(await variants())].filter((k) => !before.has(k));
    expect(written).toHaveLength(IMAGE_WIDTHS.length);
    const stamps = Object.fromEntries(
      await Promise.all(written.map(async (k) => [k, (await store.stat(k))!.modified.getTime()] as const)),
    );
    for (const width of IMAGE_WIDTHS) {
      const res = await app.request(`${result.url}?w=${width}`);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(Math.min(width, 1000)); // never enlarged
    }
    // Served from the objects written at upload: none was rewritten, none was added.
    expect([...(await variants())].filter((k) => !before.has(k))).toHaveLength(IMAGE_WIDTHS.length);
    for (const [key, stamp] of Object.entries(stamps)) {
      expect((await store.stat(key))!.modified.getTime()).toBe(stamp);
    }
  });

  it("refuses a file over 10 MB and one that is not an image, writing nothing", async () => {
    const before = await everything();
    expect(await storeUploadedImage(store, "products", new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 1)]))).toEqual({
      ok: false,
      error: "tooLarge",
    });
    expect(await storeUploadedImage(store, "products", new Blob(["<svg>not a photo</svg>"]))).toEqual({
      ok: false,
      error: "notImage",
    });
    expect(await everything()).toEqual(before);
  });
});

describe("isPickedFile", () => {
  it("tells a picked file from an empty file input and from text", () => {
    expect(isPickedFile(new File(["x"], "a.jpg"))).toBe(true);
    expect(isPickedFile(new File([], ""))).toBe(false);
    expect(isPickedFile("a.jpg")).toBe(false);
    expect(isPickedFile(null)).toBe(false);
  });
});
