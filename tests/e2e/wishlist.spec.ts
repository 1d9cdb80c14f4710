import { type Page, expect, test } from "@playwright/test";
import {
  type Lang,
  addToCartQuickly,
  cartCountText,
  createShopper,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  headerCart,
  newSignedInShopper,
  pickProduct,
  signInShopper,
  t,
  usd,
} from "./support";

// The wishlist (§2.10 heart, §2.17, §4.4, §8; D7, D10). Each test signs in a fresh account.

const heart = (page: Page, lang: Lang, saved: boolean) =>
  page.getByRole("button", { name: t(lang, saved ? "wishlist.heart.remove" : "wishlist.heart.add"), exact: true });
const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const flash = (page: Page, text: string) => page.locator("[data-flash]").filter({ hasText: text });

/** Clicks the heart and waits until the server has the change (the button flips at once, optimistically). */
async function toggleHeart(page: Page, lang: Lang, saved: boolean) {
  const stored = page.waitForResponse((r) => r.url().includes("/wishlist/toggle") && r.request().method() === "POST");
  await heart(page, lang, saved).click();
  await stored;
  await expect(heart(page, lang, !saved)).toHaveAttribute("aria-pressed", String(!saved));
}

async function saveWithHeart(page: Page, lang: Lang, productId: number) {
  await gotoHydrated(page, `/${lang}/product/${productId}`);
  await toggleHeart(page, lang, false);
}

test.describe("wishlist", () => {
  test("in Spanish: the heart adds and removes; the page lists, removes and adds to the cart", async ({
    page,
    request,
  }) => {
    test.slow();
    const lang = "es";
    await newSignedInShopper(page, "deseos");
    const b = await pickProduct(
      request,
      "in stock with reviews",
      (p) => p.quantity > 3 && p.reviews_count > 0 && p.rating !== null,
    );
    const other = await pickProduct(request, "another in stock", (p) => p.quantity > 3 && p.id !== b.id);

    // The heart toggles and keeps its state from the server after a reload.
    await saveWithHeart(page, lang, other.id);
    await page.reload();
    await expect(heart(page, lang, true)).toHaveAttribute("aria-pressed", "true");
    await toggleHeart(page, lang, true);
    await page.reload();
    await expect(heart(page, lang, false)).toBeVisible();
    await toggleHeart(page, lang, false);
    await saveWithHeart(page, lang, b.id);

    await gotoHydrated(page, "/es/wishlist");
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "wishlist.title") })).toBeVisible();
    await expect(
      page.getByRole("main").getByText(t(lang, "wishlist.count_other", { count: 2 }), { exact: true }),
    ).toBeVisible();
    const saved = card(page, b.display_name);
    await expect(saved).toContainText(usd(b.price));
    await expect(saved).toContainText(t(lang, "wishlist.inStock"));
    // D10: the real rating, not a fixed 4.0.
    await expect(saved).toContainText(`${b.rating!.toFixed(1)} (${b.reviews_count})`);

    // Add to cart: a green badge for 3 s and the header badge.
    await saved.getByRole("button", { name: new RegExp(`^${t(lang, "wishlist.addToCart")}`) }).click();
    await expect(saved.getByRole("status")).toHaveText(t(lang, "wishlist.addedToCart"));
    await expect(headerCart(page, lang)).toContainText(cartCountText(lang, 1));
    await expect(saved.getByRole("status")).toHaveText("", { timeout: 6000 });

    // Remove: the card goes, the count says one, in the singular.
    await card(page, other.display_name)
      .getByRole("button", { name: new RegExp(`^${t(lang, "wishlist.remove")}`) })
      .click();
    await expect(card(page, other.display_name)).toHaveCount(0);
    await expect(
      page.getByRole("main").getByText(t(lang, "wishlist.count_one", { count: 1 }), { exact: true }),
    ).toBeVisible();
    // ... and the page says so in a status region (a screen reader hears it).
    await expect(page.getByRole("main").getByText(t(lang, "wishlist.removed"))).toHaveRole("status");
  });

  test("add all to cart adds one of each in-stock item; an out-of-stock item's add says so", async ({
    page,
    request,
  }) => {
    test.slow();
    const lang = "es";
    await newSignedInShopper(page, "todo");
    const out = await pickProduct(request, "out of stock", (p) => p.quantity === 0);
    const inStock = await pickProduct(request, "in stock", (p) => p.quantity > 2);
    await saveWithHeart(page, lang, out.id);
    await saveWithHeart(page, lang, inStock.id);
    await gotoHydrated(page, "/es/wishlist");
    const outCard = card(page, out.display_name);
    await expect(outCard).toContainText(t(lang, "wishlist.outOfStock"));
    await outCard.getByRole("button", { name: new RegExp(`^${t(lang, "wishlist.addToCart")}`) }).click();
    await expect(outCard.getByRole("status")).toHaveText(t(lang, "cart.errors.outOfStock"));

    await page.getByRole("button", { name: t(lang, "wishlist.addAll"), exact: true }).click();
    await expect(page.getByText(t(lang, "wishlist.addAll.added_one", { count: 1 }))).toBeVisible();
    await expect(headerCart(page, lang)).toContainText(cartCountText(lang, 1));
    await gotoHydrated(page, "/es/cart");
    await expect(page.getByRole("article", { name: inStock.display_name, exact: true })).toBeVisible();
    await expect(page.getByRole("article", { name: out.display_name, exact: true })).toHaveCount(0);
  });

  test("in English: signed out, the sign-in message; signed in, the empty list and share link", async ({
    page,
    context,
  }) => {
    const lang = "en";
    await gotoHydrated(page, "/en/wishlist");
    await expect(page.getByRole("heading", { name: t(lang, "accounts.wishlist.signInTitle") })).toBeVisible();
    await expect(page.getByRole("link", { name: t(lang, "accounts.wishlist.signIn") })).toHaveAttribute(
      "href",
      `/en/login?next=${encodeURIComponent("/en/wishlist")}`,
    );
    await newSignedInShopper(page, "wish-en", lang);
    await gotoHydrated(page, "/en/wishlist");
    await expect(page.getByRole("heading", { name: t(lang, "wishlist.empty.title") })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: t(lang, "wishlist.startShopping") })).toHaveAttribute(
      "href",
      "/en/shop",
    );
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  });

  test("without JavaScript: the heart, add to cart and remove are plain form posts", async ({ browser, request }) => {
    test.slow();
    const lang = "es";
    const who = await createShopper(request, "wsinjs");
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInShopper(page, who);
    const product = await pickProduct(request, "in stock", (p) => p.quantity > 2);
    await page.goto(`/es/product/${product.id}`);
    await heart(page, lang, false).click();
    await expect(flash(page, t(lang, "wishlist.added"))).toBeVisible();
    await expect(heart(page, lang, true)).toHaveAttribute("aria-pressed", "true");

    await page.goto("/es/wishlist");
    const saved = card(page, product.display_name);
    await saved.getByRole("button", { name: new RegExp(`^${t(lang, "wishlist.addToCart")}`) }).click();
    await expect(page).toHaveURL(/\/es\/wishlist$/);
    await expect(flash(page, t(lang, "cart.add.success"))).toBeVisible();
    await expect(headerCart(page, lang)).toContainText(cartCountText(lang, 1));
    // Share list shows the link without JavaScript.
    await page.getByText(t(lang, "wishlist.share"), { exact: true }).click();
    await expect(page.getByRole("textbox", { name: t(lang, "wishlist.share.link") })).toHaveValue(/\/es\/wishlist$/);
    await saved.getByRole("button", { name: new RegExp(`^${t(lang, "wishlist.remove")}`) }).click();
    await expect(flash(page, t(lang, "wishlist.removed"))).toBeVisible();
    await expect(page.getByRole("heading", { name: t(lang, "wishlist.empty.title") })).toBeVisible();
    await context.close();
  });

  test("share list copies the link with JavaScript", async ({ page, context, request }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await newSignedInShopper(page, "share");
    const product = await pickProduct(request, "in stock", (p) => p.quantity > 0);
    await saveWithHeart(page, "es", product.id);
    await gotoHydrated(page, "/es/wishlist");
    await page.getByRole("button", { name: t("es", "wishlist.share"), exact: true }).click();
    await expect(page.getByText(t("es", "wishlist.share.copied"))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/es\/wishlist$/);
  });

  test("axe: the wishlist at 360 px has no serious or critical violation", async ({ page, request }) => {
    test.slow();
    await page.setViewportSize({ width: 360, height: 800 });
    await newSignedInShopper(page, "axewish");
    const product = await pickProduct(request, "on sale", (p) => p.price < p.original_price && p.quantity > 0);
    await saveWithHeart(page, "es", product.id);
    await addToCartQuickly(page, product.id, 1);
    await gotoHydrated(page, "/es/wishlist");
    await expect(card(page, product.display_name)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
