import { gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

/** HTTP hygiene of the pages: security headers and compression. */

test.describe("security headers on /es/", () => {
  test("content security policy, nosniff, framing forbidden", async ({ request }) => {
    const response = await request.get("/es/");
    expect(response.status()).toBe(200);
    const headers = response.headers();

    const csp = headers["content-security-policy"];
    expect(csp, "a Content-Security-Policy header").toBeTruthy();
    const directives = Object.fromEntries(
      csp.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(directives["default-src"]).toEqual(["'self'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'self'"]);
    // Scripts only from the site itself (inline hydration data aside): no wildcard, no remote host.
    expect(directives["script-src"]).toContain("'self'");
    for (const source of directives["script-src"])
      expect(source).toMatch(/^'(self|unsafe-inline|nonce-[^']+|sha\d+-[^']+)'$/);

    expect(headers["x-content-type-options"]).toBe("nosniff");
    const frameAncestors = directives["frame-ancestors"];
    const xFrame = headers["x-frame-options"]?.toUpperCase();
    expect(
      (frameAncestors && (frameAncestors.includes("'none'") || frameAncestors.includes("'self'"))) ||
        xFrame === "DENY" ||
        xFrame === "SAMEORIGIN",
      `frame-ancestors ${frameAncestors} / x-frame-options ${xFrame}`,
    ).toBe(true);
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["content-type"]).toMatch(/^text\/html/);
  });

  for (const path of ["/es/", "/en/search?q=arroz&category=all"]) {
    test(`${path} runs without CSP violations, console errors or failed requests`, async ({ page }) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || /Content Security Policy|Refused to/i.test(message.text())) {
          problems.push(`console ${message.type()}: ${message.text()}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("requestfailed", (request) => problems.push(`failed: ${request.url()}`));
      page.on("response", (response) => {
        if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
      });
      await page.goto(path);
      await page.waitForFunction(
        () => document.querySelector<HTMLFormElement>("#newsletter form")?.noValidate === true,
      );
      // Bring the lazy images into view, then let them load.
      await page.keyboard.press("End");
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    });
  }

  test("the REST API and 404 pages carry the headers too", async ({ request }) => {
    for (const path of ["/api/category/categories", "/es/no-such-page"]) {
      const response = await request.get(path);
      expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
      expect(response.headers()["content-security-policy"], path).toContain("default-src 'self'");
    }
  });
});

// A HEAD carries GET's headers (RFC 9110 §9.3.2): app/entry.server.tsx sets Content-Type first.
test("HEAD /es/ answers with the same status and content type as GET", async ({ request }) => {
  const get = await request.get("/es/");
  const head = await request.head("/es/");
  expect(head.status()).toBe(get.status());
  expect(head.headers()["content-type"]).toBe(get.headers()["content-type"]);
});

test.describe("compression", () => {
  test("HTML is gzip-compressed when the client accepts gzip", async ({ playwright, baseURL }) => {
    // A bare request context: no automatic decompression hides what came over the wire.
    const api = await playwright.request.newContext({ baseURL });
    const response = await api.fetch("/es/", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toBe("gzip");
    const raw = await response.body();
    // Playwright hands back the decoded body; gzip's magic number means it did not decode it.
    const html = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw).toString("utf8") : raw.toString("utf8");
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('<html lang="es">');
    await api.dispose();
  });

  test("no compression when the client does not ask for it", async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    const response = await api.fetch("/es/", { headers: { "Accept-Encoding": "identity" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toBeUndefined();
    expect(await response.text()).toContain('<html lang="es">');
    await api.dispose();
  });

  test("built assets are compressed and cached for good", async ({ request }) => {
    const html = await (await request.get("/es/")).text();
    const css = html.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(css, "a stylesheet link").toBeTruthy();
    const response = await request.get(css!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-encoding"]).toBe("gzip");
    expect(response.headers()["cache-control"]).toContain("immutable");
  });
});
