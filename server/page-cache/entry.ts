/**
 * A kept page's entry: the HTML cut at its holes (the CSP nonce, which differs per request, and a
 * signed-in template's name), its ETag, which does not change with the nonce, and the compressed
 * pieces, precomputed. Each piece is compressed on its own and what fills a hole goes between them
 * as a stored (uncompressed) deflate block, as deflate or gzip (encoding.ts), so a hit costs no
 * compression. Only 200 HTML answers without `Set-Cookie`, rendered whole, make an entry.
 */
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { Context } from "hono";
import { logger } from "~/utils/logger.server";
import { adler32, crc32 } from "./encoding";
import type { Hole, PageEntry } from "./store";

/** Response headers that belong to one response, not to the page. */
const NOT_REPLAYED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "set-cookie",
  "date",
  "etag",
  "cache-control",
  "vary",
  "content-security-policy",
  "content-security-policy-report-only",
  "x-request-id",
  "x-page-cache",
]);

/**
 * Builds the entry of a rendered page whose HTML used `nonce` (empty: none) and, for a signed-in
 * page template, the placeholder `name`.
 */
export function buildEntry(html: string, nonce: string, headers: Headers, storedAt: number, name = ""): PageEntry {
  const { parts: texts, holes } = splitAtHoles(html, nonce, name);
  const parts = texts.map((p) => Buffer.from(p, "utf8"));
  const hash = createHash("sha256");
  parts.forEach((part, i) => {
    if (i > 0) hash.update(`\0${holes[i - 1]}\0`);
    hash.update(part);
  });
  const etag = `W/"${hash.digest("base64url").slice(0, 27)}"`;
  const deflated = parts.map((part) =>
    exactCopy(zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH })),
  );
  const lengths = parts.map((part) => part.length);
  const adlers = parts.map((part) => adler32(part));
  const crcs = parts.map((part) => crc32(part));
  const replayed: Array<[string, string]> = [];
  headers.forEach((value, name) => {
    if (!NOT_REPLAYED.has(name.toLowerCase())) replayed.push([name, value]);
  });
  // The deflate pieces, plus a little for the key, headers and bookkeeping.
  const bytes = deflated.reduce((n, p) => n + p.length, 0) + 512;
  return { etag, deflated, lengths, adlers, crcs, holes, headers: replayed, bytes, storedAt };
}

/**
 * `html` cut at every `nonce` and `name`; a name inside a `<script>` (React Router's data) is a
 * `nameInScript` hole, anywhere else (text, attributes) a `name` hole. Both are plain ASCII tokens
 * that no escaping changes.
 */
export function splitAtHoles(html: string, nonce: string, name: string): { parts: string[]; holes: Hole[] } {
  const tokens = [nonce, name].filter(Boolean);
  if (tokens.length === 0) return { parts: [html], holes: [] };
  const parts: string[] = [];
  const holes: Hole[] = [];
  const pattern = new RegExp(tokens.map((t) => t.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"), "g");
  let from = 0;
  for (const match of html.matchAll(pattern)) {
    const at = match.index;
    parts.push(html.slice(from, at));
    if (match[0] === nonce) holes.push("nonce");
    else holes.push(html.lastIndexOf("<script", at) > html.lastIndexOf("</script", at) ? "nameInScript" : "name");
    from = at + match[0].length;
  }
  parts.push(html.slice(from));
  return { parts, holes };
}

/**
 * `data` in a memory block of its own size: zlib's output is a view of a 16 KB chunk (and a small
 * `Buffer.from` copy a view of an 8 KB pool slab), which a kept piece would hold alive.
 */
function exactCopy(data: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(data.length);
  data.copy(copy);
  return copy;
}

/**
 * The entry of the page just rendered into `c.res`, when it may be kept: a 200 HTML answer to a
 * GET, whole, setting no cookie. Null otherwise (`c.res` left as it is, or a 500 when the stream
 * failed midway: the shopper gets an error, nothing is kept). `name` is a template's placeholder.
 */
export async function renderedEntry(c: Context, nonce: string, name = ""): Promise<PageEntry | null> {
  const res = c.res;
  if (
    c.req.method !== "GET" ||
    res.status !== 200 ||
    !(res.headers.get("Content-Type") ?? "").startsWith("text/html") ||
    res.headers.has("Set-Cookie") ||
    res.headers.has("Content-Encoding") ||
    !res.body
  ) {
    return null;
  }
  let html: string;
  try {
    html = await res.text();
  } catch (error) {
    logger.error({ err: error }, "Page render failed while streaming");
    c.res = new Response("Internal Server Error", { status: 500 });
    return null;
  }
  return buildEntry(html, nonce, res.headers, Date.now(), name);
}
