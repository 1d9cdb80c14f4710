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
    ]) {
      expect(safeRedirectPath(bad, "/es/")).toBe("/es/");
    }
  });
});

describe("withSearchParam", () => {
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
