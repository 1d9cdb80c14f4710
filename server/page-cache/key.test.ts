import { describe, expect, it } from "vitest";
import { pageCacheKey } from "./key";
import { SHARED_PAGES } from "../../tests/support/shared-pages";

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
      expect(pageCacheKey(req(path), SHARED_PAGES), path).toBe(`${path}|USD||---`);
    }
    expect(pageCacheKey(req("/es/", {}, "HEAD"), SHARED_PAGES)).toBe("/es/|USD||---");
  });

  it("puts the currency cookie (D5) and the User-Agent's class in the key", () => {
    expect(pageCacheKey(req("/es/", { Cookie: "currency=CUP" }), SHARED_PAGES)).toBe("/es/|CUP||---");
    expect(pageCacheKey(req("/es/", { Cookie: "currency=USD" }), SHARED_PAGES)).toBe("/es/|USD||---");
    // A value the pages do not know reads as USD, as getCurrencyPreference reads it.
    expect(pageCacheKey(req("/es/", { Cookie: "currency=EUR" }), SHARED_PAGES)).toBe("/es/|USD||---");
    expect(pageCacheKey(req("/es/", { "User-Agent": ANDROID }), SHARED_PAGES)).toBe("/es/|USD||ma-");
    expect(pageCacheKey(req("/es/", { "User-Agent": GOOGLEBOT }), SHARED_PAGES)).toBe("/es/|USD||--b");
    expect(pageCacheKey(new Request("http://localhost/es/"), SHARED_PAGES)).toBe("/es/|USD||---");
  });

  it("puts the chosen delivery municipality (the zone cookie) in the key; a malformed one reads as one unknown choice", () => {
    expect(pageCacheKey(req("/es/", { Cookie: "zone=playa" }), SHARED_PAGES)).toBe("/es/|USD|playa|---");
    expect(pageCacheKey(req("/es/", { Cookie: "currency=CUP; zone=cerro" }), SHARED_PAGES)).toBe("/es/|CUP|cerro|---");
    expect(pageCacheKey(req("/es/", { Cookie: "zone=%3Cscript%3E" }), SHARED_PAGES)).toBe("/es/|USD|?|---");
    expect(pageCacheKey(req("/es/", { Cookie: "zone=playa; access=abc" }), SHARED_PAGES)).toBeNull();
  });

  it("issue 26 point 7: a data-saver page has its own key, from the data_saver cookie or else Save-Data: on", () => {
    expect(pageCacheKey(req("/es/", { "Save-Data": "on" }), SHARED_PAGES)).toBe("/es/|USD||---|ds");
    expect(pageCacheKey(req("/es/", { Cookie: "data_saver=on" }), SHARED_PAGES)).toBe("/es/|USD||---|ds");
    expect(pageCacheKey(req("/es/", { Cookie: "data_saver=off", "Save-Data": "on" }), SHARED_PAGES)).toBe(
      "/es/|USD||---",
    );
    expect(pageCacheKey(req("/es/", { Cookie: "data_saver=off" }), SHARED_PAGES)).toBe("/es/|USD||---");
    expect(pageCacheKey(req("/es/", { Cookie: "currency=CUP; data_saver=on; zone=playa" }), SHARED_PAGES)).toBe(
      "/es/|CUP|playa|---|ds",
    );
    expect(pageCacheKey(req("/es/", { Cookie: "data_saver=on; access=abc" }), SHARED_PAGES)).toBeNull();
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
      expect(pageCacheKey(req("/es/", { Cookie: cookie }), SHARED_PAGES), cookie).toBeNull();
    }
    expect(pageCacheKey(req("/es/", { Authorization: "JWT abc" }), SHARED_PAGES)).toBeNull();
  });

  it("leaves posts, account, cart, checkout, admin, API, media, assets and client data alone", () => {
    expect(pageCacheKey(req("/es/", {}, "POST"), SHARED_PAGES)).toBeNull();
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
      expect(pageCacheKey(req(path), SHARED_PAGES), path).toBeNull();
    }
  });
});
