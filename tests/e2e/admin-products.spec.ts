import { type Browser, type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import { type Lang, expectNoSeriousA11yViolations, t } from "./support";
import { signInStaff } from "./staff-sign-in";

// Issue 12, point 4 (spec §3 Product, §2.12 search, §2.10 product page): the seeded operator
// creates a product with two uploaded images, finds it in the storefront's search, sees its WebP
// images on its page, edits its stock, archives it and it leaves the search; a refused form keeps
// what was typed with each error beside its field, with and without JavaScript; axe on the list
// and the form at phone and desktop widths.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/** Axe finds nothing serious and nothing is wider than the screen (issue 12, point 7: usable at 360 px). */
async function checkLayout(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** A made-up word no seeded product holds, so the search finds only this run's product. */
function uniqueWord(prefix: string): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  return `${prefix}${letters}`;
}

async function picture(format: "png" | "jpeg", background: string) {
  return sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

const field = (page: Page, lang: Lang, key: Parameters<typeof t>[1], values: Record<string, string | number> = {}) =>
  page.getByLabel(t(lang, key, values), { exact: true });

/** Fills the required fields of the product form and picks the first category on offer. */
async function fillRequired(page: Page, lang: Lang, name: string, nameEn: string) {
  await field(page, lang, "admin.products.field.name").fill(name);
  await field(page, lang, "admin.products.field.nameEn").fill(nameEn);
  await field(page, lang, "admin.products.field.category").selectOption({ index: 1 });
  await field(page, lang, "admin.products.field.price").fill("12.50");
  await field(page, lang, "admin.products.field.quantity").fill("7");
}

async function signedInPage(browser: Browser, lang: Lang, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInStaff(page, OPERATOR, lang);
  return { context, page };
}

test.describe("back office: products (issue 12, point 4)", () => {
  test("es: create with two images, find it in search, see its WebP images, edit the stock, archive it", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { context, page } = await signedInPage(browser, "es");
    const word = uniqueWord("zunzun");
    const name = `Termo ${word} de acero`;

    await page.goto("/es/admin/products");
    await page.getByRole("link", { name: t("es", "admin.products.new") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("es", "admin.products.newTitle") })).toBeVisible();
    await fillRequired(page, "es", name, `Steel ${word} flask`);
    await field(page, "es", "admin.products.field.description").fill("Mantiene el café caliente 12 horas.");
    await field(page, "es", "admin.products.field.brand").fill("Tinajón");
    await field(page, "es", "admin.products.colors.name", { n: 1 }).fill("Azul");
    await field(page, "es", "admin.products.colors.nameEn", { n: 1 }).fill("Blue");
    await field(page, "es", "admin.products.colors.hex", { n: 1 }).fill("#1e40af");
    await field(page, "es", "admin.products.field.varieties").fill("500 ml\n1 L");
    await field(page, "es", "admin.products.image", { n: 1 }).setInputFiles({
      name: "termo.png",
      mimeType: "image/png",
      buffer: await picture("png", "#1e40af"),
    });
    await field(page, "es", "admin.products.image", { n: 2 }).setInputFiles({
      name: "termo-2.jpg",
      mimeType: "image/jpeg",
      buffer: await picture("jpeg", "#f59e0b"),
    });
    await page.getByRole("button", { name: t("es", "admin.products.submitCreate") }).click();
    await expect(page).toHaveURL(/\/es\/admin\/products\/\d+\?created=1$/);
    await expect(page.getByText(t("es", "admin.products.created"))).toBeVisible();
    const productId = Number(/\/products\/(\d+)/.exec(page.url())![1]);
    // The edit page shows both stored images.
    await expect(page.getByRole("img", { name: t("es", "admin.products.images.current", { n: 1 }) })).toBeVisible();
    await expect(page.getByRole("img", { name: t("es", "admin.products.images.current", { n: 2 }) })).toBeVisible();

    // The storefront's search finds it at once by a word of its name.
    await page.goto(`/es/search?q=${word}`);
    const result = page.getByRole("main").locator(`a[href="/es/product/${productId}"]`).first();
    await expect(result).toBeVisible();
    await result.click();
    await expect(page).toHaveURL(new RegExp(`/es/product/${productId}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // Its images are the uploaded ones, served as WebP widths.
    const sources = await page
      .getByRole("main")
      .locator('img[src*="/media/products/"]')
      .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).getAttribute("src") ?? ""));
    const distinct = new Set(sources.map((src) => src.split("?")[0]));
    expect(distinct.size).toBe(2);
    for (const src of sources) {
      expect(src).toMatch(/\.webp\?w=\d+$/);
      const res = await page.request.get(src);
      expect(res.status(), src).toBe(200);
      expect(res.headers()["content-type"]).toBe("image/webp");
    }

    // Edit the stock.
    await page.goto(`/es/admin/products/${productId}`);
    await field(page, "es", "admin.products.field.quantity").fill("3");
    await page.getByRole("button", { name: t("es", "admin.products.submitSave") }).click();
    await expect(page).toHaveURL(new RegExp(`/es/admin/products/${productId}\\?saved=1$`));
    await expect(page.getByText(t("es", "admin.products.saved"))).toBeVisible();
    await expect(field(page, "es", "admin.products.field.quantity")).toHaveValue("3");
    await page.goto(`/es/admin/products?q=${word}`);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell").nth(5)).toHaveText(/3/);

    // Archive it: it leaves the search and its page.
    await row.getByRole("link", { name }).click();
    await page.getByRole("button", { name: t("es", "admin.products.archive.button") }).click();
    await expect(page.getByText(t("es", "admin.products.archived"))).toBeVisible();
    await expect(page.getByText(t("es", "admin.products.archive.notice"))).toBeVisible();
    await page.goto(`/es/search?q=${word}`);
    await expect(page.getByRole("main").locator(`a[href="/es/product/${productId}"]`)).toHaveCount(0);
    expect((await page.request.get(`/es/product/${productId}`)).status()).toBe(404);
    expect((await page.request.get(`/api/product/product/${productId}?lang=es`)).status()).toBe(404);
    await context.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`es: a refused form keeps what was typed and shows each error beside its field (JavaScript ${
      javaScriptEnabled ? "on" : "off"
    })`, async ({ browser }) => {
      const { context, page } = await signedInPage(browser, "es", javaScriptEnabled);
      await page.goto("/es/admin/products/new");
      await fillRequired(page, "es", "", "Nameless flask");
      await field(page, "es", "admin.products.field.brand").fill("Tinajón");
      await field(page, "es", "admin.products.colors.name", { n: 2 }).fill("Rojo");
      await field(page, "es", "admin.products.colors.hex", { n: 2 }).fill("rojo");
      await field(page, "es", "admin.products.field.features").fill("Tapa de rosca\nAsa");
      await page.getByRole("button", { name: t("es", "admin.products.submitCreate") }).click();

      await expect(page.getByRole("heading", { name: t("es", "accounts.form.errorsHeading") })).toBeVisible();
      await expect(page).toHaveURL(/\/es\/admin\/products\/new$/);
      const name = field(page, "es", "admin.products.field.name");
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#product-name-error")).toHaveText(new RegExp(t("es", "admin.form.required")));
      const hex = field(page, "es", "admin.products.colors.hex", { n: 2 });
      await expect(hex).toHaveValue("rojo");
      await expect(page.locator("#product-colorHex1-error")).toContainText(t("es", "admin.products.errors.hex"));
      // What was typed is all there.
      await expect(field(page, "es", "admin.products.field.nameEn")).toHaveValue("Nameless flask");
      await expect(field(page, "es", "admin.products.field.brand")).toHaveValue("Tinajón");
      await expect(field(page, "es", "admin.products.field.price")).toHaveValue("12.50");
      await expect(field(page, "es", "admin.products.colors.name", { n: 2 })).toHaveValue("Rojo");
      await expect(field(page, "es", "admin.products.field.features")).toHaveValue("Tapa de rosca\nAsa");
      await expect(field(page, "es", "admin.products.field.category")).not.toHaveValue("");
      await context.close();
    });
  }

  test("en: create, find it in the list, archive and filter the archived ones", async ({ browser }) => {
    const { context, page } = await signedInPage(browser, "en");
    const word = uniqueWord("tocororo");
    await page.goto("/en/admin/products/new");
    await expect(page.getByRole("heading", { level: 1, name: t("en", "admin.products.newTitle") })).toBeVisible();
    await fillRequired(page, "en", `Lámpara ${word}`, `${word} lamp`);
    await field(page, "en", "admin.products.field.wholesalePrice").fill("20");
    await page.getByRole("button", { name: t("en", "admin.products.submitCreate") }).click();
    // The wholesale price must be below the price: refused beside its field, in English.
    await expect(page.locator("#product-wholesalePrice-error")).toContainText(
      t("en", "admin.products.errors.wholesaleNotBelow"),
    );
    await field(page, "en", "admin.products.field.wholesalePrice").fill("10");
    await page.getByRole("button", { name: t("en", "admin.products.submitCreate") }).click();
    await expect(page.getByText(t("en", "admin.products.created"))).toBeVisible();

    await page.goto("/en/admin/products");
    await page.getByRole("searchbox", { name: t("en", "admin.products.filter.q"), exact: true }).fill(word);
    await page.getByRole("button", { name: t("en", "admin.products.filter.submit") }).click();
    const row = page.getByRole("row").filter({ hasText: `${word} lamp` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t("en", "admin.products.status.active"));
    await row.getByRole("link", { name: `${word} lamp` }).click();
    await page.getByRole("button", { name: t("en", "admin.products.archive.button") }).click();
    await expect(page.getByText(t("en", "admin.products.archived"))).toBeVisible();

    await page.goto(`/en/admin/products?q=${word}`);
    await expect(page.getByText(t("en", "admin.products.emptyFiltered"))).toBeVisible();
    await page.getByLabel(t("en", "admin.products.filter.status")).selectOption("archived");
    await page.getByRole("button", { name: t("en", "admin.products.filter.submit") }).click();
    await expect(page).toHaveURL(/status=archived/);
    await expect(page.getByRole("row").filter({ hasText: `${word} lamp` })).toContainText(
      t("en", "admin.products.status.archived"),
    );
    await page.getByRole("link", { name: `${word} lamp` }).click();
    await page.getByRole("button", { name: t("en", "admin.products.restore.button") }).click();
    await expect(page.getByText(t("en", "admin.products.restored"))).toBeVisible();
    await context.close();
  });

  for (const [width, height] of [
    [360, 740],
    [1280, 800],
  ] as const) {
    test(`axe: the list and the forms have no serious violations at ${width} px`, async ({ browser }) => {
      test.setTimeout(120_000); // axe over a 50-row list on a shared machine
      const { context, page } = await signedInPage(browser, "es");
      await page.setViewportSize({ width, height });
      await page.goto("/es/admin/products");
      await expect(page.getByRole("heading", { level: 1, name: t("es", "admin.products.title") })).toBeVisible();
      await checkLayout(page, `products-list-${width}`);
      const firstProduct = page.getByRole("table").locator('a[href^="/es/admin/products/"]').first();
      const href = await firstProduct.getAttribute("href");
      await page.goto("/es/admin/products/new");
      await page.getByRole("button", { name: t("es", "admin.products.submitCreate") }).click();
      await expect(page.getByRole("heading", { name: t("es", "accounts.form.errorsHeading") })).toBeVisible();
      await checkLayout(page, `products-new-${width}`);
      await page.goto(href!);
      await expect(page.getByRole("heading", { level: 1, name: t("es", "admin.products.editTitle") })).toBeVisible();
      await checkLayout(page, `products-edit-${width}`);
      await page.goto("/en/admin/products?stock=low");
      await checkLayout(page, `products-list-en-${width}`);
      await context.close();
    });
  }
});
