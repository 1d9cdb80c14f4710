import { type Browser, type Page, expect, test } from "@playwright/test";
import {
  LANGS,
  type Lang,
  addToCartQuickly,
  escapeRegExp,
  expectNoSeriousA11yViolations,
  newSignedInShopper,
  t,
} from "./support";
import { signInStaff } from "./staff-sign-in";

// Issue 26 point 6 (and point 8's "a combo bought while its parts run out"): an operator builds a
// combo from two products in the back office; a shopper at 360 px sees its "Combo" badge and
// contents on the product page and in search, and buys it; then a part runs out and the combo
// shows out of stock, and a checkout of a cart that still holds it is refused. Axe on the new
// combo page and the product page.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };
const PHONE = { width: 360, height: 740 };

const uniqueWord = (prefix: string) =>
  `${prefix}${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

const field = (page: Page, lang: Lang, key: Parameters<typeof t>[1], values: Record<string, number> = {}) =>
  page.getByLabel(t(lang, key, values), { exact: true });

/** A product's names in both languages: they differ, as the demo store's do (other specs read the newest products' names). */
type Names = { es: string; en: string };

/** The operator creates a plain product with `quantity` units; its id. */
async function createProduct(page: Page, lang: Lang, names: Names, quantity: number): Promise<number> {
  await page.goto(`/${lang}/admin/products/new`);
  await field(page, lang, "admin.products.field.name").fill(names.es);
  await field(page, lang, "admin.products.field.nameEn").fill(names.en);
  await field(page, lang, "admin.products.field.category").selectOption({ index: 1 });
  await field(page, lang, "admin.products.field.price").fill("3.00");
  await field(page, lang, "admin.products.field.quantity").fill(String(quantity));
  await page.getByRole("button", { name: t(lang, "admin.products.submitCreate") }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/admin/products/\\d+\\?created=1$`));
  return Number(/\/products\/(\d+)/.exec(page.url())![1]);
}

/** The operator sets a product's stock in its edit form. */
async function setStock(page: Page, lang: Lang, id: number, quantity: number) {
  await page.goto(`/${lang}/admin/products/${id}`);
  await field(page, lang, "admin.products.field.quantity").fill(String(quantity));
  await page.getByRole("button", { name: t(lang, "admin.products.submitSave") }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/admin/products/${id}\\?saved=1$`));
}

async function context(browser: Browser) {
  const ctx = await browser.newContext({ viewport: PHONE });
  return { ctx, page: await ctx.newPage() };
}

/** From the cart to the placed order (or a refusal): delivery, payment, review. */
async function checkout(page: Page, lang: Lang) {
  await page.goto(`/${lang}/checkout`);
  const text = (key: Parameters<typeof t>[1]) => page.getByRole("textbox", { name: t(lang, key), exact: true });
  await text("checkout.page.field.clientId").fill("85010112345");
  await text("checkout.page.field.phone").fill("+53 5 555 1234");
  await text("checkout.page.field.address").fill("Calle 23 #456 e/ F y G, apto 3");
  await text("checkout.page.field.city").fill("Plaza de la Revolución");
  await text("checkout.page.field.state").fill("La Habana");
  await page.getByRole("combobox", { name: t(lang, "checkout.page.point.place") }).selectOption("playa");
  await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
  await expect(page).toHaveURL(/step=payment/);
  await page.getByRole("button", { name: t(lang, "checkout.page.continueReview") }).click();
  await expect(page).toHaveURL(/step=review/);
  await page.getByRole("button", { name: t(lang, "checkout.page.review.placeOrder") }).click();
}

for (const lang of LANGS) {
  test(`${lang}: issue 26 point 6, a combo built in the back office is bought, then refused when a part runs out`, async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const word = uniqueWord(lang === "es" ? "combo" : "bundle");
    const riceNames = { es: `Arroz ${word}`, en: `Rice ${word}` };
    const oilNames = { es: `Aceite ${word}`, en: `Oil ${word}` };
    const comboNames = { es: `Combo ${word}`, en: `Bundle ${word}` };
    // What the pages of this language show.
    const [riceName, oilName, comboName] = [riceNames, oilNames, comboNames].map((names) => names[lang]);
    const operator = await context(browser);
    await signInStaff(operator.page, OPERATOR, lang);
    const rice = await createProduct(operator.page, lang, riceNames, 5);
    const oil = await createProduct(operator.page, lang, oilNames, 3);

    // The new combo page, without a stock field: two part rows.
    const page = operator.page;
    await page.goto(`/${lang}/admin/products`);
    await page.getByRole("link", { name: t(lang, "admin.products.newCombo") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "admin.combos.newTitle") })).toBeVisible();
    await expect(field(page, lang, "admin.products.field.quantity")).toHaveCount(0);
    await field(page, lang, "admin.products.field.name").fill(comboNames.es);
    await field(page, lang, "admin.products.field.nameEn").fill(comboNames.en);
    await field(page, lang, "admin.products.field.category").selectOption({ index: 1 });
    await field(page, lang, "admin.products.field.price").fill("5.00");
    // A quantity out of range (0) is refused beside its row, keeping what was typed.
    await field(page, lang, "admin.combos.part", { n: 1 }).selectOption({ label: riceName });
    await field(page, lang, "admin.combos.partQty", { n: 1 }).fill("2");
    await field(page, lang, "admin.combos.part", { n: 2 }).selectOption({ label: oilName });
    await field(page, lang, "admin.combos.partQty", { n: 2 }).fill("0");
    await page.getByRole("button", { name: t(lang, "admin.combos.submitCreate") }).click();
    await expect(page.getByText(t(lang, "admin.combos.errors.quantity")).first()).toBeVisible();
    await expect(field(page, lang, "admin.combos.partQty", { n: 2 })).toHaveValue("0");
    await expectNoSeriousA11yViolations(page);
    await field(page, lang, "admin.combos.partQty", { n: 2 }).fill("1");
    await page.getByRole("button", { name: t(lang, "admin.combos.submitCreate") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/admin/products/\\d+\\?created=1$`));
    const combo = Number(/\/products\/(\d+)/.exec(page.url())![1]);

    // A shopper sees the badge and the contents: 5 rice / 2 and 3 oil allow 2 combos.
    const shopper = await context(browser);
    await newSignedInShopper(shopper.page, "combo", lang);
    await shopper.page.goto(`/${lang}/product/${combo}`);
    const contents = t(lang, "catalog.item.comboContains", {
      items: `2 × ${riceName}, 1 × ${oilName}`,
    });
    await expect(shopper.page.getByRole("heading", { level: 1, name: comboName })).toBeVisible();
    await expect(shopper.page.getByText(t(lang, "catalog.item.combo"), { exact: true }).first()).toBeVisible();
    await expect(shopper.page.getByText(contents)).toBeVisible();
    await expectNoSeriousA11yViolations(shopper.page);
    await shopper.page.goto(`/${lang}/search?q=${encodeURIComponent(comboName)}`);
    const card = shopper.page.getByRole("article").filter({ hasText: comboName });
    await expect(card.getByText(t(lang, "catalog.item.combo"), { exact: true })).toBeVisible();
    await expect(card.getByText(contents)).toBeVisible();

    await addToCartQuickly(shopper.page, combo, 1, lang);
    await checkout(shopper.page, lang);
    await expect(shopper.page).toHaveURL(/[?&]placed=[0-9a-f]{32}$/);

    // Another shopper puts the last combo in the cart; meanwhile the oil runs out.
    const late = await context(browser);
    await newSignedInShopper(late.page, "tarde", lang);
    await addToCartQuickly(late.page, combo, 1, lang);
    await setStock(operator.page, lang, oil, 0);
    await late.page.goto(`/${lang}/product/${combo}`);
    await expect(late.page.getByText(t(lang, "pdp.stock.out")).first()).toBeVisible();
    await checkout(late.page, lang);
    await expect(
      late.page.getByText(new RegExp(escapeRegExp(t(lang, "checkout.errors.soldOut", { name: comboName })))),
    ).toBeVisible();
    await expect(late.page).not.toHaveURL(/placed=/);
    // The rice left is what the first order did not take.
    await operator.page.goto(`/${lang}/admin/products/${rice}`);
    await expect(field(operator.page, lang, "admin.products.field.quantity")).toHaveValue("3");

    for (const c of [operator, shopper, late]) await c.ctx.close();
  });
}
