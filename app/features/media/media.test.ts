import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageSrc, imageSrcSet, PLACEHOLDER_IMAGE } from "./images";
import { createMediaRoutes } from "./media.server";

let dataDir: string;
let app: Hono;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "media-test-"));
  fs.mkdirSync(path.join(dataDir, "media", "products"), { recursive: true });
  const image = await sharp({ create: { width: 640, height: 640, channels: 3, background: "#fde68a" } })
    .webp({ quality: 70 })
    .toBuffer();
  fs.writeFileSync(path.join(dataDir, "media", "products", "p1-1.webp"), image);
  fs.writeFileSync(path.join(dataDir, "media", "products", "broken.webp"), "not an image");
  fs.writeFileSync(path.join(dataDir, "media", "notes.txt"), "not served");
  // Files outside media/ that traversal attempts aim at.
  fs.writeFileSync(path.join(dataDir, "secret_key"), "s3cr3t");
  fs.writeFileSync(path.join(dataDir, "secret.webp"), image);
  fs.symlinkSync(path.join(dataDir, "secret.webp"), path.join(dataDir, "media", "products", "link.webp"));
  // Mounted as server/app.ts mounts it.
  app = new Hono();
  app.route("/media", createMediaRoutes({ DATA_DIR: dataDir }));
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers?: Record<string, string>) => app.request(url, { headers });

describe("GET /media/<path>", () => {
  it("serves a stored image with long-lived caching", async () => {
    const res = await get("/media/products/p1-1.webp");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await res.arrayBuffer());
    expect((await sharp(body).metadata()).width).toBe(640);

    const etag = res.headers.get("ETag");
    expect(etag).toBeTruthy();
    const again = await get("/media/products/p1-1.webp", { "If-None-Match": etag! });
    expect(again.status).toBe(304);
  });

  it("resizes to an allowed width as WebP and caches the result on disk", async () => {
    const res = await get("/media/products/p1-1.webp?w=320");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/webp");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(320);
    const cached = fs.readdirSync(path.join(dataDir, "media", ".cache"));
    expect(cached.filter((f) => f.endsWith(".webp"))).toHaveLength(1);

    // Served from the cache the second time: same bytes, no new file.
    const again = await get("/media/products/p1-1.webp?w=320");
    expect(again.status).toBe(200);
    expect(fs.readdirSync(path.join(dataDir, "media", ".cache"))).toHaveLength(cached.length);
  });

  it("never enlarges beyond the original", async () => {
    const res = await get("/media/products/p1-1.webp?w=1200");
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(640);
  });

  it("does one resize for concurrent requests of the same width", async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => get("/media/products/p1-1.webp?w=480")));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer()).toString("base64")));
    expect(new Set(bodies).size).toBe(1);
    const tmp = fs.readdirSync(path.join(dataDir, "media", ".cache")).filter((f) => f.endsWith(".tmp"));
    expect(tmp).toEqual([]);
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
    "/media/.cache/anything.webp",
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

  it("answers a file that is not an image with a 4xx, not a 500", async () => {
    const res = await get("/media/products/broken.webp?w=160");
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: expect.any(String) });
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
