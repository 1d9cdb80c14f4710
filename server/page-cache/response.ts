/**
 * How a kept page is answered: its caching headers, a 304 when the client has it (`ETag`), else
 * the page with its holes filled, compressed when the client takes it (encoding.ts).
 */
import { entryHtml, entryStream, pageEncodingFor } from "./encoding";
import type { PageEntry } from "./store";

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
 * The session cookie, the currency cookie, the device class and data saver (the `Save-Data`
 * header when no choice was made) change the page; a proxy must not
 * answer a signed-in shopper with an anonymous copy (those are `private, no-store` themselves).
 */
export const SHARED_VARY = "Cookie, User-Agent, Accept-Encoding, Save-Data";

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === opaque;
  });
}

/** The answer for `entry`: 304 when the client has it, else the page (compressed when it may be). */
export function respond(
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
