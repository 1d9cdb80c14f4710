import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { LANGS, addToCartQuickly, createShopper, pickProduct, signInShopper, waitForHydration } from "./support";

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

/** An order for the signed-in shopper through the REST API (§7.4), so the orders page lists one. */
async function placeOrder(request: APIRequestContext, who: { email: string; password: string }, productId: number) {
  const auth = await request.post("/auth/jwt/create/", { data: { email: who.email, password: who.password } });
  const headers = { Authorization: `JWT ${((await auth.json()) as { access: string }).access}` };
  expect((await request.post("/api/cart/add-item", { headers, data: { product_id: productId, count: 1 } })).ok()).toBe(
    true,
  );
  const totals = (await (await request.get("/api/cart/get-total", { headers })).json()) as { total_cost: number };
  const point = { latitude: 23.1357, longitude: -82.3838 };
  const shipping = await request.post("/api/orders/calculate-shipping", {
    headers,
    data: { ...point, deliveryOption: "standard" },
  });
  const { shipping_cost } = (await shipping.json()) as { shipping_cost: number };
  const created = await request.post("/api/orders/create-order?lang=es", {
    headers,
    data: {
      first_name: "Yanet",
      last_name: "Castro",
      client_id: "85010112345",
      address: "Calle 23 #456, Vedado",
      city: "Plaza de la Revolución",
      state: "La Habana",
      zip_code: "10400",
      phone: "+53 5 555 5555",
      delivery_option: "standard",
      delivery_latitude: point.latitude,
      delivery_longitude: point.longitude,
      amount: totals.total_cost,
      shipping_price: shipping_cost,
      is_gift: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
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
    await placeOrder(request, who, product.id);
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
