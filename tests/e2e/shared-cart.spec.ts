import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import {
  type ApiCard,
  LANGS,
  type Lang,
  addToCartQuickly,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newSignedInShopper,
  pickProduct,
  t,
} from "./support";

// Issue 26 point 3, shareable cart: shopper A shares a cart, shopper B (another browser context)
// opens the link and adds it all to their own cart; with and without JavaScript, at 360 px, axe on
// the shared cart page. Each test signs in fresh accounts: the tests run in parallel on one database.

const PHONE = { width: 360, height: 760 };

async function twoProducts(page: Page, lang: Lang): Promise<[ApiCard, ApiCard]> {
  const first = await pickProduct(page.request, "with 3 or more in stock", (p) => p.quantity >= 3, lang);
  const second = await pickProduct(
    page.request,
    "another with 3 or more in stock",
    (p) => p.quantity >= 3 && p.id !== first.id,
    lang,
  );
  return [first, second];
}

async function shopperContext(browser: Browser, javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled, viewport: PHONE });
}

/** Shopper A's cart page: share it and read the link shown. */
async function shareFromCart(page: Page, lang: Lang, hydrated: boolean): Promise<string> {
  if (hydrated) await gotoHydrated(page, `/${lang}/cart`);
  else await page.goto(`/${lang}/cart`);
  await page.getByRole("button", { name: t(lang, "sharedCart.share.button") }).click();
  const link = page.getByRole("textbox", { name: t(lang, "sharedCart.share.link") });
  await expect(link).toBeVisible();
  const url = await link.inputValue();
  expect(url).toMatch(new RegExp(`/${lang}/cart/shared/[A-Za-z0-9_-]{22}$`));
  return new URL(url).pathname;
}

for (const lang of LANGS) {
  test.describe(`shared cart (${lang})`, () => {
    test(`issue 26 point 3 (${lang}): A shares a cart, B opens the link and adds it all to their own cart`, async ({
      browser,
    }) => {
      test.slow();
      const contextA = await shopperContext(browser, true);
      const contextB = await shopperContext(browser, true);
      const a = await contextA.newPage();
      const b = await contextB.newPage();
      await newSignedInShopper(a, "comparte", lang);
      await newSignedInShopper(b, "recibe", lang);
      const [first, second] = await twoProducts(a, lang);
      await addToCartQuickly(a, first.id, 2, lang);
      await addToCartQuickly(a, second.id, 1, lang);

      const path = await shareFromCart(a, lang, true);
      // With JavaScript the link comes with a copy button.
      await expect(a.getByRole("button", { name: t(lang, "sharedCart.share.copy") })).toBeVisible();

      await gotoHydrated(b, path);
      await expect(b.getByRole("heading", { level: 1, name: t(lang, "sharedCart.title") })).toBeVisible();
      await expect(b.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      const lines = b.getByRole("region", { name: t(lang, "sharedCart.lines") }).getByRole("article");
      await expect(lines).toHaveCount(2);
      await expect(b.getByRole("article", { name: first.display_name })).toContainText(
        t(lang, "sharedCart.quantity", { count: 2 }),
      );
      // 360 px: nothing wider than the screen.
      expect(await b.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoSeriousA11yViolations(b);

      await b.getByRole("button", { name: t(lang, "sharedCart.addAll") }).click();
      await expect(b.locator("[data-add-all-result]")).toContainText(
        t(lang, "sharedCart.result.added_other", { count: 2 }),
      );
      await b.getByRole("link", { name: t(lang, "sharedCart.viewCart") }).click();
      await expect(b).toHaveURL(new RegExp(`/${lang}/cart$`));
      await expect(b.getByRole("article", { name: first.display_name, exact: true })).toBeVisible();
      await expect(b.getByRole("article", { name: second.display_name, exact: true })).toBeVisible();
      await contextA.close();
      await contextB.close();
    });

    test(`issue 26 point 3 (${lang}): sharing and adding all work without JavaScript`, async ({ browser }) => {
      test.slow();
      const contextA = await shopperContext(browser, false);
      const contextB = await shopperContext(browser, false);
      const a = await contextA.newPage();
      const b = await contextB.newPage();
      await newSignedInShopper(a, "comparte", lang);
      await newSignedInShopper(b, "recibe", lang);
      const [first] = await twoProducts(a, lang);
      await addToCartQuickly(a, first.id, 1, lang);

      const path = await shareFromCart(a, lang, false);
      // Without JavaScript the link is selectable text, with a hint and no copy button.
      await expect(a.getByText(t(lang, "sharedCart.share.selectHint"))).toBeVisible();
      await expect(a.getByRole("button", { name: t(lang, "sharedCart.share.copy") })).toHaveCount(0);

      await b.goto(path);
      await expect(b.getByRole("article", { name: first.display_name })).toBeVisible();
      await b.getByRole("button", { name: t(lang, "sharedCart.addAll") }).click();
      await expect(b.locator("[data-add-all-result]")).toContainText(
        t(lang, "sharedCart.result.added_one", { count: 1 }),
      );
      await b.goto(`/${lang}/cart`);
      await expect(b.getByRole("article", { name: first.display_name, exact: true })).toBeVisible();
      await contextA.close();
      await contextB.close();
    });

    test(`issue 26 point 3 (${lang}): an unknown link is a clear 404 page with a way to the shop`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      const response = await page.goto(`/${lang}/cart/shared/AAAAAAAAAAAAAAAAAAAAAA`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: t(lang, "sharedCart.unknown.title") })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("link", { name: t(lang, "sharedCart.toShop") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/shop$`));
    });
  });
}
