import { type BrowserContext, type Page, expect, test } from "@playwright/test";
import { LANGS, type Lang, expectNoSeriousA11yViolations, gotoHydrated, t } from "./support";

// Issue 26 point 7: "Ahorro de datos". A light page sends no app script, shows a placeholder for every
// image until a tap, and prefetches nothing; a first visit to the home page weighs at most 60 KB.

const HOME_BUDGET = 60 * 1024;

/** Bytes on the wire of every response of a first visit to `path` (Chromium's own count). */
async function firstVisitBytes(context: BrowserContext, path: string): Promise<{ total: number; page: Page }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  let total = 0;
  cdp.on("Network.loadingFinished", (event) => {
    total += event.encodedDataLength;
  });
  await page.goto(path, { waitUntil: "networkidle" });
  // Whatever a page starts after load (a service worker's install, lazy chunks) would show by now.
  await page.waitForTimeout(1_000);
  return { total, page };
}

const settingsMenu = (page: Page, lang: Lang) => page.locator("summary", { hasText: t(lang, "nav.all") }).first();
const switchButton = (page: Page, lang: Lang) =>
  page.getByRole("button", { name: t(lang, "dataSaver.label"), exact: true });
const notice = (page: Page, lang: Lang) => page.getByRole("region", { name: t(lang, "dataSaver.label") });

for (const lang of LANGS) {
  test.describe(`issue 26 point 7: data saver (${lang})`, () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("Save-Data: on gives the light home page: placeholders, no app script, no service worker, at most 60 KB", async ({
      browser,
      baseURL,
    }) => {
      test.slow();
      const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "Save-Data": "on" } });
      const { total, page } = await firstVisitBytes(context, `/${lang}/`);
      expect(total, `the first visit took ${(total / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(HOME_BUDGET);
      await expect(notice(page, lang)).toContainText(t(lang, "dataSaver.notice"));
      expect(await page.locator('script[type="module"], link[rel="modulepreload"]').count()).toBe(0);
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
      const waiting = page.locator(".pcard img[data-src]");
      expect(await waiting.count()).toBeGreaterThan(4);
      expect(await page.locator('img[src^="/media/"]').count()).toBe(0);
      await expectNoSeriousA11yViolations(page);
      await context.close();
    });

    test("a tap shows one image and stays on the page; the notice's button shows them all", async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "Save-Data": "on" } });
      const page = await context.newPage();
      await page.goto(`/${lang}/`);
      const first = page.locator(".pcard img[data-src]").first();
      const real = await first.getAttribute("data-src");
      await first.scrollIntoViewIfNeeded();
      await first.click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/$`));
      const shown = page.locator(`.pcard img[src="${real}"]`).first();
      await expect(shown).toBeVisible();
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await page.getByRole("button", { name: t(lang, "dataSaver.showImages") }).click();
      await expect(page.locator("img[data-src]")).toHaveCount(0);
      await context.close();
    });

    test("without JavaScript: the settings menu turns it on and the notice turns it off", async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/${lang}/shop`);
      await expect(notice(page, lang)).toHaveCount(0);
      await settingsMenu(page, lang).click();
      await expect(switchButton(page, lang)).toHaveAttribute("aria-pressed", "false");
      await switchButton(page, lang).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/shop$`));
      await expect(notice(page, lang)).toBeVisible();
      expect(await page.locator("img[data-src]").count()).toBeGreaterThan(0);
      await notice(page, lang)
        .getByRole("button", { name: t(lang, "dataSaver.turnOff") })
        .click();
      await expect(notice(page, lang)).toHaveCount(0);
      expect(await page.locator("img[data-src]").count()).toBe(0);
      await context.close();
    });

    test("with JavaScript: the choice in the menu wins over the browser's Save-Data", async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "Save-Data": "on" } });
      const page = await context.newPage();
      await page.goto(`/${lang}/`);
      await settingsMenu(page, lang).click();
      await expect(switchButton(page, lang)).toHaveAttribute("aria-pressed", "true");
      await switchButton(page, lang).click();
      // Off: the full page, hydrated, with its images, although the browser still asks to save data.
      await expect(notice(page, lang)).toHaveCount(0);
      await gotoHydrated(page, `/${lang}/`);
      expect(await page.locator("img[data-src]").count()).toBe(0);
      await settingsMenu(page, lang).click();
      await expect(switchButton(page, lang)).toHaveAttribute("aria-pressed", "false");
      await switchButton(page, lang).click();
      await expect(notice(page, lang)).toBeVisible();
      expect(await page.locator('script[type="module"]').count()).toBe(0);
      await context.close();
    });
  });
}
