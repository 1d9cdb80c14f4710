import { type Page, expect, test } from "@playwright/test";
import { LANGS, addToCartQuickly, createShopper, pickProduct, signInShopper, waitForHydration } from "./support";
import { jwt, placeOrder } from "./api-orders";

// Issue 23 point 7: home, listing, product, search, cart, checkout, orders and chat load with no
// React hydration error (#418 text mismatch, #423 recoverable, #425 text content) and no console
// error at all in Chromium. A fresh page per path, so each load is a first load.

/** Console errors and uncaught page errors seen while `page` is open. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

async function expectCleanLoad(page: Page, path: string) {
  const errors = collectErrors(page);
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
  await waitForHydration(page);
  // Recoverable hydration errors are reported after hydration, from a later task.
  await page.waitForLoadState("networkidle");
  expect(errors, `${path}\n${errors.join("\n")}`).toEqual([]);
}

for (const lang of LANGS) {
  test(`issue 23 point 7 (${lang}): public pages load with no hydration or console error`, async ({
    browser,
    request,
  }) => {
    test.slow();
    const product = await pickProduct(request, "in stock", (p) => p.quantity > 0, lang);
    const paths = [
      `/${lang}/`,
      `/${lang}/shop`,
      `/${lang}/home-products/new-arrivals`,
      `/${lang}/shop/alimentos`,
      `/${lang}/product/${product.id}`,
      `/${lang}/product/${product.id}?tab=reviews`,
      `/${lang}/search?q=cafe`,
      `/${lang}/search?q=zzzzqqq`,
      `/${lang}/chat`,
    ];
    for (const path of paths) {
      const context = await browser.newContext();
      await expectCleanLoad(await context.newPage(), path);
      await context.close();
    }
  });

  test(`issue 23 point 7 (${lang}): signed-in pages (cart, checkout, orders) load with no hydration error`, async ({
    browser,
    request,
  }) => {
    test.slow();
    const product = await pickProduct(request, "with 40 or more in stock", (p) => p.quantity >= 40, lang);
    const who = await createShopper(request, "hidratar");
    await placeOrder(request, await jwt(request, who), product.id); // the orders page lists one
    for (const path of [`/${lang}/cart`, `/${lang}/checkout`, `/${lang}/orders`, `/${lang}/product/${product.id}`]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInShopper(page, who, lang);
      if (path.endsWith("/checkout")) await addToCartQuickly(page, product.id, 1, lang);
      await expectCleanLoad(page, path);
      await context.close();
    }
  });
}
