import zlib from "node:zlib";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { cspNonce, newNonce } from "../csp-nonce";
import { PageCache } from "./store";
import { type PageCacheVariables, keepCspOfRevalidatedPages, pageCacheMiddleware } from "./middleware";
import { SHARED_REVALIDATE } from "./response";
import { SHARED_PAGES } from "../../tests/support/shared-pages";

// Issue 13 point 1 (page cache, ETag/304, bounded memory) and point 5 (CSP nonce, no 'unsafe-inline').

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";

const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Mobile Safari/537.36";

describe("CSP nonce (issue 13 point 5)", () => {
  it("is 128 random bits in base64, never repeated, across refills of the pool", () => {
    const nonces = Array.from({ length: 2_000 }, () => newNonce());
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

describe("pageCacheMiddleware through a Hono app (issue 13 points 1, 5)", () => {
  type Page = { status?: number; setCookie?: string; user?: string; fail?: boolean; body?: string };

  /** The server's order: CSP nonce, page cache, a stand-in session and page render. */
  function setup(page: (c: { renders: number }) => Page = () => ({})) {
    const cache = new PageCache({ maxEntries: 100, maxBytes: 1e8, maxAgeMs: 1e9 });
    const state = { renders: 0, onRender: () => {} };
    const app = new Hono<{ Variables: PageCacheVariables }>();
    app.use("*", keepCspOfRevalidatedPages);
    app.use("*", secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", cspNonce] } }));
    app.use("*", pageCacheMiddleware(cache, SHARED_PAGES));
    app.get("*", (c) => {
      state.renders++;
      state.onRender();
      const p = page(state);
      c.set("user", p.user ?? null);
      if (p.fail) c.get("pageRender")!.failed = true;
      const nonce = c.get("secureHeadersNonce");
      const headers: Record<string, string> = { "Content-Type": "text/html; charset=utf-8" };
      if (p.setCookie) headers["Set-Cookie"] = p.setCookie;
      const body = p.body ?? `<html><body>render ${state.renders}<script nonce="${nonce}">x()</script></body></html>`;
      return new Response(body, { status: p.status ?? 200, headers });
    });
    const get = (path: string, headers: Record<string, string> = {}) =>
      app.request(path, { headers: { "User-Agent": CHROME, ...headers } });
    return { app, cache, state, get };
  }

  const scriptNonce = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];
  const cspNonceOf = (res: Response) =>
    /script-src 'self' 'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];

  it("renders an anonymous page once, then serves it with a fresh nonce that matches the CSP header", async () => {
    const { state, get } = setup();
    const first = await get("/es/product/1");
    const firstHtml = await first.text();
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    const second = await get("/es/product/1");
    const secondHtml = await second.text();
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(state.renders).toBe(1);
    expect(secondHtml).toContain("render 1");
    // point 5: a nonce per request, in the header and the page alike, no 'unsafe-inline'.
    expect(second.headers.get("Content-Security-Policy")).not.toContain("unsafe-inline");
    expect(scriptNonce(firstHtml)).toBe(cspNonceOf(first));
    expect(scriptNonce(secondHtml)).toBe(cspNonceOf(second));
    expect(cspNonceOf(second)).not.toBe(cspNonceOf(first));
    expect(second.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(second.headers.get("Cache-Control")).toBe(SHARED_REVALIDATE);
    expect(second.headers.get("Vary")).toMatch(/Cookie/);
  });

  it("answers If-None-Match with a 304 without a body, and a changed page with 200", async () => {
    const { cache, get } = setup();
    const etag = (await get("/es/")).headers.get("ETag")!;
    const revalidated = await get("/es/", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("ETag")).toBe(etag);
    // The browser merges a 304's headers into its copy: a new nonce would block that copy's scripts.
    expect(revalidated.headers.get("Content-Security-Policy")).toBeNull();
    cache.invalidate();
    const changed = await get("/es/", { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
  });

  it("serves the deflate encoding to clients that take it", async () => {
    const { get } = setup();
    await get("/es/");
    const res = await get("/es/", { "Accept-Encoding": "gzip, deflate" });
    expect(res.headers.get("Content-Encoding")).toBe("deflate");
    const html = zlib.inflateSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(scriptNonce(html)).toBe(cspNonceOf(res));
    // A gzip-only client (a CDN or proxy fetching from the origin) gets gzip, from the cache.
    const gzip = await get("/es/", { "Accept-Encoding": "gzip" });
    expect(gzip.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzip.headers.get("X-Page-Cache")).toBe("hit");
    const unzipped = zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString();
    expect(scriptNonce(unzipped)).toBe(cspNonceOf(gzip));
    expect(unzipped.replace(/nonce="[^"]+"/, "")).toBe(html.replace(/nonce="[^"]+"/, ""));
  });

  it("re-renders after an invalidation, and keeps apart currencies and device classes", async () => {
    const { cache, state, get } = setup();
    await get("/es/");
    await get("/es/");
    expect(state.renders).toBe(1);
    await get("/es/", { Cookie: "currency=CUP" });
    await get("/es/", { "User-Agent": ANDROID });
    expect(state.renders).toBe(3);
    cache.invalidate();
    expect(await (await get("/es/")).text()).toContain("render 4");
  });

  it("keeps no page that sets a cookie, is for a user, is not 200, or failed while streaming", async () => {
    for (const page of [
      { setCookie: "flash=x; Path=/" },
      { user: "someone" },
      { status: 404 },
      { status: 500 },
      { fail: true },
    ] satisfies Page[]) {
      const { state, get, cache } = setup(() => page);
      await get("/es/product/1");
      await get("/es/product/1");
      expect(state.renders, JSON.stringify(page)).toBe(2);
      expect(cache.size).toBe(0);
    }
  });

  it("never serves a cached page to a signed-in shopper", async () => {
    const { state, get } = setup((s) => ({ body: `<p>page ${s.renders}</p>` }));
    await get("/es/");
    const signedIn = await get("/es/", { Cookie: "access=token-of-someone" });
    expect(signedIn.headers.get("X-Page-Cache")).toBeNull();
    expect(await signedIn.text()).toBe("<p>page 2</p>");
    expect(state.renders).toBe(2);
  });

  it("does not keep a page whose data changed while it rendered", async () => {
    const { cache, state, get } = setup();
    state.onRender = () => cache.invalidate();
    await get("/es/");
    state.onRender = () => {};
    expect(cache.size).toBe(0);
    await get("/es/");
    expect(state.renders).toBe(2);
    expect(cache.size).toBe(1);
  });
});
