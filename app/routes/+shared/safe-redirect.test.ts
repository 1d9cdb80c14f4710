import { describe, expect, it } from "vitest";
import { isDocumentRequest, safeRedirectPath, withSearchParam } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("accepts same-site paths", () => {
    expect(safeRedirectPath("/es/search?q=a", "/es/")).toBe("/es/search?q=a");
  });
  it("refuses other sites and junk", () => {
    for (const bad of [
      "//evil.com",
      "/\t/evil.com",
      "/\\evil.com",
      "https://evil.com",
      "javascript:alert(1)",
      "",
      "es/",
      null,
      // issue 9: normalised before the check, so dot segments cannot rebuild `//host`.
      "/.//evil.example",
      "/./\\evil.example",
      "/es/..//evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      " javascript:alert(1)",
      "/\\/evil.example",
    ]) {
      expect(safeRedirectPath(bad, "/es/")).toBe("/es/");
    }
  });
});

describe("safeRedirectPath percent-encodes (issue 9)", () => {
  it("gives an ASCII-only path a Location header can carry", () => {
    expect(safeRedirectPath("/es/日", "/es/")).toBe("/es/%E6%97%A5");
    expect(safeRedirectPath("/es/search?q=¿café?", "/es/")).toBe("/es/search?q=%C2%BFcaf%C3%A9?");
    for (const path of ["/es/日", "/es/search?q=¿café?#x y"]) {
      expect(() => new Headers({ Location: safeRedirectPath(path, "/es/") })).not.toThrow();
      expect(safeRedirectPath(path, "/es/")).toMatch(/^[\x21-\x7e]+$/);
    }
  });
  it("resolves dot segments within the site", () => {
    expect(safeRedirectPath("/es/./cart/../wishlist", "/x")).toBe("/es/wishlist");
    expect(safeRedirectPath("/../../es/cart", "/x")).toBe("/es/cart");
  });
});

describe("withSearchParam", () => {
  it("cannot be turned into another site by its input", () => {
    expect(withSearchParam("/.//evil.example", "newsletter", "thanks")).toBe("/?newsletter=thanks");
    expect(withSearchParam("/es/日", "newsletter", "¿")).toBe("/es/%E6%97%A5?newsletter=%C2%BF");
  });
  it("sets one parameter and keeps the others", () => {
    expect(withSearchParam("/es/search?q=a", "newsletter", "thanks")).toBe("/es/search?q=a&newsletter=thanks");
    expect(withSearchParam("/es/?newsletter=invalid", "newsletter", "thanks")).toBe("/es/?newsletter=thanks");
  });
});

describe("isDocumentRequest", () => {
  it("tells a browser form post from a fetch", () => {
    expect(
      isDocumentRequest(new Request("http://x/", { headers: { Accept: "text/html,application/xhtml+xml" } })),
    ).toBe(true);
    expect(isDocumentRequest(new Request("http://x/", { headers: { Accept: "*/*" } }))).toBe(false);
  });
});

describe("home's canonical URL", () => {
  it("turns a bare /{lang} (as useLocation reports /es/) into /{lang}/", () => {
    expect(safeRedirectPath("/es", "/x")).toBe("/es/");
    expect(safeRedirectPath("/en?currency=1", "/x")).toBe("/en/?currency=1");
    expect(safeRedirectPath("/es/search?q=a", "/x")).toBe("/es/search?q=a");
    expect(safeRedirectPath("/esx", "/x")).toBe("/esx");
    expect(withSearchParam("/es", "newsletter", "thanks")).toBe("/es/?newsletter=thanks");
  });
});
