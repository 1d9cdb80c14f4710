import { expect, test } from "@playwright/test";

// Spec §2.1 route rules: language prefix, unprefixed redirects, reserved account routes, 404.
test.describe("route rules (§2.1)", () => {
  const redirects: Array<[string, string]> = [
    ["/", "/es/"],
    ["/login", "/es/login"],
    ["/signup", "/es/signup"],
    ["/search?q=arroz&category=all", "/es/search?q=arroz&category=all"],
    ["/cart", "/es/cart"],
    ["/checkout", "/es/checkout"],
    ["/orders", "/es/orders"],
    ["/account", "/es/account"],
    ["/wishlist", "/es/wishlist"],
    ["/about-us", "/es/about-us"],
    ["/privacy-policy", "/es/privacy-policy"],
    ["/help-center", "/es/help-center"],
    ["/terms-of-service", "/es/terms-of-service"],
    ["/sell-with-us", "/es/sell-with-us"],
    ["/chat", "/es/chat"],
    ["/home-products/new-arrivals", "/es/home-products/new-arrivals"],
    ["/auth/social-callback?code=x&state=y", "/es/auth/social-callback?code=x&state=y"],
    ["/shop", "/es/shop"],
    ["/shop/alimentos", "/es/shop"],
    ["/shop/alimentos/granos", "/es/shop"],
  ];
  for (const [from, to] of redirects) {
    test(`${from} redirects to ${to}`, async ({ request }) => {
      const res = await request.get(from, { maxRedirects: 0 });
      expect([301, 302, 307, 308]).toContain(res.status());
      expect(
        new URL(res.headers()["location"]!, "http://x").pathname +
          new URL(res.headers()["location"]!, "http://x").search,
      ).toBe(to);
    });
  }

  for (const path of ["/activate/MQ/abc-123", "/reset_password", "/password/reset/confirm/MQ/abc-123"]) {
    test(`${path} is an account page without a language prefix: not redirected`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(200);
      expect(res.headers()["location"]).toBeUndefined();
      expect(await res.text()).toMatch(/<form[^>]+method="post"/);
    });
  }

  for (const path of ["/no-such-page", "/es/no-such-page", "/fr/", "/ES/", "/es/shop/a/b/c/d"]) {
    test(`${path} shows the 404 page with status 404`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/404|no encontrada|not found/i);
      await expect(page.getByRole("link", { name: /inicio|home/i }).first()).toBeVisible();
    });
  }

  test("the 404 page is kept out of search engines: noindex, no canonical, no alternates", async ({ page }) => {
    const res = await page.goto("/es/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator('link[rel="canonical"], link[rel="alternate"][hreflang]')).toHaveCount(0);
  });

  test("/es (no trailing slash) is the home page and declares /es/ canonical", async ({ page, baseURL }) => {
    const res = await page.goto("/es");
    expect(res?.status()).toBe(200);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new URL("/es/", baseURL).href);
  });

  test("the 404 page speaks English under /en/", async ({ page }) => {
    const res = await page.goto("/en/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
  });

  test("sitemap.xml and robots.txt exist", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const xml = await sitemap.text();
    expect(xml).toContain("/es/shop/");
    expect(xml).toContain("/en/product/");
    expect(xml).toContain('hreflang="en"');
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  });
});
