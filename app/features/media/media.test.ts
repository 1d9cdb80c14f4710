import fs from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import type Sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IMAGE_WIDTHS, imageSrc, imageSrcSet, PLACEHOLDER_IMAGE } from "./images";
import { createTestMediaStore, MEDIA_STORE_KINDS, type S3StandIn, startS3StandIn } from "../../../tests/support/s3";
import { contentKey, VARIANTS_PREFIX, variantKey } from "./keys.server";
import { createMediaRoutes } from "./media.server";
import { listKeys, type MediaStore } from "./store.server";
import { writeImageVariants } from "./variants.server";

// Every sharp() call is counted: serving must never decode or resize (issue 13 point 2).
const sharpCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof Sharp }>()).default;
  const counted = Object.assign((...args: Parameters<typeof real>) => {
    sharpCalls.count += 1;
    return real(...args);
  }, real);
  return { default: counted };
});

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3?.close());

describe.each(MEDIA_STORE_KINDS)("GET /media/<path> from the %s store", (kind) => {
  let dataDir: string;
  let store: MediaStore;
  let app: Hono;
  let image: Buffer;

  beforeAll(async () => {
    ({ store, dataDir } = await createTestMediaStore(kind, s3));
    image = await sharp({ create: { width: 640, height: 640, channels: 3, background: "#fde68a" } })
      .webp({ quality: 70 })
      .toBuffer();
    // Stored as the seed and uploads store images: every served width made ahead.
    await writeImageVariants(store, "products/p1-1.webp", image, () => sharp(image), 640);
    await store.write("products/p1-1.webp", image);
    // Stored by hand (or before widths were made ahead): the original only, and then one width.
    await store.write("products/p2-1.webp", image);
    await store.write("products/broken.webp", Buffer.from("not an image"));
    await store.write("notes.txt", Buffer.from("not served"));
    // The store's own objects are never served, whatever their name.
    await store.write(".backups/secret.webp", image);
    if (kind === "local") {
      // Files outside media/ that traversal attempts aim at.
      fs.writeFileSync(path.join(dataDir, "secret_key"), "s3cr3t");
      fs.writeFileSync(path.join(dataDir, "secret.webp"), image);
      fs.symlinkSync(path.join(dataDir, "secret.webp"), path.join(dataDir, "media", "products", "link.webp"));
    }
    // Mounted as server/app.ts mounts it.
    app = new Hono();
    app.route("/media", createMediaRoutes(store));
  });

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers?: Record<string, string>) => app.request(url, { headers });
  const variantKeys = async () => [...(await listKeys(store, VARIANTS_PREFIX))].sort();

  it("serves a stored image with long-lived caching and an ETag taken from its content", async () => {
    const res = await get("/media/products/p1-1.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(image)).toBe(true);

    const etag = res.headers.get("ETag");
    expect(etag).toBe(`"${contentKey(image)}"`);
    const again = await get("/media/products/p1-1.webp", { "If-None-Match": etag! });
    expect(again.status).toBe(304);
    // Another host (another routes instance, nothing remembered) answers with the same ETag.
    const other = new Hono().route("/media", createMediaRoutes(store));
    expect((await other.request("/media/products/p1-1.webp?w=320")).headers.get("ETag")).toBe(
      `"${contentKey(image)}-320"`,
    );
  });

  it("serves a width made when the image was stored, for a year, without calling sharp", async () => {
    const before = await variantKeys();
    expect(before.filter((k) => k.includes("/p1-1.webp/"))).toHaveLength(IMAGE_WIDTHS.length);
    sharpCalls.count = 0;
    const bodies: Buffer[] = [];
    for (const w of IMAGE_WIDTHS) {
      const res = await get(`/media/products/p1-1.webp?w=${w}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("image/webp");
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      bodies.push(Buffer.from(await res.arrayBuffer()));
    }
    expect(sharpCalls.count).toBe(0);
    // Nothing written on the request path.
    expect(await variantKeys()).toEqual(before);

    const meta = await sharp(bodies[IMAGE_WIDTHS.indexOf(320)]).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 320 });
    // Never enlarged beyond the original.
    expect((await sharp(bodies[IMAGE_WIDTHS.indexOf(1200)]).metadata()).width).toBe(640);

    const etag = (await get("/media/products/p1-1.webp?w=320")).headers.get("ETag");
    expect((await get("/media/products/p1-1.webp?w=320", { "If-None-Match": etag! })).status).toBe(304);
  });

  it("never makes a missing width on a request: the nearest width made, else the original, for an hour", async () => {
    const stored = (await store.read("products/p2-1.webp"))!;
    sharpCalls.count = 0;
    const original = await get("/media/products/p2-1.webp?w=320");
    expect(original.status).toBe(200);
    expect(original.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(Buffer.from(await original.arrayBuffer()).equals(stored)).toBe(true);
    expect(sharpCalls.count).toBe(0);

    // Only 480 was made (say, by hand): 320 gets the next larger, 1200 the next smaller.
    const w480 = await sharp(stored).resize({ width: 480 }).webp().toBuffer();
    await store.write(variantKey("products/p2-1.webp", contentKey(stored), 480), w480);
    sharpCalls.count = 0;
    const smaller = await get("/media/products/p2-1.webp?w=320");
    expect(Buffer.from(await smaller.arrayBuffer()).equals(w480)).toBe(true);
    expect(smaller.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const larger = await get("/media/products/p2-1.webp?w=1200");
    expect(Buffer.from(await larger.arrayBuffer()).equals(w480)).toBe(true);
    const exact = await get("/media/products/p2-1.webp?w=480");
    expect(exact.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(sharpCalls.count).toBe(0);
  });

  it.each(["123", "0", "-320", "320.5", "abc", "", "99999999999"])("refuses ?w=%s with a 400 JSON error", async (w) => {
    const res = await get(`/media/products/p1-1.webp?w=${w}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });

  it.each([
    "/media/..%2F..%2Fetc%2Fpasswd",
    "/media/../secret_key",
    "/media/..%2Fsecret_key",
    "/media/%2e%2e/secret_key",
    "/media/%2e%2e%2fsecret_key",
    "/media/products/..%2F..%2Fsecret_key",
    "/media/%2Fetc%2Fpasswd",
    "/media/..%5Csecret_key",
    "/media/%252e%252e%252fsecret_key",
    "/media/.variants/anything.webp",
    "/media/.backups/secret.webp",
    "/media/products/%00p1-1.webp",
    "/media/..%2Fsecret.webp",
    "/media/products/..%2F..%2Fsecret.webp?w=320",
    "/media/products/link.webp",
  ])("gives 404 for the traversal attempt %s", async (url) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("s3cr3t");
  });

  it("gives 404 JSON for a missing file, a directory and a non-image file", async () => {
    for (const url of [
      "/media/products/p999-1.webp",
      "/media/products/p999-1.webp?w=320",
      "/media/products",
      "/media/notes.txt",
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ error: "Not found" });
    }
  });

  it("never decodes a stored file: a width of one that is not an image is the file as stored", async () => {
    // Before issue 13 a width was made on the request and this was a 415; now nothing is decoded
    // on a request, and the file is sent as it is without `?w` (nosniff, never a 500).
    sharpCalls.count = 0;
    const res = await get("/media/products/broken.webp?w=160");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await res.text()).toBe("not an image");
    expect(sharpCalls.count).toBe(0);
  });
});

describe("imageSrc / imageSrcSet", () => {
  it("builds resized URLs for /media images, rounding up to an allowed width", () => {
    expect(imageSrc("/media/products/p1-1.webp", 300)).toBe("/media/products/p1-1.webp?w=320");
    expect(imageSrc("/media/products/p1-1.webp", 64)).toBe("/media/products/p1-1.webp?w=160");
    expect(imageSrc("/media/slides/slide-1.webp", 5000)).toBe("/media/slides/slide-1.webp?w=1200");
    expect(imageSrcSet("/media/products/p1-1.webp", [160, 320])).toBe(
      "/media/products/p1-1.webp?w=160 160w, /media/products/p1-1.webp?w=320 320w",
    );
    expect(imageSrcSet("/media/products/p1-1.webp")).toContain("?w=640 640w");
  });

  it("falls back to the placeholder, and leaves other URLs alone", () => {
    expect(imageSrc(null, 320)).toBe(PLACEHOLDER_IMAGE);
    expect(PLACEHOLDER_IMAGE.startsWith("data:image/svg+xml,")).toBe(true);
    expect(PLACEHOLDER_IMAGE.length).toBeLessThan(1000);
    expect(imageSrcSet(null)).toBe("");
    expect(imageSrc("/images/slide-home.svg", 640)).toBe("/images/slide-home.svg");
    expect(imageSrcSet("https://example.com/a.webp")).toBe("");
  });
});
