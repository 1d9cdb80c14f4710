import { type Page, expect, test } from "@playwright/test";
import { EXPRESS_CUTOFF, isExpressAvailable } from "../../app/features/shipping/shipping";
import { CLOCK_BASE_URL, CLOCK_FAKE_NOW } from "./clock-server";
import {
  type ApiCard,
  type Lang,
  addToCartQuickly,
  escapeRegExp,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newSignedInShopper,
  pickProduct,
  SAME_ORIGIN,
  t,
} from "./support";

// The checkout (spec §2.14, §4.5, §5 Checkout, §8 Shipping/Coupon/Checkout/Map; D14-D18b, D22).
// Each test signs in a fresh account (the tests run in parallel on one database). Map tiles come
// from tests/e2e/tile-server.mjs. The express cut-off runs against a second server whose clock
// starts at 14:30 Havana time (tests/e2e/clock-server.ts, fake-clock.mjs).

const field = (page: Page, lang: Lang, key: Parameters<typeof t>[1]) =>
  page.getByRole("textbox", { name: t(lang, key), exact: true });
const summary = (page: Page, lang: Lang) => page.getByRole("region", { name: t(lang, "checkout.page.summary.title") });
const currentStep = (page: Page) => page.locator('ol [aria-current="step"]');

const placeSelect = (page: Page, lang: Lang) =>
  page.getByRole("combobox", { name: t(lang, "checkout.page.point.place") });
const mapRegion = (page: Page, lang: Lang) => page.getByRole("region", { name: t(lang, "checkout.page.map.label") });
/** The map's status region with one message (§8 Map). */
const mapStatus = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

async function fillDelivery(page: Page, lang: Lang) {
  await field(page, lang, "checkout.page.field.clientId").fill("85010112345");
  await field(page, lang, "checkout.page.field.phone").fill("+53 5 555 1234");
  await field(page, lang, "checkout.page.field.address").fill("Calle 23 #456 e/ F y G, apto 3");
  await field(page, lang, "checkout.page.field.city").fill("Plaza de la Revolución");
  await field(page, lang, "checkout.page.field.state").fill("La Habana");
}

/** A shopper with one product in the cart; returns the product (and the account in `lastShopper`). */
let lastShopper: { email: string; password: string } | null = null;
async function shopperWithCart(page: Page, prefix: string, lang: Lang, count = 1) {
  lastShopper = await newSignedInShopper(page, prefix, lang);
  const product = await pickProduct(
    page.request,
    "in stock, cheap enough to pay shipping",
    (p) => p.quantity >= 5 && p.price < 20,
    lang,
  );
  await addToCartQuickly(page, product.id, count, lang);
  return product;
}

async function placeOrder(page: Page, lang: Lang): Promise<string> {
  await page.getByRole("button", { name: t(lang, "checkout.page.review.placeOrder") }).click();
  await expect(page).toHaveURL(/[?&]placed=[0-9a-f]{32}$/);
  const id = new URL(page.url()).searchParams.get("placed")!;
  await expect(page.getByRole("heading", { name: t(lang, "checkout.page.placed.title") })).toBeVisible();
  await expect(page.locator("[data-order-id]")).toHaveText(id);
  await expect(page.getByRole("link", { name: t(lang, "checkout.page.placed.viewOrder") })).toHaveAttribute(
    "href",
    `/${lang}/orders?order=${id}`,
  );
  await expect(currentStep(page)).toContainText(t(lang, "checkout.page.steps.confirmation"));
  return id;
}

test.describe("checkout", () => {
  test("in Spanish: a full purchase with the point picked on the map, axe on every step", async ({ page }) => {
    test.slow();
    const lang = "es";
    const product = await shopperWithCart(page, "compra", lang);
    await gotoHydrated(page, "/es/checkout");
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "checkout.page.title") })).toBeVisible();
    await expect(currentStep(page)).toContainText(t(lang, "checkout.page.steps.shipping"));
    await expect(summary(page, lang)).toContainText(product.display_name);
    // Names come from the account; the country is Cuba and read-only.
    await expect(field(page, lang, "checkout.page.field.firstName")).toHaveValue("Yanet");
    await expect(field(page, lang, "checkout.page.field.lastName")).toHaveValue("Castro");
    await expect(field(page, lang, "checkout.page.field.country")).toHaveValue("Cuba");
    await expect(field(page, lang, "checkout.page.field.country")).toHaveAttribute("readonly", "");
    await fillDelivery(page, lang);

    // The map (tiles from the local stand-in): a click picks the point and the server prices it.
    const map = page.getByRole("region", { name: t(lang, "checkout.page.map.label") });
    await expect(map).toHaveAttribute("data-ready", "true");
    await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
    // §2.14, §9: centred near Havana at zoom 12, zoom 13 once a point is picked.
    await expect(map).toHaveAttribute("data-zoom", "12");
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2 + 30, y: box.height / 2 } });
    await expect(page.locator("[data-point]")).toBeVisible();
    await expect(map).toHaveAttribute("data-zoom", "13", { timeout: 20_000 });
    await expect(page.getByRole("combobox", { name: t(lang, "checkout.page.point.place") })).toHaveValue("map");
    await expect(page.locator('[data-option-cost="standard"]')).toContainText(/CUP|\$/);
    await expect(summary(page, lang).locator('[data-summary="shipping"]')).toContainText("CUP");
    await expect(page.getByRole("status").filter({ hasText: t(lang, "checkout.page.map.errors.load") })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
    await expect(page).toHaveURL(/\/es\/checkout\?step=payment$/);
    await expect(currentStep(page)).toContainText(t(lang, "checkout.page.steps.payment"));
    await expect(page.getByRole("radio", { name: t(lang, "checkout.page.payment.cash") })).toBeChecked();
    await expect(page.getByRole("radio", { name: t(lang, "checkout.page.payment.card") })).toBeDisabled();
    await expect(page.getByRole("radio", { name: t(lang, "checkout.page.payment.paypal") })).toBeDisabled();
    await expect(page.getByText(t(lang, "checkout.page.payment.bills")).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: t(lang, "checkout.page.continueReview") }).click();
    await expect(page).toHaveURL(/\/es\/checkout\?step=review$/);
    await expect(currentStep(page)).toContainText(t(lang, "checkout.page.steps.review"));
    const main = page.getByRole("main");
    await expect(main).toContainText("Calle 23 #456 e/ F y G, apto 3");
    await expect(main).toContainText(t(lang, "invoice.option.standard"));
    // Back and edit links return to earlier steps.
    await expect(
      page.getByRole("link", {
        name: t(lang, "checkout.page.editLabel", { section: t(lang, "checkout.page.review.delivery") }),
      }),
    ).toHaveAttribute("href", "/es/checkout?step=shipping");
    await expectNoSeriousA11yViolations(page);

    await placeOrder(page, lang);
    await expectNoSeriousA11yViolations(page);
    // The cart is empty now: the checkout sends the shopper to it.
    await page.goto("/es/checkout");
    await expect(page).toHaveURL(/\/es\/cart$/);
  });

  test("in English: the §5 messages in order, then a purchase with the municipality list", async ({ page }) => {
    test.slow();
    const lang = "en";
    await shopperWithCart(page, "list-en", lang);
    await gotoHydrated(page, "/en/checkout?step=shipping");
    await field(page, lang, "checkout.page.field.firstName").fill("");
    await field(page, lang, "checkout.page.field.lastName").fill("");
    await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();

    const alert = page.getByRole("alert").filter({ hasText: t(lang, "accounts.form.errorsHeading") });
    const expected = [
      "checkout.errors.firstNameRequired",
      "checkout.errors.lastNameRequired",
      "checkout.errors.clientIdRequired",
      "checkout.errors.addressRequired",
      "checkout.errors.cityRequired",
      "checkout.errors.stateRequired",
      "checkout.errors.phoneRequired",
      "shipping.errors.invalidLocation",
    ] as const;
    const items = alert.getByRole("listitem");
    await expect(items).toHaveCount(expected.length);
    for (const [index, key] of expected.entries()) await expect(items.nth(index)).toContainText(t(lang, key));
    // Next to each field, linked to it; no browser bubbles (the form is noValidate).
    const first = field(page, lang, "checkout.page.field.firstName");
    await expect(first).toHaveAttribute("aria-invalid", "true");
    await expect(first).toHaveAccessibleDescription(new RegExp(t(lang, "checkout.errors.firstNameRequired")));
    await expect(page.locator("form[novalidate]").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The express cut-off (14:00 Havana time, D15), as the real clock says now.
    const express = page.getByRole("radio", { name: new RegExp(t(lang, "invoice.option.express")) });
    if (isExpressAvailable(new Date())) await expect(express).toBeEnabled();
    else {
      await expect(express).toBeDisabled();
      await expect(
        page.getByText(t(lang, "checkout.page.option.expressClosed", { cutoff: EXPRESS_CUTOFF })),
      ).toBeVisible();
    }

    // What was typed is kept; fill the rest and pick a municipality from the list.
    await field(page, lang, "checkout.page.field.firstName").fill("Yanet");
    await field(page, lang, "checkout.page.field.lastName").fill("Castro");
    await field(page, lang, "checkout.page.field.clientId").fill("85010112345");
    await field(page, lang, "checkout.page.field.phone").fill("+53 5 555 1234");
    await field(page, lang, "checkout.page.field.address").fill("Calle Neptuno 512");
    await page.getByRole("combobox", { name: t(lang, "checkout.page.point.place") }).selectOption("centro-habana");
    // The place fills the municipality and province when they are empty.
    await expect(field(page, lang, "checkout.page.field.city")).toHaveValue("Centro Habana");
    await expect(field(page, lang, "checkout.page.field.state")).toHaveValue("La Habana");
    await expect(page.locator('[data-option-cost="standard"]')).toContainText(/CUP|\$|Free/);
    await page.getByRole("checkbox", { name: t(lang, "checkout.page.gift.label") }).check();
    const gift = page.getByRole("textbox", { name: t(lang, "checkout.page.gift.message") });
    await gift.fill("Happy birthday, mamá!");
    await expect(page.getByText(t(lang, "checkout.page.gift.counter", { count: 21, max: 255 }))).toBeVisible();
    await page.getByRole("checkbox", { name: t(lang, "checkout.page.saveProfile") }).check();
    await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
    await expect(page).toHaveURL(/\/en\/checkout\?step=payment$/);
    await page.getByRole("button", { name: t(lang, "checkout.page.continueReview") }).click();
    await expect(page).toHaveURL(/\/en\/checkout\?step=review$/);
    await expect(page.getByRole("main")).toContainText("Happy birthday, mamá!");
    await expect(page.getByRole("main")).toContainText("Centro Habana");
    await placeOrder(page, lang);

    // 'Save as my delivery details' updated the profile.
    await gotoHydrated(page, "/en/account");
    await expect(page.getByRole("main")).toContainText("Calle Neptuno 512");
  });

  test("coupon box: disabled while blank, an unknown coupon in red, BIENVENIDO10 in green", async ({ page }) => {
    const lang = "es";
    await shopperWithCart(page, "cupon", lang, 2);
    await gotoHydrated(page, "/es/checkout");
    const box = summary(page, lang);
    const input = box.getByRole("textbox", { name: t(lang, "checkout.page.coupon.label") });
    const apply = box.getByRole("button", { name: t(lang, "checkout.page.coupon.apply") });
    await expect(apply).toBeDisabled();
    await input.fill("   ");
    await expect(apply).toBeDisabled();

    await input.fill("NOEXISTE99");
    await apply.click();
    const message = box.getByRole("status").locator("p");
    await expect(message).toHaveText(t(lang, "coupons.errors.notFound"));
    await expect(message).toHaveAttribute("data-tone", "error");
    await expect(message).toHaveClass(/text-red-800/);

    const before = await box.locator('[data-summary="amount"]').textContent();
    await input.fill("bienvenido10");
    await apply.click();
    await expect(message).toHaveText(t(lang, "coupons.applied"));
    await expect(message).toHaveAttribute("data-tone", "success");
    await expect(message).toHaveClass(/text-green-800/);
    await expect(box.locator('[data-summary="discount"]')).toBeVisible();
    await expect(box).toContainText(t(lang, "checkout.page.summary.discount", { name: "BIENVENIDO10" }));
    await expect(box.locator('[data-summary="amount"]')).not.toHaveText(before!);
    await expectNoSeriousA11yViolations(page);
  });

  test("a changed cart between review and place order: back to the review with the new figures (D18)", async ({
    page,
  }) => {
    test.slow();
    const lang = "es";
    const product = await shopperWithCart(page, "cambio", lang);
    await gotoHydrated(page, "/es/checkout");
    await fillDelivery(page, lang);
    await page.getByRole("combobox", { name: t(lang, "checkout.page.point.place") }).selectOption("playa");
    await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
    await page.getByRole("button", { name: t(lang, "checkout.page.continueReview") }).click();
    await expect(page).toHaveURL(/step=review$/);
    const amount = summary(page, lang).locator('[data-summary="amount"]');
    const before = await amount.textContent();

    // Another tab adds a unit.
    await addToCartQuickly(page, product.id, 1, lang);
    await page.getByRole("button", { name: t(lang, "checkout.page.review.placeOrder") }).click();
    await expect(page.locator("[data-place-error]")).toHaveText(t(lang, "checkout.errors.totalChanged"));
    await expect(page.getByRole("alert").filter({ hasText: t(lang, "checkout.errors.totalChanged") })).toBeVisible();
    await expect(page).toHaveURL(/step=review$/);
    await expect(amount).not.toHaveText(before!);
    await expect(summary(page, lang)).toContainText("× 2");
    // Nothing typed is lost: the details are still there, and the order goes through now.
    await expect(page.getByRole("main")).toContainText("Calle 23 #456 e/ F y G, apto 3");
    await placeOrder(page, lang);
  });

  test("a double submit of the place-order form gives one order; only the shopper's own order shows", async ({
    page,
  }) => {
    const lang = "es";
    await shopperWithCart(page, "doble", lang);
    const who = lastShopper!;
    await gotoHydrated(page, "/es/checkout");
    await fillDelivery(page, lang);
    await page.getByRole("combobox", { name: t(lang, "checkout.page.point.place") }).selectOption("cerro");
    await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
    await page.getByRole("button", { name: t(lang, "checkout.page.continueReview") }).click();
    await expect(page).toHaveURL(/step=review$/);
    const form = await page
      .locator('form:has(input[name="intent"][value="place"])')
      .evaluate((f) => Object.fromEntries(new FormData(f as HTMLFormElement) as unknown as Iterable<[string, string]>));
    expect(form.checkout_token).toMatch(/^[0-9a-f]{32}$/);
    const post = () =>
      page.request.post("/es/checkout?step=review", {
        form,
        maxRedirects: 0,
        headers: { Accept: "text/html", ...SAME_ORIGIN },
      });
    const [first, second] = [await post(), await post()];
    expect(first.status()).toBe(303);
    expect(second.status()).toBe(303);
    const id = (location: string | undefined) => new URL(location ?? "", "http://x").searchParams.get("placed");
    expect(id(first.headers().location)).toMatch(/^[0-9a-f]{32}$/);
    expect(id(second.headers().location)).toBe(id(first.headers().location));
    const login = await page.request.post("/auth/jwt/create/", { data: who });
    const { access } = (await login.json()) as { access: string };
    const list = await page.request.get("/api/orders/get-orders", { headers: { Authorization: `JWT ${access}` } });
    const orders = (await list.json()) as { orders: Array<{ transaction_id: string }> };
    expect(orders.orders.map((o) => o.transaction_id)).toEqual([id(first.headers().location)]);

    // Someone else's (or an unknown) id is not found.
    expect((await page.request.get(`/es/checkout?placed=${"0".repeat(32)}`)).status()).toBe(404);
  });

  test("on the real clock, the server and the page agree on express (14:00 Havana time)", async ({ page }) => {
    const lang = "en";
    await shopperWithCart(page, "express", lang);
    const response = await page.request.post("/en/checkout?step=shipping", {
      form: {
        intent: "shipping",
        first_name: "Yanet",
        last_name: "Castro",
        client_id: "85010112345",
        address: "Calle 23",
        city: "Plaza",
        state: "La Habana",
        phone: "55551234",
        place: "regla",
        delivery_option: "express",
      },
      maxRedirects: 0,
      headers: { Accept: "text/html", ...SAME_ORIGIN },
    });
    // Whichever side of 14:00 this run is on; the closed side is also checked on the injected clock
    // below, and both sides in app/routes/checkout.test.ts.
    if (isExpressAvailable(new Date())) {
      expect(response.status()).toBe(303);
      expect(response.headers().location).toBe("/en/checkout?step=payment");
    } else {
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain(t(lang, "shipping.errors.expressClosed"));
    }
  });

  test("the map's tiles fail: 'Failed to load map', and the municipality list still leads to the order (§8 Map)", async ({
    page,
  }) => {
    test.slow();
    const lang = "en";
    await shopperWithCart(page, "sinmapa", lang);
    // Every tile request fails (the marker images are not tiles: /{z}/{x}/{y}.png only).
    await page.route(/\/\d+\/\d+\/\d+\.png$/, (route) => route.abort("failed"));
    await gotoHydrated(page, "/en/checkout");
    await expect(mapRegion(page, lang)).toHaveAttribute("data-ready", "true");
    const status = mapStatus(page, t(lang, "checkout.page.map.errors.load"));
    await expect(status).toHaveText(
      `${t(lang, "checkout.page.map.errors.load")} ${t(lang, "checkout.page.map.fallback")}`,
    );
    await expect(mapRegion(page, lang).locator("img.leaflet-tile-loaded")).toHaveCount(0);

    await fillDelivery(page, lang);
    await placeSelect(page, lang).selectOption("playa");
    await expect(page.locator("[data-point]")).toBeVisible();
    await expect(page.locator('[data-option-cost="standard"]')).toContainText(/CUP|\$|Free/);
    await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
    await expect(page).toHaveURL(/\/en\/checkout\?step=payment$/);
    await page.getByRole("button", { name: t(lang, "checkout.page.continueReview") }).click();
    await expect(page).toHaveURL(/\/en\/checkout\?step=review$/);
    // Playa's centre, from the list.
    await expect(page.getByRole("main")).toContainText("23.0934, -82.4489");
    await placeOrder(page, lang);
  });

  test("'use my location': refused says 'Unable to get your location'; allowed moves the point at zoom 15 and reprices", async ({
    page,
  }) => {
    const lang = "es";
    await shopperWithCart(page, "ubicacion", lang);
    const context = page.context();
    await context.clearPermissions();
    await gotoHydrated(page, "/es/checkout");
    const map = mapRegion(page, lang);
    await expect(map).toHaveAttribute("data-ready", "true");
    const locate = page.getByRole("button", { name: t(lang, "checkout.page.map.useLocation") });

    // The browser refuses: the §8 message, and the list is still the way.
    await locate.click();
    await expect(mapStatus(page, t(lang, "checkout.page.map.errors.location"))).toHaveText(
      t(lang, "checkout.page.map.errors.location"),
    );
    await expect(locate).toBeEnabled();
    await expect(page.locator("[data-point]")).toHaveCount(0);

    // A municipality first, then the shopper's own position (Vedado) replaces it.
    await placeSelect(page, lang).selectOption("playa");
    const standard = page.locator('[data-option-cost="standard"]');
    await expect(standard).toContainText("CUP");
    const before = await standard.textContent();
    const shipping = summary(page, lang).locator('[data-summary="shipping"]');
    const shippingBefore = await shipping.textContent();
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 23.1385, longitude: -82.3899 });
    await locate.click();
    await expect(page.locator("[data-point]")).toContainText("23.1385");
    await expect(page.locator("[data-point]")).toContainText("-82.3899");
    await expect(placeSelect(page, lang)).toHaveValue("map");
    await expect(mapStatus(page, t(lang, "checkout.page.map.errors.location"))).toHaveCount(0);
    // §2.14, §9: zoom 15 on geolocation, once the map has settled (its zoom animation may take a
    // while on a loaded machine, so the zoom is read from the map rather than from its tiles).
    await expect(map).toHaveAttribute("data-zoom", "15", { timeout: 20_000 });
    await expect(map.locator("img.leaflet-marker-icon")).toHaveCount(1);
    await expect(standard).toContainText("CUP");
    await expect(standard).not.toHaveText(before!);
    await expect(shipping).not.toHaveText(shippingBefore!);
  });
});

test.describe("checkout on the injected clock: 14:30 in Havana", () => {
  // The clock server (playwright.config.ts) has its own database: its own shopper and catalogue.
  test("express is shown disabled with the reason, and a post choosing it is refused (§4.5, D15)", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: CLOCK_BASE_URL });
    try {
      const page = await context.newPage();
      // The page's own clock at the same instant as the server's.
      await page.clock.setFixedTime(new Date(CLOCK_FAKE_NOW));
      await newSignedInShopper(page, "reloj", "es");
      const listed = await page.request.get("/api/product/latest?limit=100&lang=es");
      expect(listed.status()).toBe(200);
      const { products } = (await listed.json()) as { products: ApiCard[] };
      const product = products.find((p) => p.quantity >= 5 && p.price < 20);
      expect(product, "a seeded product in stock").toBeTruthy();
      await addToCartQuickly(page, product!.id, 1, "es");

      for (const lang of ["es", "en"] as const) {
        await gotoHydrated(page, `/${lang}/checkout`);
        const express = page.getByRole("radio", { name: new RegExp(t(lang, "invoice.option.express")) });
        const standard = page.getByRole("radio", { name: new RegExp(t(lang, "invoice.option.standard")) });
        await expect(express).toBeDisabled();
        await expect(express).toHaveAccessibleDescription(
          new RegExp(escapeRegExp(t(lang, "checkout.page.option.expressClosed", { cutoff: EXPRESS_CUTOFF }))),
        );
        await expect(
          page.getByText(t(lang, "checkout.page.option.expressClosed", { cutoff: EXPRESS_CUTOFF })),
        ).toBeVisible();
        await expect(standard).toBeEnabled();
        await expect(standard).toBeChecked();
      }

      // A post choosing express anyway (an old page, a crafted request) is refused with D15's message.
      const shippingPost = (lang: Lang, option: string) =>
        page.request.post(`/${lang}/checkout?step=shipping`, {
          form: {
            intent: "shipping",
            first_name: "Yanet",
            last_name: "Castro",
            client_id: "85010112345",
            address: "Calle 23",
            city: "Plaza",
            state: "La Habana",
            phone: "55551234",
            place: "regla",
            delivery_option: option,
          },
          maxRedirects: 0,
          headers: { Accept: "text/html", ...SAME_ORIGIN },
        });
      for (const lang of ["es", "en"] as const) {
        const refused = await shippingPost(lang, "express");
        expect(refused.status()).toBe(400);
        expect(await refused.text()).toContain(t(lang, "shipping.errors.expressClosed"));
      }
      // The live price says so too; standard still goes through.
      const quote = await page.request.post("/es/checkout/quote", {
        form: { delivery_latitude: "23.1357", delivery_longitude: "-82.3838" },
        headers: SAME_ORIGIN,
      });
      expect(((await quote.json()) as { costs: { express: unknown } }).costs.express).toEqual({
        ok: false,
        error: "shipping.errors.expressClosed",
      });
      const accepted = await shippingPost("es", "standard");
      expect(accepted.status()).toBe(303);
      expect(accepted.headers().location).toBe("/es/checkout?step=payment");
    } finally {
      await context.close();
    }
  });
});

test.describe("checkout without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a purchase with the municipality list; the coupon box is checked by the server", async ({ page }) => {
    test.slow();
    const lang = "es";
    await shopperWithCart(page, "sinjs", lang);
    await page.goto("/es/checkout");
    await expect(currentStep(page)).toContainText(t(lang, "checkout.page.steps.shipping"));
    // No map without JavaScript: the list is the way.
    await expect(page.getByRole("region", { name: t(lang, "checkout.page.map.label") })).toHaveCount(0);

    const box = summary(page, lang);
    await box.getByRole("button", { name: t(lang, "checkout.page.coupon.apply") }).click();
    await expect(summary(page, lang).getByRole("status")).toHaveText(t(lang, "coupons.errors.required"));
    await summary(page, lang)
      .getByRole("textbox", { name: t(lang, "checkout.page.coupon.label") })
      .fill("BIENVENIDO10");
    await summary(page, lang)
      .getByRole("button", { name: t(lang, "checkout.page.coupon.apply") })
      .click();
    await expect(summary(page, lang).getByRole("status")).toHaveText(t(lang, "coupons.applied"));

    await fillDelivery(page, lang);
    await page.getByRole("combobox", { name: t(lang, "checkout.page.point.place") }).selectOption("la-habana-vieja");
    await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
    await expect(page).toHaveURL(/step=payment$/);
    await expect(summary(page, lang).locator('[data-summary="shipping"]')).toContainText(/CUP|Gratis/);
    await page.getByRole("button", { name: t(lang, "checkout.page.continueReview") }).click();
    await expect(page).toHaveURL(/step=review$/);
    await expect(page.getByRole("main")).toContainText("BIENVENIDO10");
    await expect(page.getByRole("main")).toContainText("23.1352, -82.3531");
    await placeOrder(page, lang);
  });

  test("applying a coupon keeps what was typed in the shipping step and not yet sent (§8 Coupon)", async ({ page }) => {
    test.slow();
    const lang = "en";
    await shopperWithCart(page, "cupon-sinjs", lang);
    await page.goto("/en/checkout");
    // Typed, not sent; the city left blank on purpose.
    await field(page, lang, "checkout.page.field.clientId").fill("85010112345");
    await field(page, lang, "checkout.page.field.phone").fill("+53 5 555 1234");
    await field(page, lang, "checkout.page.field.address").fill("Calle Neptuno 512, bajos");
    await field(page, lang, "checkout.page.field.state").fill("La Habana");
    await placeSelect(page, lang).selectOption("centro-habana");
    await page.getByRole("checkbox", { name: t(lang, "checkout.page.gift.label") }).check();
    await page.getByRole("textbox", { name: t(lang, "checkout.page.gift.message") }).fill("Happy birthday, mamá!");
    await page.getByRole("checkbox", { name: t(lang, "checkout.page.saveProfile") }).check();
    const expectTyped = async () => {
      await expect(field(page, lang, "checkout.page.field.firstName")).toHaveValue("Yanet");
      await expect(field(page, lang, "checkout.page.field.clientId")).toHaveValue("85010112345");
      await expect(field(page, lang, "checkout.page.field.phone")).toHaveValue("+53 5 555 1234");
      await expect(field(page, lang, "checkout.page.field.address")).toHaveValue("Calle Neptuno 512, bajos");
      await expect(field(page, lang, "checkout.page.field.city")).toHaveValue("");
      await expect(field(page, lang, "checkout.page.field.state")).toHaveValue("La Habana");
      await expect(placeSelect(page, lang)).toHaveValue("centro-habana");
      await expect(page.getByRole("checkbox", { name: t(lang, "checkout.page.gift.label") })).toBeChecked();
      await expect(page.getByRole("textbox", { name: t(lang, "checkout.page.gift.message") })).toHaveValue(
        "Happy birthday, mamá!",
      );
      await expect(page.getByRole("checkbox", { name: t(lang, "checkout.page.saveProfile") })).toBeChecked();
      // Nothing was sent as the step itself: no field errors.
      await expect(page.getByRole("alert").filter({ hasText: t(lang, "accounts.form.errorsHeading") })).toHaveCount(0);
    };
    const box = summary(page, lang);
    const input = box.getByRole("textbox", { name: t(lang, "checkout.page.coupon.label") });
    const message = box.getByRole("status").locator("p");

    // Blank: §5's message, in red.
    await box.getByRole("button", { name: t(lang, "checkout.page.coupon.apply") }).click();
    await expect(message).toHaveText(t(lang, "coupons.errors.required"));
    await expect(message).toHaveAttribute("data-tone", "error");
    await expectTyped();
    await expect(page).toHaveURL(/\/en\/checkout/);

    // Unknown, sent with Enter in the field: red, still nothing lost.
    await input.fill("NOEXISTE99");
    await input.press("Enter");
    await expect(message).toHaveText(t(lang, "coupons.errors.notFound"));
    await expect(message).toHaveClass(/text-red-800/);
    await expectTyped();

    // A real one: green, the discount in the summary, the fields as they were.
    await input.fill("BIENVENIDO10");
    await box.getByRole("button", { name: t(lang, "checkout.page.coupon.apply") }).click();
    await expect(message).toHaveText(t(lang, "coupons.applied"));
    await expect(message).toHaveAttribute("data-tone", "success");
    await expect(message).toHaveClass(/text-green-800/);
    await expect(box.locator('[data-summary="discount"]')).toBeVisible();
    await expectTyped();

    // Removing it keeps them too; apply it again, then finish the step.
    await box.getByRole("button", { name: t(lang, "checkout.page.coupon.remove") }).click();
    await expect(box.locator('[data-summary="discount"]')).toHaveCount(0);
    await expectTyped();
    await input.fill("BIENVENIDO10");
    await box.getByRole("button", { name: t(lang, "checkout.page.coupon.apply") }).click();
    await expect(message).toHaveText(t(lang, "coupons.applied"));
    await field(page, lang, "checkout.page.field.city").fill("Centro Habana");
    await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
    await expect(page).toHaveURL(/step=payment$/);
    await page.getByRole("button", { name: t(lang, "checkout.page.continueReview") }).click();
    await expect(page.getByRole("main")).toContainText("BIENVENIDO10");
    await expect(page.getByRole("main")).toContainText("Calle Neptuno 512, bajos");
    await expect(page.getByRole("main")).toContainText("Happy birthday, mamá!");
  });
});

test.describe("checkout on a flaky link", () => {
  test("a dropped connection while pricing a point shows the 400 CUP estimate and keeps what was typed (§8)", async ({
    page,
  }) => {
    const lang = "es";
    await shopperWithCart(page, "sinred", lang);
    await gotoHydrated(page, "/es/checkout?step=shipping");
    await fillDelivery(page, lang);
    // The link drops exactly when the point is priced.
    await page.route("**/checkout/quote", (route) => route.abort("internetdisconnected"));
    await page.getByRole("combobox", { name: t(lang, "checkout.page.point.place") }).selectOption("regla");
    await expect(summary(page, lang)).toContainText(
      t(lang, "checkout.page.summary.shippingEstimate", { cost: "400 CUP" }),
    );
    await expect(field(page, lang, "checkout.page.field.address")).toHaveValue("Calle 23 #456 e/ F y G, apto 3");
    // Back online, the next step prices it for real.
    await page.unroute("**/checkout/quote");
    await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
    await expect(page).toHaveURL(/\/es\/checkout\?step=payment$/);
  });
});
