/**
 * Anonymous page cache (issue 13 point 1). Most shoppers are anonymous and see the same HTML for
 * the same path, language, currency and kind of device: each such page is rendered once, kept in
 * memory until the data under it changes (`invalidate()`, wired to features/cache/changes.server.ts),
 * and served with an `ETag` so that a browser or a proxy revalidates it with a 304.
 *
 * What makes two anonymous requests render differently, and so is in the key or bypasses:
 * - path and query (language is the path's prefix);
 * - the `currency` cookie (D5), normalised to USD or CUP;
 * - the User-Agent's class: phone (`Mobi`, listing filters start closed), iOS/Android (slides' app
 *   links) and crawler (rendered whole, not streamed);
 * - any other cookie (session `access`/`refresh`, `flash`, checkout draft, anything unknown) or an
 *   `Authorization` header: bypass, rendered as before (signed-in pages stay `private, no-store`).
 * Only 200 HTML answers without `Set-Cookie`, rendered without a streaming error, for no user, and
 * whose data did not change while they rendered, are kept.
 *
 * The CSP nonce (issue 13 point 5) differs per request: the stored HTML has it cut out and the
 * current request's nonce is spliced back in, so the ETag does not change with it. The compressed
 * encodings are precomputed too: each piece is compressed on its own and the nonce goes between
 * them as a stored (uncompressed) deflate block, as deflate or gzip (server/page-encoding.ts), so
 * a hit costs no compression.
 *
 * Memory is bounded by entries and bytes (least recently used out first) and each entry by an age.
 */
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { isbot } from "isbot";
import type { Context, MiddlewareHandler } from "hono";
import type { PageTemplate } from "~/context";
import { SHARED_PAGE_PATH } from "~/shared-pages";
import { adler32, crc32, entryHtml, entryStream, pageEncodingFor } from "./page-encoding";
import { logger } from "~/utils/logger.server";

export type PageCacheOptions = {
  /** Most pages kept (PAGE_CACHE_MAX_ENTRIES). 0 turns the cache off. */
  maxEntries: number;
  /** Most bytes kept, raw and compressed together (PAGE_CACHE_MAX_BYTES). */
  maxBytes: number;
  /** Oldest a kept page may be, a safety net for what no write announces (PAGE_CACHE_MAX_AGE_MS). */
  maxAgeMs: number;
  /** How long a shared cache (a CDN) may keep a page, in seconds (PAGE_CACHE_SHARED_MAX_AGE; 0: none). */
  sharedMaxAgeSeconds?: number;
  now?: () => number;
};

/**
 * What goes between two pieces of a kept page: the request's nonce, or (in a signed-in page
 * template, server/signed-in-pages.ts) the shopper's name as HTML text or inside React Router's
 * data script.
 */
export type Hole = "nonce" | "name" | "nameInScript";

/**
 * One kept page: the HTML split at its holes, kept only as deflate pieces (about a fifth of the
 * HTML; sent as deflate or gzip, and inflated for the few clients that take neither), each piece's
 * length and checksums,
 * what goes in each hole, and the headers to replay.
 */
export type PageEntry = {
  etag: string;
  deflated: Buffer[];
  lengths: number[];
  adlers: number[];
  /** Each piece's CRC-32 (the gzip trailer's checksum, combined like the Adler-32). */
  crcs: number[];
  /** `holes[i]` goes between `deflated[i]` and `deflated[i + 1]`. */
  holes: Hole[];
  headers: Array<[string, string]>;
  bytes: number;
  storedAt: number;
};

export class PageCache {
  private readonly entries = new Map<string, PageEntry>();
  private totalBytes = 0;
  /** Bumped by every invalidation: a render that began before it is not stored. */
  generation = 0;
  readonly stats = { hits: 0, misses: 0, stores: 0, evictions: 0, invalidations: 0 };

  constructor(readonly options: PageCacheOptions) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): PageEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.options.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so re-insert.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps `entry` unless the data changed since `generation` was read or it alone exceeds the bound. */
  set(key: string, entry: PageEntry, generation: number): boolean {
    if (generation !== this.generation || this.options.maxEntries <= 0) return false;
    if (entry.bytes > this.options.maxBytes) return false;
    this.delete(key);
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    this.stats.stores++;
    while (this.entries.size > this.options.maxEntries || this.totalBytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
      this.stats.evictions++;
    }
    return true;
  }

  /** The data under the pages changed: drop them all. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.totalBytes = 0;
    this.stats.invalidations++;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }
}

// ---------------------------------------------------------------------------------------------
// Which requests may share a page.

/** The only cookie an anonymous page reads (D5); any other one means the request may be someone's. */
const KEY_COOKIES = new Set(["currency"]);
const NO_COOKIES: ReadonlySet<string> = new Set();

/**
 * The cache key of a request that may share a page, or null when it must be rendered for itself.
 * The currency is normalised as the pages read it (anything but CUP is USD). `ignored` cookies
 * do not change the page (a signed-in page template's session cookies).
 */
export function pageCacheKey(request: Request, ignored: ReadonlySet<string> = NO_COOKIES): string | null {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return null;
  const url = new URL(request.url);
  // `.data` is React Router's client-navigation data, not a page.
  // The storefront pages anonymous shoppers browse, as the route table declares them (shared-pages.ts).
  if (!SHARED_PAGE_PATH.test(url.pathname) || url.pathname.endsWith(".data")) return null;
  if (request.headers.has("Authorization")) return null;
  let currency = "USD";
  const cookie = request.headers.get("Cookie");
  if (cookie) {
    for (const part of cookie.split(";")) {
      const eq = part.indexOf("=");
      const name = (eq === -1 ? part : part.slice(0, eq)).trim();
      if (name === "" || ignored.has(name)) continue;
      if (!KEY_COOKIES.has(name)) return null;
      if (part.slice(eq + 1).trim() === "CUP") currency = "CUP";
    }
  }
  return `${url.pathname}${url.search}|${currency}|${agentClass(request.headers.get("User-Agent"))}`;
}

/** Recent User-Agents' classes: a handful of browsers make most traffic, and `isbot` is not free. */
const agentClasses = new Map<string, string>();
const AGENT_CLASSES_KEPT = 500;

/** The User-Agent as the pages use it: phone (`Mobi`), app platform (slides' app links), crawler. */
export function agentClass(userAgent: string | null): string {
  if (!userAgent) return "---";
  const known = agentClasses.get(userAgent);
  if (known) return known;
  const value =
    (/Mobi/i.test(userAgent) ? "m" : "-") +
    (/iPhone|iPad|iPod|Android/i.test(userAgent) ? "a" : "-") +
    (isbot(userAgent) ? "b" : "-");
  if (agentClasses.size >= AGENT_CLASSES_KEPT) agentClasses.clear();
  agentClasses.set(userAgent, value);
  return value;
}

// ---------------------------------------------------------------------------------------------
// Entries: the HTML without its nonce, the ETag, the precomputed deflate.

/** What an anonymous cached page tells browsers and proxies: keep it, but ask before each use. */
export const SHARED_REVALIDATE = "public, max-age=0, must-revalidate";

/**
 * The same, letting a shared cache (a CDN) serve it for `sharedMaxAge` seconds without asking
 * (`s-maxage`; browsers ignore it and still revalidate every time).
 */
export function sharedCacheControl(sharedMaxAge = 0): string {
  return sharedMaxAge > 0 ? `public, max-age=0, s-maxage=${sharedMaxAge}, must-revalidate` : SHARED_REVALIDATE;
}
/**
 * The session cookie, the currency cookie and the device class change the page; a proxy must not
 * answer a signed-in shopper with an anonymous copy (those are `private, no-store` themselves).
 */
export const SHARED_VARY = "Cookie, User-Agent, Accept-Encoding";
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

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === opaque;
  });
}

// ---------------------------------------------------------------------------------------------
// The Hono middleware.

/** Set by the page render when React reported an error after the shell (a streamed error). */
export type RenderState = { failed: boolean };

export type PageCacheVariables = {
  secureHeadersNonce?: string;
  pageRender?: RenderState;
  pageTemplate?: PageTemplate;
  user?: unknown;
};

/**
 * Serves anonymous pages from `cache`, and stores the ones it renders. Runs after the security
 * headers (which pick the request's nonce) and compression (skipped: the answer is encoded here),
 * before the session middleware and React Router.
 */
export function pageCacheMiddleware(cache: PageCache): MiddlewareHandler<{ Variables: PageCacheVariables }> {
  return async (c, next) => {
    const key = cache.options.maxEntries > 0 ? pageCacheKey(c.req.raw) : null;
    if (key === null) return next();
    const nonce = c.get("secureHeadersNonce") ?? "";
    const hit = cache.get(key);
    if (hit) {
      cache.stats.hits++;
      c.res = respond(hit, c.req.raw, nonce, "hit", cache.options.sharedMaxAgeSeconds);
      return;
    }
    cache.stats.misses++;
    const generation = cache.generation;
    const render: RenderState = { failed: false };
    c.set("pageRender", render);
    await next();
    if ((c.get("user") ?? null) !== null) return;
    const entry = await renderedEntry(c, nonce);
    if (!entry) return;
    if (!render.failed) cache.set(key, entry, generation);
    c.res = respond(entry, c.req.raw, nonce, "miss", cache.options.sharedMaxAgeSeconds);
  };
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

/**
 * A 304 carries no Content-Security-Policy: the browser merges a 304's headers into the copy it
 * kept, so a fresh nonce there would block every inline script of that copy, which has its own
 * (found end to end). Without one, the kept policy and the kept page still agree. Registered
 * before the security headers, so that it runs after them.
 */
export const keepCspOfRevalidatedPages: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status !== 304) return;
  c.res.headers.delete("Content-Security-Policy");
  c.res.headers.delete("Content-Security-Policy-Report-Only");
};

/** The answer for `entry`: 304 when the client has it, else the page (compressed when it may be). */
function respond(
  entry: PageEntry,
  request: Request,
  nonce: string,
  state: "hit" | "miss",
  sharedMaxAge?: number,
): Response {
  const headers = new Headers(entry.headers);
  headers.set("ETag", entry.etag);
  headers.set("Cache-Control", sharedCacheControl(sharedMaxAge));
  headers.set("Vary", SHARED_VARY);
  headers.set("X-Page-Cache", state);
  if (matchesEtag(request.headers.get("If-None-Match"), entry.etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  return pageResponse(entry, request, headers, nonce);
}

/** A 200 with `entry`'s page, its holes filled (deflate or gzip when the client takes it). */
export function pageResponse(entry: PageEntry, request: Request, headers: Headers, nonce: string, name = ""): Response {
  const encoding = pageEncodingFor(request.headers.get("Accept-Encoding"));
  let body: Buffer;
  if (encoding) {
    body = entryStream(entry, nonce, name, encoding);
    headers.set("Content-Encoding", encoding);
  } else {
    body = entryHtml(entry, nonce, name);
  }
  headers.set("Content-Length", String(body.length));
  return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
