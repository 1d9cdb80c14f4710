import { describe, expect, it } from "vitest";
import { createT } from "~/i18n/i18n";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import { safeReturnPath } from "~/utils/offline-page";
import {
  cacheNames,
  documentUrlOfData,
  isCacheablePage,
  isNeverCached,
  isSignOut,
  languageOf,
  markFromCache,
  outdatedCaches,
} from "./cache-rules";
import { webManifest } from "./web-manifest";

const PUBLIC = {
  status: 200,
  contentType: "text/html; charset=utf-8",
  cacheControl: "public, max-age=0, must-revalidate",
};

describe("issue 13.3: what the service worker may store for reading offline", () => {
  it("stores an anonymous catalogue page the server marked public", () => {
    for (const path of ["/es/", "/en/shop/alimentos", "/es/product/12", "/es/search", "/en/about-us"]) {
      expect(isCacheablePage(path, PUBLIC), path).toBe(true);
    }
  });

  it("never stores a page marked private or no-store, or one without Cache-Control (maybe signed in)", () => {
    for (const cacheControl of ["private, no-store", "private", "no-store", "public, no-store", null, "max-age=0"]) {
      expect(isCacheablePage("/es/product/12", { ...PUBLIC, cacheControl }), String(cacheControl)).toBe(false);
    }
  });

  it("never stores an error, a redirect or something that is not a page", () => {
    expect(isCacheablePage("/es/product/12", { ...PUBLIC, status: 404 })).toBe(false);
    expect(isCacheablePage("/es/product/12", { ...PUBLIC, status: 0 })).toBe(false);
    expect(isCacheablePage("/es/product/12", { ...PUBLIC, contentType: "application/json" })).toBe(false);
  });

  it("never stores personal pages, the API, auth calls or the back office, whatever their headers", () => {
    const personal = [
      "/api/product/latest",
      "/auth/jwt/create/",
      "/es/account",
      "/es/cart",
      "/en/cart/add",
      "/es/checkout",
      "/es/orders",
      "/es/orders/abc/invoice",
      "/en/wishlist",
      "/es/admin",
      "/en/admin/products/1",
      "/es/login",
      "/es/signup",
      "/es/chat",
      "/es/auth/social-callback",
      "/es/recently-viewed",
      "/activate/MQ/x",
      "/reset_password",
      "/es/cart.data",
      "/es/account.data",
    ];
    for (const path of personal) {
      expect(isNeverCached(path), path).toBe(true);
      expect(isCacheablePage(path, PUBLIC), path).toBe(false);
    }
    // A product whose name starts like a personal page is still a product.
    expect(isNeverCached("/es/shop/carteras")).toBe(false);
    expect(isNeverCached("/es/product/cart-9")).toBe(false);
  });

  it("a failed client navigation's data request maps back to its page", () => {
    const at = (path: string) => documentUrlOfData(new URL(path, "http://x"));
    expect(at("/es/shop/alimentos.data?_routes=routes%2Fcategory")).toBe("/es/shop/alimentos");
    expect(at("/es/search.data?q=arroz&_routes=x&page=2")).toBe("/es/search?q=arroz&page=2");
    expect(at("/es.data")).toBe("/es/");
    expect(at("/en.data")).toBe("/en/");
  });

  it("the offline page speaks the URL's language", () => {
    expect(languageOf("/en/product/3")).toBe("en");
    expect(languageOf("/en")).toBe("en");
    expect(languageOf("/es/shop")).toBe("es");
    expect(languageOf("/entrada")).toBe("es");
    expect(languageOf("/")).toBe("es");
  });

  it("the offline page's retry link stays on this site", () => {
    expect(safeReturnPath("/es/product/3?x=1")).toBe("/es/product/3?x=1");
    for (const bad of [null, "", "//evil.example/x", "https://evil.example", "/\\evil.example", "/es/offline"]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });

  it("signing out (page form or its data request) is recognised; other posts are not", () => {
    expect(isSignOut("POST", "/es/logout")).toBe(true);
    expect(isSignOut("POST", "/en/logout.data")).toBe(true);
    expect(isSignOut("GET", "/es/logout")).toBe(false);
    expect(isSignOut("POST", "/es/login")).toBe(false);
  });

  it("a new build's caches replace the old build's ones; other caches are left alone", () => {
    const old = Object.values(cacheNames("aaa"));
    const current = Object.values(cacheNames("bbb"));
    const existing = [...old, ...current, "serwist-precache-v2-http://x/", "someone-else"];
    expect(outdatedCaches(existing, "bbb").sort()).toEqual([...old].sort());
  });

  it("a stored page is marked so the notice can say its prices may be out of date", () => {
    expect(markFromCache('<!DOCTYPE html><html lang="es"><head>')).toBe(
      '<!DOCTYPE html><html data-offline-copy="" lang="es"><head>',
    );
  });
});

describe("issue 13.3: the web app manifest", () => {
  it("names the shop and starts on the language's home page, installable with 192, 512 and maskable icons", () => {
    for (const [lang, messages] of [
      ["es", es],
      ["en", en],
    ] as const) {
      const manifest = webManifest(lang, createT(messages, lang));
      expect(manifest.name).toBe(messages["site.name"]);
      expect(manifest.start_url).toBe(`/${lang}/`);
      expect(manifest.display).toBe("standalone");
      expect(manifest.lang).toBe(lang);
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
      const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
      expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    }
  });
});
