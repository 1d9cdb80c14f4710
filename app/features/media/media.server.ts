/**
 * `/media/<path>`: stored images (product, category, slide and brand art) served from
 * `${DATA_DIR}/media`, optionally in one of a few widths as WebP for `srcset` (ARCHITECTURE.md
 * "images"). Every width is made when the image is stored (variants.server.ts, issue 13 point 2)
 * into `media/.cache/`; this module only reads files and never decodes or resizes an image, so no
 * request (a shopper's, or a crawler fetching every width) costs CPU or memory for a resize.
 *
 * Names are content-stable (a new image gets a new name or a new mtime, hence a new cache key and
 * ETag), so responses are cached for a year as immutable.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { type Context, Hono } from "hono";
import { IMAGE_WIDTHS } from "./images";

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

const CACHE_CONTROL = "public, max-age=31536000, immutable";
/**
 * A stand-in for a width that was not made (an image stored by hand, or before widths were made
 * ahead): an hour, so the exact width is picked up once it exists.
 */
const STAND_IN_CACHE_CONTROL = "public, max-age=3600";
const MAX_PATH_LENGTH = 512;

/**
 * The media routes, to be mounted at `/media`. Only raster images directly under
 * `${env.DATA_DIR}/media` are served; anything else (traversal, dot files such as `.cache`,
 * other file types, missing files) is a 404 with a JSON error, and a width outside
 * `IMAGE_WIDTHS` is a 400. Bad input never causes a 500.
 *
 * A width that was not made ahead is never made here: the nearest width that exists is sent
 * (the next larger, else the next smaller), else the original as stored, marked cacheable for an
 * hour only. Resizing on a request would put a decode on the shopper's wait and let anyone who
 * asks for many widths load the CPU and the memory.
 */
export function createMediaRoutes(env: { DATA_DIR: string }): Hono {
  const root = path.resolve(env.DATA_DIR, "media");
  const cacheDir = path.join(root, ".cache");

  const app = new Hono();
  app.get("/:path{.+}", async (c) => {
    const rel = safeRelativePath(c.req.param("path"));
    const type = rel ? CONTENT_TYPES[path.extname(rel).toLowerCase()] : undefined;
    if (!rel || !type) return notFound(c);

    const widthParam = c.req.query("w");
    let width: number | null = null;
    if (widthParam !== undefined) {
      width = /^\d{1,5}$/.test(widthParam) ? Number(widthParam) : NaN;
      if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
        return c.json({ error: `w must be one of ${IMAGE_WIDTHS.join(", ")}` }, 400);
      }
    }

    const file = await resolveInside(root, rel);
    if (!file) return notFound(c);
    const version = fileVersion(file);

    if (width !== null) {
      for (const candidate of nearestWidths(width)) {
        const key = resizedKey(rel, version, candidate);
        const etag = `"${key}"`;
        const cacheControl = candidate === width ? CACHE_CONTROL : STAND_IN_CACHE_CONTROL;
        if (matches(c, etag)) return notModified(c, etag, cacheControl);
        const body = await fs.readFile(path.join(cacheDir, `${key}.webp`)).catch(() => null);
        if (body) return send(c, body, "image/webp", etag, cacheControl);
      }
    }

    const etag = `"${version}"`;
    const cacheControl = width === null ? CACHE_CONTROL : STAND_IN_CACHE_CONTROL;
    if (matches(c, etag)) return notModified(c, etag, cacheControl);
    const body = await fs.readFile(file.path).catch(() => null);
    if (!body) return notFound(c);
    return send(c, body, type, etag, cacheControl);
  });
  return app;
}

/** `width` first, then the larger widths upwards, then the smaller ones downwards. */
function nearestWidths(width: number): number[] {
  const larger = IMAGE_WIDTHS.filter((w) => w > width);
  const smaller = IMAGE_WIDTHS.filter((w) => w < width).reverse();
  return [width, ...larger, ...smaller];
}

/** A stored file's version: its size and modification time (a replaced file gets a new one). */
export function fileVersion(stat: { size: number; mtimeMs: number }): string {
  return `${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}`;
}

/**
 * The name (without `.webp`) of the resized copy of `rel` at `width` in `media/.cache/`, written
 * when the image is stored (variants.server.ts) so no request ever resizes.
 */
export function resizedKey(rel: string, version: string, width: number): string {
  return createHash("sha256").update(`${rel}\0${version}\0${width}`).digest("hex").slice(0, 32);
}

/**
 * The request path as a safe relative path ("products/p1-1.webp"), or null. Hono has already
 * percent-decoded the parameter once (so `..%2F` arrives as `../`); it is not decoded again, so
 * double-encoded input stays a harmless literal name. Dot segments, dot files (including the
 * `.cache` directory), empty segments, backslashes, NUL and absolute paths are refused.
 */
function safeRelativePath(raw: string | undefined): string | null {
  if (!raw || raw.length > MAX_PATH_LENGTH) return null;
  if (/[\\\0:]/.test(raw) || raw.startsWith("/")) return null;
  const segments = raw.split("/");
  if (segments.some((s) => s === "" || s.startsWith("."))) return null;
  return segments.join("/");
}

/** The file's real path and stat when it is a regular file inside `root` (symlinks included). */
async function resolveInside(
  root: string,
  rel: string,
): Promise<{ path: string; size: number; mtimeMs: number } | null> {
  const candidate = path.resolve(root, rel);
  if (!candidate.startsWith(root + path.sep)) return null;
  try {
    const [real, realRoot] = await Promise.all([fs.realpath(candidate), fs.realpath(root)]);
    if (!real.startsWith(realRoot + path.sep)) return null;
    const stat = await fs.stat(real);
    return stat.isFile() ? { path: real, size: stat.size, mtimeMs: stat.mtimeMs } : null;
  } catch {
    return null;
  }
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
