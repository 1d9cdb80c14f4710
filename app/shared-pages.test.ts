import { describe, expect, it } from "vitest";
import routes from "./routes";
import { SHARED_PAGES, SHARED_PAGE_PATH } from "./shared-pages";

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };

describe("the pages every visitor may share (page cache)", () => {
  it("are routes of app/routes.ts under /:lang, each path declared once", () => {
    const lang = (routes as Entry[]).find((r) => r.path === ":lang");
    const paths = (lang?.children ?? []).map((r) => r.path);
    for (const path of Object.values(SHARED_PAGES))
      expect(
        paths.filter((p) => p === path),
        path,
      ).toHaveLength(1);
  });

  it("match the storefront's URLs and nothing personal", () => {
    const shared = ["/es", "/en/", "/es/shop", "/es/shop/alimentos/", "/en/shop/alimentos/granos", "/es/product/12"];
    shared.push("/es/home-products/deals", "/es/search", "/en/help-center", "/es/sell-with-us", "/en/about-us");
    for (const path of shared) expect(SHARED_PAGE_PATH.test(path), path).toBe(true);
    const personal = ["/es/cart", "/es/orders", "/es/account", "/es/admin", "/es/chat", "/es/checkout", "/fr/shop"];
    personal.push("/es/shop/a/b/c", "/es/product", "/es/productos", "/api/products", "/es/search/x");
    for (const path of personal) expect(SHARED_PAGE_PATH.test(path), path).toBe(false);
  });
});
