import { type Page, expect, test } from "@playwright/test";
import {
  addToCartQuickly,
  apiRate,
  cup,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newSignedInShopper,
  pickProduct,
  t,
} from "./support";
import { signInStaff } from "./staff-sign-in";

// Exchange rate, coupons and newsletter in the back office (issue 12, point 5; D1, D2, D5, D25;
// spec §7.4, §8 Coupon). The suite shares one server and database: the rate test puts the original
// rate back in a `finally`, a few seconds after changing it.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };

async function setRate(page: Page, rate: string, source: string) {
  await gotoHydrated(page, "/es/admin/rates");
  await page.getByLabel(t("es", "admin.rates.field.rate")).fill(rate);
  await page.getByLabel(t("es", "admin.rates.field.source")).fill(source);
  await page.getByRole("button", { name: t("es", "admin.rates.submit") }).click();
  await expect(page.getByRole("status").filter({ hasText: t("es", "admin.rates.saved") })).toBeVisible();
}

test.describe("exchange rate (issue 12, point 5; D2)", () => {
  test("es: a new rate shows in the history and the storefront's CUP prices follow at once", async ({
    page,
    context,
  }) => {
    const original = await apiRate(page.request);
    const product = await pickProduct(page.request, "with a price", (p) => p.price > 1);
    await signInStaff(page, OPERATOR, "es");

    // A bad rate is refused beside its field, with what was typed kept.
    await gotoHydrated(page, "/es/admin/rates");
    await page.getByLabel(t("es", "admin.rates.field.rate")).fill("390,123");
    await page.getByRole("button", { name: t("es", "admin.rates.submit") }).click();
    await expect(page.locator("#rate-rate-error")).toContainText(
      t("es", "admin.rates.errors.rate", { min: 1, max: 100000 }),
    );
    await expect(page.getByLabel(t("es", "admin.rates.field.rate"))).toHaveValue("390,123");

    const next = Math.round(original * 100 + 735) / 100; // original + 7.35
    const nextText = next.toFixed(2);
    try {
      await setRate(page, nextText, "elTOQUE (e2e)");
      const history = page.getByRole("table", { name: t("es", "admin.rates.historyCaption") });
      await expect(history.getByRole("row").nth(1)).toContainText("elTOQUE (e2e)");
      await expect(history.getByRole("row").nth(1)).toContainText(OPERATOR.email);
      expect(await apiRate(page.request)).toBe(next);

      // D5: the currency cookie picks CUP; the product page is rendered with the new rate.
      await context.addCookies([{ name: "currency", value: "CUP", url: new URL("/", page.url()).href }]);
      await gotoHydrated(page, `/es/product/${product.id}`);
      await expect(page.getByRole("main").getByText(cup(product.price, next)).first()).toBeVisible();
    } finally {
      await setRate(page, original.toFixed(2), "Tasa restaurada (e2e)");
    }
    expect(await apiRate(page.request)).toBe(original);
  });
});

test.describe("coupons (issue 12, point 5; §8 Coupon)", () => {
  test("en: the operator creates a coupon, a shopper applies it at checkout, and the list counts nothing used yet", async ({
    browser,
  }) => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const operatorContext = await browser.newContext();
    const admin = await operatorContext.newPage();
    await signInStaff(admin, OPERATOR, "en");
    await gotoHydrated(admin, "/en/admin/coupons/new");
    const form = admin.getByRole("main");
    await form.getByLabel(t("en", "admin.coupons.field.code"), { exact: true }).fill(code);
    await form.getByLabel(t("en", "admin.coupons.field.percent")).fill("150");
    await admin.getByRole("button", { name: t("en", "admin.coupons.create") }).click();
    // Refused beside the field; the code typed is kept.
    await expect(admin.locator("#coupon-percent-error")).toContainText(t("en", "admin.coupons.errors.percent"));
    await expect(form.getByLabel(t("en", "admin.coupons.field.code"), { exact: true })).toHaveValue(code);
    await form.getByLabel(t("en", "admin.coupons.field.percent")).fill("20");
    await form.getByLabel(t("en", "admin.coupons.field.maxUses")).fill("5");
    await admin.getByRole("button", { name: t("en", "admin.coupons.create") }).click();
    await expect(admin.getByRole("status").filter({ hasText: t("en", "admin.coupons.created") })).toBeVisible();
    const row = admin.getByRole("row").filter({ hasText: code });
    await expect(row).toContainText("20%");
    await expect(row).toContainText(t("en", "admin.coupons.usesOf", { uses: 0, max: 5 }));
    await expect(row).toContainText(t("en", "admin.coupons.status.active"));
    await operatorContext.close();

    const shopperContext = await browser.newContext();
    const page = await shopperContext.newPage();
    await newSignedInShopper(page, "cupon-admin", "en");
    const product = await pickProduct(page.request, "in stock", (p) => p.quantity >= 5 && p.price < 20, "en");
    await addToCartQuickly(page, product.id, 2, "en");
    await gotoHydrated(page, "/en/checkout");
    const box = page.getByRole("region", { name: t("en", "checkout.page.summary.title") });
    await box.getByRole("textbox", { name: t("en", "checkout.page.coupon.label") }).fill(code.toLowerCase());
    await box.getByRole("button", { name: t("en", "checkout.page.coupon.apply") }).click();
    await expect(box.getByRole("status").locator("p")).toHaveText(t("en", "coupons.applied"));
    await expect(box).toContainText(t("en", "checkout.page.summary.discount", { name: code }));
    await shopperContext.close();
  });
});

test.describe("newsletter (issue 12, point 5; D25)", () => {
  test("es: the count and the CSV download", async ({ page }) => {
    const email = `boletin-${Date.now().toString(36)}@example.com`;
    const subscribe = await page.request.post("/api/newsletter/subscribe", { data: { email } });
    expect(subscribe.ok()).toBe(true);
    await signInStaff(page, OPERATOR, "es");
    await gotoHydrated(page, "/es/admin/newsletter");
    await expect(page.getByRole("heading", { level: 1, name: t("es", "admin.newsletter.title") })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: t("es", "admin.newsletter.download") }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
    const res = await page.request.get("/es/admin/newsletter.csv");
    expect(res.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe("email,language,subscribed_at");
    expect(lines.some((line) => line.startsWith(`${email},es,`))).toBe(true);
  });
});

for (const [width, height] of [
  [360, 740],
  [1280, 800],
] as const) {
  test(`axe at ${width} px: rates, coupons, new and edit coupon, newsletter`, async ({ page }) => {
    test.setTimeout(90_000); // five pages, each checked by axe, on a shared machine
    await page.setViewportSize({ width, height });
    await signInStaff(page, OPERATOR, "es");
    for (const path of ["/es/admin/rates", "/es/admin/coupons", "/es/admin/coupons/new", "/es/admin/newsletter"]) {
      await gotoHydrated(page, path);
      await expectNoSeriousA11yViolations(page);
      if (process.env.E2E_SCREENSHOT_DIR) {
        await page.screenshot({
          path: `${process.env.E2E_SCREENSHOT_DIR}/money-${path.split("/").slice(3).join("-")}-${width}.png`,
          fullPage: true,
        });
      }
    }
    await gotoHydrated(page, "/es/admin/coupons");
    await page.getByRole("link", { name: t("es", "admin.coupons.editLink", { code: "BIENVENIDO10" }) }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: t("es", "admin.coupons.editTitle", { code: "BIENVENIDO10" }) }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (process.env.E2E_SCREENSHOT_DIR) {
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOT_DIR}/money-coupon-edit-${width}.png`,
        fullPage: true,
      });
    }
  });
}
