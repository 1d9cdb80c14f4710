import { beforeAll, describe, expect, it, vi } from "vitest";
import { appServerBuild } from "../../tests/support/app-build";
import { SHARED_PAGE_PATHS } from "../../tests/support/shared-pages";
import { sharedPagePaths, sharedPagePattern } from "./shared-pages";

vi.mock("~/app.css?url", () => ({ default: "/assets/app.css" }));

describe("the pages every visitor may share (page cache)", () => {
  let paths: string[];
  let pattern: RegExp;
  beforeAll(async () => {
    paths = sharedPagePaths((await appServerBuild()).routes);
    pattern = sharedPagePattern(paths);
  }, 120_000);

  it("are the route modules that declare it in their handle, each path once", () => {
    expect([...paths].sort()).toEqual([...SHARED_PAGE_PATHS].sort());
  });

  it("match the storefront's URLs and nothing personal", () => {
    const shared = ["/es", "/en/", "/es/shop", "/es/shop/alimentos/", "/en/shop/alimentos/granos", "/es/product/12"];
    shared.push("/es/home-products/deals", "/es/search", "/en/help-center", "/es/sell-with-us", "/en/about-us");
    for (const path of shared) expect(pattern.test(path), path).toBe(true);
    const personal = ["/es/cart", "/es/orders", "/es/account", "/es/admin", "/es/chat", "/es/checkout", "/fr/shop"];
    personal.push("/es/shop/a/b/c", "/es/product", "/es/productos", "/api/products", "/es/search/x");
    for (const path of personal) expect(pattern.test(path), path).toBe(false);
  });

  it("compose each route's full path from its parents", () => {
    const handle = { pageCache: "shared" };
    const routes = {
      root: { path: "", module: {} },
      lang: { path: ":lang", parentId: "root", module: {} },
      home: { parentId: "lang", module: { handle } },
      shop: { path: "shop/:cat", parentId: "lang", module: { handle } },
      cart: { path: "cart", parentId: "lang", module: { handle: { other: true } } },
    };
    expect(sharedPagePaths(routes)).toEqual([":lang", ":lang/shop/:cat"]);
  });
});
