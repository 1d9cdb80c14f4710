import { describe, expect, it } from "vitest";
import { isCrossSite } from "./session";

const PUBLIC_URL = "https://tienda.example";
const post = (headers: Record<string, string>, url = "https://tienda.example/es/login") =>
  new Request(url, { method: "POST", headers });

describe("isCrossSite (issue 4: cross-site form posts are refused)", () => {
  it("trusts Sec-Fetch-Site when the browser sends it", () => {
    expect(isCrossSite(post({ "Sec-Fetch-Site": "same-origin" }), PUBLIC_URL)).toBe(false);
    expect(isCrossSite(post({ "Sec-Fetch-Site": "none" }), PUBLIC_URL)).toBe(false);
    expect(isCrossSite(post({ "Sec-Fetch-Site": "cross-site" }), PUBLIC_URL)).toBe(true);
    expect(isCrossSite(post({ "Sec-Fetch-Site": "same-site" }), PUBLIC_URL)).toBe(true);
    // A matching Origin does not rescue a request the browser itself calls cross-site.
    expect(isCrossSite(post({ "Sec-Fetch-Site": "cross-site", Origin: PUBLIC_URL }), PUBLIC_URL)).toBe(true);
  });

  it("falls back to Origin: this site (request or PUBLIC_URL) passes, another or 'null' does not", () => {
    expect(isCrossSite(post({ Origin: "https://tienda.example" }), PUBLIC_URL)).toBe(false);
    expect(isCrossSite(post({ Origin: "http://10.0.0.5:3000" }, "http://10.0.0.5:3000/es/login"), PUBLIC_URL)).toBe(
      false,
    );
    expect(isCrossSite(post({ Origin: "https://evil.example" }), PUBLIC_URL)).toBe(true);
    expect(isCrossSite(post({ Origin: "null" }), PUBLIC_URL)).toBe(true);
  });

  it("lets through a request with neither header and no session (not a browser form: curl, a sign-in)", () => {
    expect(isCrossSite(post({}), PUBLIC_URL)).toBe(false);
    expect(isCrossSite(post({ Cookie: "currency=CUP" }), PUBLIC_URL)).toBe(false);
  });

  it("issue 22 point 6: refuses a cookie-authenticated request with neither header", () => {
    expect(isCrossSite(post({ Cookie: "access=abc" }), PUBLIC_URL)).toBe(true);
    expect(isCrossSite(post({ Cookie: "currency=CUP; refresh=def" }), PUBLIC_URL)).toBe(true);
    // Either header, as every browser sends, decides as above.
    expect(isCrossSite(post({ Cookie: "access=abc", Origin: PUBLIC_URL }), PUBLIC_URL)).toBe(false);
    expect(isCrossSite(post({ Cookie: "access=abc", "Sec-Fetch-Site": "same-origin" }), PUBLIC_URL)).toBe(false);
  });
});
