import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { cspNonce, newNonce } from "./csp-nonce";
import {
  PageCache,
  type PageCacheVariables,
  SHARED_REVALIDATE,
  buildEntry,
  keepCspOfRevalidatedPages,
  matchesEtag,
  pageCacheKey,
  pageCacheMiddleware,
  splitAtHoles,
} from "./page-cache";
import {
  acceptsDeflate,
  adler32,
  adler32Combine,
  crc32,
  crc32Combine,
  entryDeflate,
  entryGzip,
  entryHtml,
  pageEncodingFor,
} from "./page-encoding";

// Issue 13 point 1 (page cache, ETag/304, bounded memory) and point 5 (CSP nonce, no 'unsafe-inline').

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const req = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://localhost${path}`, { method, headers: { "User-Agent": CHROME, ...headers } });

describe("pageCacheKey: which requests may share a page (issue 13 point 1)", () => {
  it("keys the storefront pages by path and query, currency and device class", () => {
    for (const path of [
      "/es/",
      "/en",
      "/es/shop",
      "/es/shop/hogar",
      "/es/shop/hogar/cocina?page=2&sort=price",
      "/en/home-products/deals",
      "/es/product/12",
      "/es/search?q=arroz",
      "/es/about-us",
      "/en/help-center",
      "/es/sell-with-us",
    ]) {
      expect(pageCacheKey(req(path)), path).toBe(`${path}|USD|---`);
    }
    expect(pageCacheKey(req("/es/", {}, "HEAD"))).toBe("/es/|USD|---");
  });

  it("puts the currency cookie (D5) and the User-Agent's class in the key", () => {
    expect(pageCacheKey(req("/es/", { Cookie: "currency=CUP" }))).toBe("/es/|CUP|---");
    expect(pageCacheKey(req("/es/", { Cookie: "currency=USD" }))).toBe("/es/|USD|---");
    // A value the pages do not know reads as USD, as getCurrencyPreference reads it.
    expect(pageCacheKey(req("/es/", { Cookie: "currency=EUR" }))).toBe("/es/|USD|---");
    expect(pageCacheKey(req("/es/", { "User-Agent": ANDROID }))).toBe("/es/|USD|ma-");
    expect(pageCacheKey(req("/es/", { "User-Agent": GOOGLEBOT }))).toBe("/es/|USD|--b");
    expect(pageCacheKey(new Request("http://localhost/es/"))).toBe("/es/|USD|---");
  });

  it("never shares a page of someone signed in, with an alert, a draft, an unknown cookie or a token", () => {
    for (const cookie of [
      "access=abc",
      "refresh=abc",
      "currency=CUP; access=abc",
      "flash=x",
      "checkout_draft=x",
      "something_new=1",
    ]) {
      expect(pageCacheKey(req("/es/", { Cookie: cookie })), cookie).toBeNull();
    }
    expect(pageCacheKey(req("/es/", { Authorization: "JWT abc" }))).toBeNull();
  });

  it("leaves posts, account, cart, checkout, admin, API, media, assets and client data alone", () => {
    expect(pageCacheKey(req("/es/", {}, "POST"))).toBeNull();
    for (const path of [
      "/es/login",
      "/es/account",
      "/es/cart",
      "/es/checkout",
      "/es/orders",
      "/es/wishlist",
      "/es/chat",
      "/es/admin",
      "/es/admin/products",
      "/api/product/get-products",
      "/media/x.webp",
      "/assets/app.js",
      "/es/product/12.data",
      "/_root.data",
      "/shop",
      "/",
      "/fr/",
      "/es/shop/a/b/c",
      "/activate/x/y",
    ]) {
      expect(pageCacheKey(req(path)), path).toBeNull();
    }
  });
});

describe("PageCache bounds and invalidation", () => {
  const entry = (html: string, at = Date.now()) =>
    buildEntry(html, "", new Headers({ "Content-Type": "text/html" }), at);

  it("drops the least recently used page past the entry bound", () => {
    const cache = new PageCache({ maxEntries: 2, maxBytes: 1e9, maxAgeMs: 1e9 });
    cache.set("a", entry("a"), 0);
    cache.set("b", entry("b"), 0);
    expect(cache.get("a")).toBeDefined(); // a is now the most recent
    cache.set("c", entry("c"), 0);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
    expect(cache.size).toBe(2);
    expect(cache.stats.evictions).toBe(1);
  });

  it("stays under the byte bound and refuses a page larger than it", () => {
    const big = entry("x".repeat(20_000));
    const cache = new PageCache({ maxEntries: 100, maxBytes: big.bytes * 2 + 10, maxAgeMs: 1e9 });
    for (const key of ["a", "b", "c", "d"]) cache.set(key, entry("x".repeat(20_000)), 0);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(cache.options.maxBytes);
    // Kept compressed: a page that does not compress is what exceeds the bound.
    const noise = randomBytes(150_000).toString("base64");
    expect(cache.set("huge", entry(noise), 0)).toBe(false);
    expect(cache.get("huge")).toBeUndefined();
  });

  it("serves a page no longer than the maximum age", () => {
    let now = 1_000;
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9, maxAgeMs: 500, now: () => now });
    cache.set("a", entry("a", now), 0);
    now += 500;
    expect(cache.get("a")).toBeDefined();
    now += 1;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it("drops everything on invalidation, and does not keep a render that began before it", () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9, maxAgeMs: 1e9 });
    cache.set("a", entry("a"), cache.generation);
    const before = cache.generation;
    cache.invalidate();
    expect(cache.get("a")).toBeUndefined();
    expect(cache.bytes).toBe(0);
    expect(cache.set("b", entry("b"), before)).toBe(false);
    expect(cache.set("b", entry("b"), cache.generation)).toBe(true);
  });

  it("keeps nothing when turned off (PAGE_CACHE_MAX_ENTRIES=0)", () => {
    const cache = new PageCache({ maxEntries: 0, maxBytes: 1e9, maxAgeMs: 1e9 });
    expect(cache.set("a", entry("a"), 0)).toBe(false);
  });
});

describe("entries: nonce substitution, ETag and the precomputed deflate (issue 13 points 1, 5)", () => {
  const html = (nonce: string) =>
    `<!DOCTYPE html><html><head><script nonce="${nonce}">a()</script></head><body>${"<p>Arroz · ñandú</p>".repeat(500)}<script nonce="${nonce}" type="module">b()</script></body></html>`;

  it("keeps only the compressed page, and counts what it keeps", () => {
    const page = html("n0nce");
    const entry = buildEntry(page, "n0nce", new Headers(), 0);
    const kept = entry.deflated.reduce((n, piece) => n + piece.buffer.byteLength, 0);
    expect(kept).toBeLessThan(Buffer.byteLength(page) / 5); // no raw copy, no 16 KB zlib chunk behind a piece
    expect(entry.bytes).toBeGreaterThanOrEqual(entry.deflated.reduce((n, piece) => n + piece.length, 0));
  });

  it("replays the page with the current request's nonce, never the one it was rendered with", () => {
    const entry = buildEntry(html("OLDNONCE1234567890abcd=="), "OLDNONCE1234567890abcd==", new Headers(), 0);
    const served = entryHtml(entry, "NEWnonce0987654321zyxw==").toString("utf8");
    expect(served).toBe(html("NEWnonce0987654321zyxw=="));
    expect(served).not.toContain("OLDNONCE");
  });

  it("gives the same ETag whatever the nonce, and another one when the page differs", () => {
    const a = buildEntry(html("nonceA"), "nonceA", new Headers(), 0);
    const b = buildEntry(html("nonceB"), "nonceB", new Headers(), 0);
    const other = buildEntry(html("nonceC").replace("Arroz", "Frijoles"), "nonceC", new Headers(), 0);
    expect(a.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(a.etag).toBe(b.etag);
    expect(other.etag).not.toBe(a.etag);
  });

  it("the deflate stream with the nonce spliced in inflates to the page (zlib checks its Adler-32)", () => {
    const entry = buildEntry(html("renderNonce"), "renderNonce", new Headers(), 0);
    const nonce = newNonce();
    const deflated = entryDeflate(entry, nonce);
    expect(zlib.inflateSync(deflated).toString("utf8")).toBe(html(nonce));
    expect(deflated.length).toBeLessThan(Buffer.byteLength(html(nonce)) / 5);
    // A page without any nonce (none in its HTML) too.
    const plain = buildEntry("<p>hola</p>", "", new Headers(), 0);
    expect(zlib.inflateSync(entryDeflate(plain, nonce)).toString()).toBe("<p>hola</p>");
  });

  it("cuts a signed-in template at its nonces and names, telling a name in a script from one in the page", () => {
    const page = `<p title="Hola, NAME">Hola, NAME</p><script nonce="NONCE">enqueue("[\\"NAME\\"]")</script><b>NAME</b>`;
    const { parts, holes } = splitAtHoles(page, "NONCE", "NAME");
    expect(holes).toEqual(["name", "name", "nonce", "nameInScript", "name"]);
    expect(parts.join("|")).toBe(
      `<p title="Hola, |">Hola, |</p><script nonce="|">enqueue("[\\"|\\"]")</script><b>|</b>`,
    );
    const entry = buildEntry(page, "NONCE", new Headers(), 0, "NAME");
    const name = `Ana "<b>" & 'Ñ' \\ \u2028`;
    const served = `<p title="Hola, Ana &quot;&lt;b&gt;&quot; &amp; &#x27;Ñ&#x27; \\ \u2028">Hola, Ana &quot;&lt;b&gt;&quot; &amp; &#x27;Ñ&#x27; \\ \u2028</p><script nonce="n2">enqueue("[\\"Ana \\\\\\"\\u003cb\\u003e\\\\\\" \\u0026 'Ñ' \\\\\\\\ \\u2028\\"]")</script><b>Ana &quot;&lt;b&gt;&quot; &amp; &#x27;Ñ&#x27; \\ \u2028</b>`;
    expect(entryHtml(entry, "n2", name).toString("utf8")).toBe(served);
    expect(zlib.inflateSync(entryDeflate(entry, "n2", name)).toString("utf8")).toBe(served);
  });

  it("combines Adler-32 checksums as zlib does", () => {
    const a = Buffer.from("x".repeat(70_000) + "abc");
    const b = Buffer.from("Ñ".repeat(9_000));
    expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(adler32(Buffer.concat([a, b])));
    expect(adler32(Buffer.from("Wikipedia"))).toBe(0x11e60398);
  });

  // Issue 24 point 8: a gzip-only client (a proxy or CDN fetching from the origin) gets the kept
  // page as gzip built from the same stored pieces, no compression per request.
  it("the gzip stream with the nonce and a name spliced in gunzips to the page (zlib checks its CRC-32 and length)", () => {
    const entry = buildEntry(html("renderNonce"), "renderNonce", new Headers(), 0);
    const nonce = newNonce();
    const gzipped = entryGzip(entry, nonce);
    expect(gzipped.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(zlib.gunzipSync(gzipped).toString("utf8")).toBe(html(nonce));
    expect(gzipped.length - entryDeflate(entry, nonce).length).toBe(10 + 8 - 2 - 4);
    const page = `<b>NAME</b><script nonce="NONCE">x("NAME")</script>`;
    const template = buildEntry(page, "NONCE", new Headers(), 0, "NAME");
    expect(zlib.gunzipSync(entryGzip(template, "n3", "Ñandú")).toString("utf8")).toBe(
      `<b>Ñandú</b><script nonce="n3">x("Ñandú")</script>`,
    );
    expect(zlib.gunzipSync(entryGzip(buildEntry("", "", new Headers(), 0), nonce)).toString()).toBe("");
  });

  it("combines CRC-32 checksums as zlib does", () => {
    const a = Buffer.from("x".repeat(70_000) + "abc");
    const b = Buffer.from("Ñ".repeat(9_000));
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  });

  it("matches If-None-Match weakly, in lists and with *", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(null, 'W/"abc"')).toBe(false);
  });

  it("reads whether the client takes deflate", () => {
    expect(acceptsDeflate("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsDeflate("deflate;q=0.5")).toBe(true);
    expect(acceptsDeflate("gzip, deflate;q=0")).toBe(false);
    expect(acceptsDeflate("gzip, br")).toBe(false);
    expect(acceptsDeflate(null)).toBe(false);
    expect(pageEncodingFor("gzip, deflate, br")).toBe("deflate");
    expect(pageEncodingFor("gzip")).toBe("gzip");
    expect(pageEncodingFor("gzip;q=1.0, identity; q=0.5")).toBe("gzip");
    expect(pageEncodingFor("gzip;q=0, br")).toBeNull();
    expect(pageEncodingFor("")).toBeNull();
  });
});

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
    app.use("*", pageCacheMiddleware(cache));
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
