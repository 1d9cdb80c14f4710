import { type Page, expect, test } from "@playwright/test";
import {
  type Lang,
  addToCartQuickly,
  cartCountText,
  escapeRegExp,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  headerCart,
  newSignedInShopper,
  pickProduct,
  signInShopper,
  createShopper,
  t,
  usd,
} from "./support";

// The shopper's cart (§2.3 badge, §2.9 list mode, §2.10 buy box, §2.13, §4.3, §5, §8, §9; D7,
// D9, D13b). Each test signs in a fresh account: the tests run in parallel on one database.

/** A cart line on the cart page, by product name (the article is labelled by its heading). */
const cartLine = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const quantityOf = (page: Page, lang: Lang, name: string) =>
  cartLine(page, name).getByRole("status", { name: t(lang, "cart.line.quantity") });
const plus = (page: Page, lang: Lang, name: string) =>
  page.getByRole("button", { name: t(lang, "cart.line.increase", { name }) });
const minus = (page: Page, lang: Lang, name: string) =>
  page.getByRole("button", { name: t(lang, "cart.line.decrease", { name }) });
const flash = (page: Page, text: string) => page.locator("[data-flash]").filter({ hasText: text });

test.describe("cart", () => {
  test("in Spanish: add from a list card and from the product page; the header badge follows", async ({
    page,
    request,
  }) => {
    test.slow();
    const lang = "es";
    await newSignedInShopper(page, "carro");
    await gotoHydrated(page, "/es/home-products/new-arrivals?view=list");
    await expect(headerCart(page, lang)).toBeVisible();
    await expect(headerCart(page, lang)).not.toContainText(cartCountText(lang, 1));

    // List mode (§2.9): an in-stock item's button adds one unit and says 'Added!' (2 s).
    const adds = page
      .getByRole("main")
      .getByRole("button", { name: new RegExp(`^${escapeRegExp(t(lang, "cart.add.button"))}\\s*: `) });
    const label = (await adds.first().textContent())!.trim();
    const name = label.slice(label.indexOf(":") + 1).trim();
    const named = (key: "cart.add.button" | "cart.add.added") =>
      page.getByRole("button", { name: new RegExp(`^${escapeRegExp(t(lang, key))}\\s*: ${escapeRegExp(name)}$`) });
    const button = named("cart.add.button");
    await button.click();
    await expect(named("cart.add.added")).toBeVisible();
    await expect(headerCart(page, lang)).toContainText(cartCountText(lang, 1));
    // The badge goes back to the idle label after 2 s.
    await expect(button).toBeVisible({ timeout: 5000 });

    // An out-of-stock product cannot be added (disabled, §2.9).
    const out = await pickProduct(request, "out of stock", (p) => p.quantity === 0);
    await gotoHydrated(page, `/es/product/${out.id}`);
    await expect(page.getByRole("button", { name: t(lang, "pdp.addToCart") })).toBeDisabled();

    // Product page (§2.10): the chosen quantity, a 3-second success banner, the badge at 2 lines.
    const product = await pickProduct(request, "with 3 or more in stock", (p) => p.quantity >= 3 && p.id !== out.id);
    await gotoHydrated(page, `/es/product/${product.id}`);
    await page.getByRole("spinbutton", { name: t(lang, "pdp.quantity") }).fill("3");
    await page.getByRole("button", { name: t(lang, "pdp.addToCart") }).click();
    const banner = page.locator("[data-banner=success]");
    await expect(banner).toHaveText(t(lang, "cart.add.success"));
    await expect(headerCart(page, lang)).toContainText(cartCountText(lang, 2));
    await expect(banner).toHaveCount(0, { timeout: 6000 });

    await headerCart(page, lang).click();
    await expect(page).toHaveURL(/\/es\/cart$/);
    await expect(quantityOf(page, lang, product.display_name)).toHaveText("3");
  });

  test("signed out, a list card's add goes to login and back to the listing (D7, D9)", async ({ page }) => {
    await gotoHydrated(page, "/es/home-products/best-sellers?view=list");
    await page
      .getByRole("main")
      .getByRole("link", { name: new RegExp(`^${escapeRegExp(t("es", "cart.add.button"))}`) })
      .first()
      .click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/es/login" && url.searchParams.get("next") === "/es/home-products/best-sellers?view=list",
    );
  });

  test("cart page: stepper bounds, wholesale price at 10 units, remove, save for later", async ({ page, request }) => {
    test.slow();
    const lang = "es";
    await newSignedInShopper(page, "pasos");
    const low = await pickProduct(request, "with 2 to 5 left", (p) => p.quantity >= 2 && p.quantity <= 5);
    const bulk = await pickProduct(
      request,
      "with a wholesale price and 10 or more in stock",
      (p) => p.wholesale_price !== null && p.quantity >= 10 && p.id !== low.id,
    );
    await addToCartQuickly(page, low.id, 1);
    await addToCartQuickly(page, bulk.id, 9);
    await gotoHydrated(page, "/es/cart");
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "cart.title") })).toBeVisible();
    await expect(headerCart(page, lang)).toContainText(cartCountText(lang, 2));

    // §5: minus disabled at 1, plus disabled at the stock.
    await expect(minus(page, lang, low.display_name)).toBeDisabled();
    for (let i = 1; i < low.quantity; i++) {
      await plus(page, lang, low.display_name).click();
      await expect(quantityOf(page, lang, low.display_name)).toHaveText(String(i + 1));
    }
    await expect(plus(page, lang, low.display_name)).toBeDisabled();
    await expect(minus(page, lang, low.display_name)).toBeEnabled();
    await expect(cartLine(page, low.display_name)).toContainText(t(lang, "cart.line.stock", { count: low.quantity }));

    // D13b: at 9 units the normal price and the offer; at 10 the wholesale price.
    const line = cartLine(page, bulk.display_name);
    await expect(line).toContainText(
      t(lang, "cart.line.wholesaleOffer", { price: usd(bulk.wholesale_price!), min: 10 }),
    );
    await expect(line).toContainText(usd(bulk.price * 9));
    await plus(page, lang, bulk.display_name).click();
    await expect(line).toContainText(t(lang, "cart.line.wholesaleApplied", { min: 10 }));
    await expect(line).toContainText(usd(bulk.wholesale_price!));
    await expect(line).toContainText(usd(Math.round(bulk.wholesale_price! * 100 * 10) / 100));

    // Remove: the line goes, the badge follows, and the page says so (a status a screen reader hears).
    await page.getByRole("button", { name: t(lang, "cart.line.removeLabel", { name: low.display_name }) }).click();
    await expect(cartLine(page, low.display_name)).toHaveCount(0);
    await expect(headerCart(page, lang)).toContainText(cartCountText(lang, 1));
    await expect(page.getByRole("main").getByText(t(lang, "cart.removed"))).toHaveRole("status");

    // Save for later: to the wishlist; again, with the product already there: the conflict (§8).
    // The line goes at once (optimistic): wait for the server's answer before adding again.
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && /^\/es\/cart(\.data)?$/.test(new URL(r.url()).pathname),
    );
    await page.getByRole("button", { name: t(lang, "cart.line.saveLabel", { name: bulk.display_name }) }).click();
    expect((await saved).ok()).toBe(true);
    await expect(cartLine(page, bulk.display_name)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: t(lang, "cart.empty.title") })).toBeVisible();
    await expect(page.getByRole("main").getByText(t(lang, "cart.saved"))).toHaveRole("status");
    await addToCartQuickly(page, bulk.id, 1);
    await gotoHydrated(page, "/es/cart");
    await page.getByRole("button", { name: t(lang, "cart.line.saveLabel", { name: bulk.display_name }) }).click();
    await expect(cartLine(page, bulk.display_name).getByRole("alert")).toHaveText(
      t(lang, "wishlist.errors.alreadyInWishlist"),
    );
    await expect(cartLine(page, bulk.display_name)).toBeVisible();
    await gotoHydrated(page, "/es/wishlist");
    await expect(page.getByRole("heading", { name: bulk.display_name })).toBeVisible();
  });

  test("a guest cart kept in the browser joins the account's cart at sign-in, then is forgotten (D9)", async ({
    page,
    request,
  }) => {
    const lang = "es";
    const who = await createShopper(request, "invitado");
    const product = await pickProduct(
      request,
      "in stock, one colour",
      (p) => p.quantity > 3 && p.colors_list.length <= 1,
    );
    await gotoHydrated(page, "/es/login");
    // The old client's format (§4.3, §6: localStorage key `cart`).
    await page.evaluate(
      (id) => localStorage.setItem("cart", JSON.stringify([{ product_id: id, count: 2 }])),
      product.id,
    );
    await page.reload();
    await page.getByRole("main").getByLabel(t(lang, "accounts.field.email"), { exact: true }).fill(who.email);
    await page.getByRole("main").getByLabel(t(lang, "accounts.field.password"), { exact: true }).fill(who.password);
    await page.getByRole("button", { name: t(lang, "accounts.login.submit") }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/es/");
    await expect(headerCart(page, lang)).toContainText(cartCountText(lang, 1));
    expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
    await gotoHydrated(page, "/es/cart");
    await expect(cartLine(page, product.display_name)).toBeVisible();
    await expect(quantityOf(page, lang, product.display_name)).toHaveText("2");
  });

  test("in English: the lines, savings and the summary; the empty cart", async ({ page, request }) => {
    const lang = "en";
    await newSignedInShopper(page, "cart-en", lang);
    const sale = await pickProduct(
      request,
      "on sale and in stock",
      (p) => p.price < p.original_price && p.quantity >= 2,
      lang,
    );
    await addToCartQuickly(page, sale.id, 2, lang);
    await gotoHydrated(page, "/en/cart");
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "cart.title") })).toBeVisible();
    const line = cartLine(page, sale.display_name);
    await expect(line.getByRole("link", { name: sale.display_name })).toHaveAttribute("href", `/en/product/${sale.id}`);
    await expect(line).toContainText(t(lang, "cart.line.stock", { count: sale.quantity }));
    const summary = page.getByRole("region", { name: t(lang, "cart.summary.title") });
    await expect(summary).toContainText(t(lang, "cart.summary.subtotal_other", { count: 2 }));
    await expect(summary.locator("[data-summary=subtotal]")).toHaveText(usd(sale.price * 2));
    await expect(summary.locator("[data-summary=savings]")).toHaveText(
      usd((Math.round(sale.original_price * 100) - Math.round(sale.price * 100)) * 0.02),
    );
    await expect(summary.getByRole("link", { name: t(lang, "cart.summary.checkout") })).toHaveAttribute(
      "href",
      "/en/checkout",
    );
    await page.getByRole("button", { name: t(lang, "cart.line.removeLabel", { name: sale.display_name }) }).click();
    await expect(page.getByRole("heading", { name: t(lang, "cart.empty.title") })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: t(lang, "cart.continueShopping") })).toHaveAttribute(
      "href",
      "/en/shop",
    );
  });

  test("without JavaScript: add to cart, stepper and remove are plain form posts", async ({ browser, request }) => {
    test.slow();
    const lang = "es";
    const who = await createShopper(request, "sinjs");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInShopper(page, who);
    const product = await pickProduct(request, "with 3 or more in stock", (p) => p.quantity >= 3);
    await page.goto(`/es/product/${product.id}`);
    await page.getByRole("spinbutton", { name: t(lang, "pdp.quantity") }).fill("2");
    await page.getByRole("button", { name: t(lang, "pdp.addToCart") }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/es/product/${product.id}`);
    await expect(flash(page, t(lang, "cart.add.success"))).toBeVisible();
    await expect(headerCart(page, lang)).toContainText(cartCountText(lang, 1));

    await page.goto("/es/cart");
    await expect(quantityOf(page, lang, product.display_name)).toHaveText("2");
    await plus(page, lang, product.display_name).click();
    await expect(page).toHaveURL(/\/es\/cart$/);
    await expect(quantityOf(page, lang, product.display_name)).toHaveText("3");
    await minus(page, lang, product.display_name).click();
    await expect(quantityOf(page, lang, product.display_name)).toHaveText("2");
    await page.getByRole("button", { name: t(lang, "cart.line.removeLabel", { name: product.display_name }) }).click();
    await expect(flash(page, t(lang, "cart.removed"))).toBeVisible();
    await expect(page.getByRole("heading", { name: t(lang, "cart.empty.title") })).toBeVisible();
    await context.close();
  });

  test("axe: the cart at 360 px has no serious or critical violation", async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width: 360, height: 800 });
    await newSignedInShopper(page, "axecart");
    const product = await pickProduct(
      request,
      "with a wholesale price",
      (p) => p.wholesale_price !== null && p.quantity >= 10,
    );
    await addToCartQuickly(page, product.id, 10);
    await gotoHydrated(page, "/es/cart");
    await expect(cartLine(page, product.display_name)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
