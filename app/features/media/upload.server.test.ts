import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "./images";
import { createMediaRoutes } from "./media.server";
import { MAX_UPLOAD_BYTES, isPickedFile, storeUploadedImage } from "./upload.server";

// Issue 12, point 4: an uploaded photo (any common format, at most 10 MB) becomes the WebP widths
// the storefront serves before anything points at it.

let dataDir: string;
let app: Hono;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-test-"));
  app = new Hono();
  app.route("/media", createMediaRoutes({ DATA_DIR: dataDir }));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function photo(format: "jpeg" | "png" | "gif" | "avif", width = 2000, height = 1500) {
  const image = sharp({ create: { width, height, channels: 3, background: "#3b82f6" } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

const cacheFiles = () => {
  const dir = path.join(dataDir, "media", ".cache");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".webp")) : [];
};

describe("storeUploadedImage", () => {
  it.each(["jpeg", "png", "gif", "avif"] as const)(
    "turns a %s photo into a WebP original at most 1200 px wide",
    async (format) => {
      const result = await storeUploadedImage(dataDir, "products", new Blob([await photo(format)]));
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.url).toMatch(/^\/media\/products\/[\w-]{16}\.webp$/);
      const stored = fs.readFileSync(path.join(dataDir, result.url.replace(/^\//, "")));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(1200);
      expect(meta.height).toBe(900);
    },
  );

  it("writes every served width ahead, so /media answers from the cache without resizing", async () => {
    const before = new Set(cacheFiles());
    const result = await storeUploadedImage(dataDir, "slides", new Blob([await photo("jpeg", 1000, 500)]));
    if (!result.ok) throw new Error(result.error);
    const written = cacheFiles().filter((f) => !before.has(f));
    expect(written).toHaveLength(IMAGE_WIDTHS.length);
    const mtimes = Object.fromEntries(
      written.map((f) => [f, fs.statSync(path.join(dataDir, "media", ".cache", f)).mtimeMs]),
    );
    for (const width of IMAGE_WIDTHS) {
      const res = await app.request(`${result.url}?w=${width}`);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(Math.min(width, 1000)); // never enlarged
    }
    // Served from the files written at upload: none was rewritten, none was added.
    expect(cacheFiles().filter((f) => !before.has(f))).toHaveLength(IMAGE_WIDTHS.length);
    for (const [file, mtime] of Object.entries(mtimes)) {
      expect(fs.statSync(path.join(dataDir, "media", ".cache", file)).mtimeMs).toBe(mtime);
    }
  });

  it("refuses a file over 10 MB and one that is not an image, writing nothing", async () => {
    const files = () => fs.readdirSync(dataDir, { recursive: true }).length;
    const count = files();
    expect(await storeUploadedImage(dataDir, "products", new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 1)]))).toEqual({
      ok: false,
      error: "tooLarge",
    });
    expect(await storeUploadedImage(dataDir, "products", new Blob(["<svg>not a photo</svg>"]))).toEqual({
      ok: false,
      error: "notImage",
    });
    expect(files()).toBe(count);
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
