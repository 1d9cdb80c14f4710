/**
 * `/media/<path>`: stored images (product, category, slide and brand art) served from the media
 * store (store.server.ts: `DATA_DIR/media`, or an S3-compatible bucket shared by every host),
 * optionally in one of a few widths as WebP for `srcset` (ARCHITECTURE.md "images"). Every width
 * is made when the image is stored (variants.server.ts); this module only reads
 * and never decodes or resizes an image, so no request (a shopper's, or a crawler fetching every
 * width) costs CPU or memory for a resize.
 *
 * ETags and widths are keyed by the original's content (keys.server.ts), so every host answers an
 * image with the same ETag; names are never reused for other content (uploads get new random
 * names), so responses are cached for a year as immutable.
 */
import { type Context, Hono } from "hono";
import { IMAGE_WIDTHS } from "./images";
import { contentKey, contentTypeOf, variantKey } from "./keys.server";
import type { MediaStore } from "./store.server";

const CACHE_CONTROL = "public, max-age=31536000, immutable";
/**
 * A stand-in for a width that was not made (an image stored by hand, or before widths were made
 * ahead): an hour, so the exact width is picked up once it exists.
 */
const STAND_IN_CACHE_CONTROL = "public, max-age=3600";
const MAX_PATH_LENGTH = 512;
/** Content keys remembered per process: a request for a width needs its original's key. */
const REMEMBERED_KEYS = 50_000;

/**
 * The media routes, to be mounted at `/media`. Only raster images in the store are served;
 * anything else (traversal, the store's own dot-prefixed objects such as `.variants`, other file
 * types, missing files) is a 404 with a JSON error, and a width outside `IMAGE_WIDTHS` is a 400.
 * Bad input never causes a 500.
 *
 * A width that was not made ahead is never made here: the nearest width that exists is sent
 * (the next larger, else the next smaller), else the original as stored, marked cacheable for an
 * hour only. Resizing on a request would put a decode on the shopper's wait and let anyone who
 * asks for many widths load the CPU and the memory.
 */
export function createMediaRoutes(store: MediaStore): Hono {
  // rel -> content key. The first request for an image reads its original once to learn it;
  // later ones (and every 304) go straight to the width.
  const keys = new Map<string, string>();
  const remember = (rel: string, key: string) => {
    if (keys.size >= REMEMBERED_KEYS) keys.delete(keys.keys().next().value!);
    keys.set(rel, key);
  };

  const app = new Hono();
  app.get("/:path{.+}", async (c) => {
    const rel = safeRelativePath(c.req.param("path"));
    const type = rel ? contentTypeOf(rel) : undefined;
    if (!rel || !type) return notFound(c);

    const widthParam = c.req.query("w");
    let width: number | null = null;
    if (widthParam !== undefined) {
      width = /^\d{1,5}$/.test(widthParam) ? Number(widthParam) : NaN;
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
        return c.json({ error: `w must be one of ${IMAGE_WIDTHS.join(", ")}` }, 400);
      }
    }

    let original: Buffer | null = null;
    let key = keys.get(rel);
    if (!key) {
      original = await store.read(rel);
      if (!original) return notFound(c);
      key = contentKey(original);
      remember(rel, key);
    }

    if (width !== null) {
      for (const candidate of nearestWidths(width)) {
        const etag = `"${key}-${candidate}"`;
        const cacheControl = candidate === width ? CACHE_CONTROL : STAND_IN_CACHE_CONTROL;
        if (matches(c, etag)) return notModified(c, etag, cacheControl);
        const body = await store.read(variantKey(rel, key, candidate));
        if (body) return send(c, body, "image/webp", etag, cacheControl);
      }
    }

    const etag = `"${key}"`;
    const cacheControl = width === null ? CACHE_CONTROL : STAND_IN_CACHE_CONTROL;
    if (matches(c, etag)) return notModified(c, etag, cacheControl);
    original ??= await store.read(rel);
    if (!original) {
      keys.delete(rel);
      return notFound(c);
    }
    return send(c, original, type, etag, cacheControl);
  });
  return app;
}

/** `width` first, then the larger widths upwards, then the smaller ones downwards. */
function nearestWidths(width: number): number[] {
  const larger = IMAGE_WIDTHS.filter((w) => w > width);
  const smaller = IMAGE_WIDTHS.filter((w) => w < width).reverse();
  return [width, ...larger, ...smaller];
}

/**
 * The request path as a safe relative path ("products/p1-1.webp"), or null. Hono has already
 * percent-decoded the parameter once (so `..%2F` arrives as `../`); it is not decoded again, so
 * double-encoded input stays a harmless literal name. Dot segments, dot files (including the
 * store's own `.variants`), empty segments, backslashes, NUL and absolute paths are refused.
 */
function safeRelativePath(raw: string | undefined): string | null {
  if (!raw || raw.length > MAX_PATH_LENGTH) return null;
  if (/[\\\0:]/.test(raw) || raw.startsWith("/")) return null;
  const segments = raw.split("/");
  if (segments.some((s) => s === "" || s.startsWith("."))) return null;
  return segments.join("/");
}

function matches(c: Context, etag: string): boolean {
  const header = c.req.header("If-None-Match");
  return !!header && header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

function notModified(c: Context, etag: string, cacheControl: string) {
  return c.body(null, 304, { ETag: etag, "Cache-Control": cacheControl });
}

function send(c: Context, body: Buffer, type: string, etag: string, cacheControl: string) {
  // Node buffers from fs are backed by a plain ArrayBuffer, never a shared one.
  return c.body(body as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": type,
    "Content-Length": String(body.byteLength),
    "Cache-Control": cacheControl,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  });
}

function notFound(c: Context) {
  return c.json({ error: "Not found" }, 404);
}
