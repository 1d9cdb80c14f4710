import { type Page, expect, test } from "@playwright/test";
import sharp from "sharp";
import {
  type Lang,
  apiCategories,
  apiCompany,
  apiSlides,
  escapeRegExp,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  t,
} from "./support";
import { signInStaff } from "./staff-sign-in";

// The back office's categories, slides and company info (issue 12, point 4 "categories" and
// point 5 "slides, company info"; spec §2.4 footer, §2.5 home carousel, §2.7 category page,
// §2.18 help centre, §3; D3, D15): what the operator changes shows on the storefront at once
// (caches invalidated), refused forms keep what was typed with or without JavaScript, axe finds
// nothing serious at phone and desktop widths.

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;
// The tests change shared records (order of categories, a slide, company info): one after another.
test.describe.configure({ mode: "default" });

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** A small photo as a phone would send it (JPEG), for the file inputs. */
async function photo(colour: string) {
  const buffer = await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name: "foto.jpg", mimeType: "image/jpeg", buffer };
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test.describe("back office content (issue 12, points 4 and 5)", () => {
  test("es: the operator creates a subcategory with an image and the category page shows it at once", async ({
    page,
  }) => {
    await signInStaff(page, OPERATOR, "es");
    const [top] = await apiCategories(page.request);
    const id = unique();
    const name = `Gorras prueba ${id}`;
    await gotoHydrated(page, "/es/admin/categories");
    await page.getByRole("link", { name: t("es", "admin.categories.addSubTo", { name: top.name }) }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("es", "admin.categories.newTitle") })).toBeVisible();
    await expect(page.getByLabel(t("es", "admin.categories.field.parent"), { exact: true })).toHaveValue(
      String(top.id),
    );
    await page.getByLabel(t("es", "admin.categories.field.name"), { exact: true }).fill(name);
    await page.getByLabel(t("es", "admin.categories.field.nameEn"), { exact: true }).fill(`Test caps ${id}`);
    await page
      .getByLabel(t("es", "admin.categories.field.image"), { exact: true })
      .setInputFiles(await photo("#dc2626"));
    await page.getByRole("button", { name: t("es", "admin.categories.create") }).click();
    await expect(page).toHaveURL(/\/es\/admin\/categories\?created=1/);
    await expect(
      page.getByRole("status").filter({ hasText: t("es", "admin.categories.notice.created") }),
    ).toBeVisible();
    const slug = `gorras-prueba-${id}`;
    await expect(page.getByText(`/${slug}`, { exact: true })).toBeVisible();

    // §2.7: the category page lists it as a subcategory card with its uploaded image.
    await page.goto(`/es/shop/${top.slug}`);
    const tile = page.getByRole("main").getByRole("link", { name: new RegExp(escapeRegExp(name)) });
    await expect(tile).toHaveAttribute("href", `/es/shop/${top.slug}/${slug}`);
    await expect(tile.locator("img")).toHaveAttribute("src", /^\/media\/categories\/[\w-]+\.webp\?w=\d+$/);
    // English pages show the English name (D3).
    await page.goto(`/en/shop/${top.slug}`);
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(`Test caps ${id}`) })).toBeVisible();
  });

  test("es: moving a top category down swaps it with the next one on the shop and home pages", async ({ page }) => {
    await signInStaff(page, OPERATOR, "es");
    const [first, second] = await apiCategories(page.request);
    await gotoHydrated(page, "/es/admin/categories");
    await page.getByRole("button", { name: t("es", "admin.categories.moveDown", { name: first.name }) }).click();
    await expect(page).toHaveURL(/\/es\/admin\/categories\?moved=1/);
    await expect(page.getByRole("status").filter({ hasText: t("es", "admin.categories.notice.moved") })).toBeVisible();

    await page.goto("/es/shop");
    const shopHeadings = page.getByRole("main").getByRole("heading", { level: 2 });
    await expect(shopHeadings.nth(0)).toHaveText(second.name);
    await expect(shopHeadings.nth(1)).toHaveText(first.name);
    await page.goto("/es/");
    const home = await page.getByRole("main").getByRole("heading", { level: 3 }).allTextContents();
    expect(home.indexOf(second.name)).toBeGreaterThanOrEqual(0);
    expect(home.indexOf(second.name)).toBeLessThan(home.indexOf(first.name));

    // And back up again: the store's order as it was.
    await gotoHydrated(page, "/es/admin/categories");
    await page.getByRole("button", { name: t("es", "admin.categories.moveUp", { name: first.name }) }).click();
    await expect(page).toHaveURL(/\?moved=1/);
    expect((await apiCategories(page.request)).slice(0, 2).map((c) => c.id)).toEqual([first.id, second.id]);
  });

  test("es: editing a slide's Spanish title shows it in the home carousel at once", async ({ page }) => {
    await signInStaff(page, OPERATOR, "es");
    const slides = await apiSlides(page.request, "es");
    const target = slides[0];
    const title = `Oferta de la semana ${unique()}`;
    await gotoHydrated(page, `/es/admin/slides`);
    await page.getByRole("link", { name: `${t("es", "admin.slides.edit")} ${target.title}` }).click();
    await expect(page.getByLabel(t("es", "admin.slides.field.title"), { exact: true })).toHaveValue(target.title);
    await page.getByLabel(t("es", "admin.slides.field.title"), { exact: true }).fill(title);
    await page.getByRole("button", { name: t("es", "admin.slides.save") }).click();
    await expect(page).toHaveURL(/\/es\/admin\/slides\?saved=1/);
    await expect(page.getByRole("link", { name: `${t("es", "admin.slides.edit")} ${title}` })).toBeVisible();

    await gotoHydrated(page, "/es/");
    const carousel = page.getByRole("region", { name: t("es", "home.carousel.label") });
    if (slides.length > 1)
      await carousel.getByRole("button", { name: t("es", "home.carousel.goTo", { n: 1 }) }).click();
    await expect(carousel.getByRole("heading", { level: 2, name: title })).toBeVisible();
  });

  test("es: changing the support email shows it in the footer and the help centre at once", async ({ page }) => {
    await signInStaff(page, OPERATOR, "es");
    const email = `ayuda-${unique()}@tienda.cu`;
    await gotoHydrated(page, "/es/admin/company");
    const field = page.getByLabel(t("es", "admin.company.field.supportEmail"), { exact: true });
    await field.fill(email);
    await page.getByRole("button", { name: t("es", "admin.company.save") }).click();
    await expect(page).toHaveURL(/\/es\/admin\/company\?saved=1/);
    await expect(page.getByRole("status").filter({ hasText: t("es", "admin.form.saved") })).toBeVisible();
    await expect(field).toHaveValue(email);
    expect((await apiCompany(page.request, "es")).support_email).toBe(email);

    await page.goto("/es/help-center");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: email })).toHaveAttribute(
      "href",
      `mailto:${email}`,
    );
    await expect(
      page.getByRole("complementary", { name: t("es", "staticPages.help.contact.title") }).getByText(email),
    ).toBeVisible();
  });

  test("es with JavaScript: a 270 KB logo goes through company.data and the storefront shows it (issue 22 point 2)", async ({
    page,
  }) => {
    await signInStaff(page, OPERATOR, "es");
    await gotoHydrated(page, "/es/admin/company");
    // Noise does not compress: a PNG of about 270 KB, over the 64 KB cap of every other page.
    const size = 300;
    const noise = Buffer.from(Array.from({ length: size * size * 3 }, () => Math.floor(Math.random() * 256)));
    const buffer = await sharp(noise, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer();
    expect(buffer.byteLength).toBeGreaterThan(250_000);
    await page
      .getByLabel(t("es", "admin.company.field.logo"), { exact: true })
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer });
    const posted = page.waitForResponse((res) => res.request().method() === "POST");
    await page.getByRole("button", { name: t("es", "admin.company.save") }).click();
    const response = await posted;
    expect(new URL(response.url()).pathname).toBe("/es/admin/company.data");
    expect(response.status()).toBeLessThan(400);
    await expect(page).toHaveURL(/\/es\/admin\/company\?saved=1/);
    await expect(page.getByRole("status").filter({ hasText: t("es", "admin.form.saved") })).toBeVisible();
    expect((await apiCompany(page.request, "es")).company_logo_url).toMatch(/^\/media\/brand\/[\w-]+\.webp$/);
  });

  test("es without JavaScript: a refused category keeps what was typed, each error beside its field", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInStaff(page, OPERATOR, "es");
    const [top] = await apiCategories(page.request);
    await page.goto("/es/admin/categories/new");
    await page.getByLabel(t("es", "admin.categories.field.name"), { exact: true }).fill("Categoría sin JavaScript");
    await page.getByLabel(t("es", "admin.categories.field.slug"), { exact: true }).fill("Slug Malo");
    await page.getByLabel(t("es", "admin.categories.field.parent"), { exact: true }).selectOption(String(top.id));
    const response = page.waitForResponse((res) => res.request().method() === "POST");
    await page.getByRole("button", { name: t("es", "admin.categories.create") }).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByRole("heading", { name: t("es", "accounts.form.errorsHeading") })).toBeVisible();
    const slug = page.getByLabel(t("es", "admin.categories.field.slug"), { exact: true });
    await expect(slug).toHaveValue("Slug Malo");
    await expect(slug).toHaveAttribute("aria-invalid", "true");
    await expect(slug).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(t("es", "admin.categories.errors.slugFormat"))),
    );
    await expect(page.getByLabel(t("es", "admin.categories.field.name"), { exact: true })).toHaveValue(
      "Categoría sin JavaScript",
    );
    await expect(page.getByLabel(t("es", "admin.categories.field.parent"), { exact: true })).toHaveValue(
      String(top.id),
    );
    await shoot(page, "admin-category-refused-nojs-es");

    // The slide form too: a WhatsApp button without a phone, and a link that is not ours.
    await page.goto("/es/admin/slides/new");
    await page.getByLabel(t("es", "admin.slides.field.title"), { exact: true }).fill("Sin imagen ni teléfono");
    await page.getByLabel(t("es", "admin.slides.field.link"), { exact: true }).fill("javascript:alert(1)");
    await page.getByLabel(t("es", "admin.slides.field.hasWhatsapp"), { exact: true }).check();
    await page.getByRole("button", { name: t("es", "admin.slides.create") }).click();
    const phone = page.getByLabel(t("es", "admin.slides.field.phoneNumber"), { exact: true });
    await expect(phone).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(t("es", "admin.slides.errors.phoneRequired"))),
    );
    await expect(page.getByLabel(t("es", "admin.slides.field.link"), { exact: true })).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(t("es", "admin.slides.errors.link"))),
    );
    await expect(page.getByLabel(t("es", "admin.slides.field.image"), { exact: true })).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(t("es", "admin.slides.errors.imageRequired"))),
    );
    await expect(page.getByLabel(t("es", "admin.slides.field.title"), { exact: true })).toHaveValue(
      "Sin imagen ni teléfono",
    );
    await expect(page.getByLabel(t("es", "admin.slides.field.hasWhatsapp"), { exact: true })).toBeChecked();
    await context.close();
  });

  test("en: the operator edits a slide's English title, and a dispatch point outside Cuba is refused", async ({
    page,
  }) => {
    const lang: Lang = "en";
    await signInStaff(page, OPERATOR, lang);
    const [target] = await apiSlides(page.request, "es");
    const title = `Weekly deal ${unique()}`;
    await gotoHydrated(page, `/en/admin/slides/${target.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      t(lang, "admin.slides.editTitleOf", { title: target.title }),
    );
    await page.getByLabel(t(lang, "admin.slides.field.titleEn"), { exact: true }).fill(title);
    await page.getByRole("button", { name: t(lang, "admin.slides.save") }).click();
    await expect(page.getByRole("status").filter({ hasText: t(lang, "admin.slides.notice.saved") })).toBeVisible();
    expect((await apiSlides(page.request, "en")).find((s) => s.id === target.id)?.title).toBe(title);
    await gotoHydrated(page, "/en/");
    const carousel = page.getByRole("region", { name: t(lang, "home.carousel.label") });
    await expect(carousel.getByRole("heading", { level: 2, name: title, includeHidden: true })).toHaveCount(1);

    // With JavaScript on, a refusal also keeps what was typed and says why beside the field.
    await gotoHydrated(page, "/en/admin/company");
    const latitude = page.getByLabel(t(lang, "admin.company.field.dispatchLatitude"), { exact: true });
    await latitude.fill("40.4168");
    await page.getByLabel(t(lang, "admin.company.field.facebookUrl"), { exact: true }).fill("http://facebook.com/x");
    await page.getByRole("button", { name: t(lang, "admin.company.save") }).click();
    await expect(latitude).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(t(lang, "admin.company.errors.outsideCuba"))),
    );
    await expect(latitude).toHaveValue("40.4168");
    await expect(
      page.getByLabel(t(lang, "admin.company.field.facebookUrl"), { exact: true }),
    ).toHaveAccessibleDescription(new RegExp(escapeRegExp(t(lang, "admin.company.errors.url"))));
    await expect(
      page.getByRole("alert").getByRole("link", { name: new RegExp(t(lang, "admin.company.field.dispatchLatitude")) }),
    ).toBeVisible();
    expect((await apiCompany(page.request, "en")).facebook_url).not.toBe("http://facebook.com/x");
    await shoot(page, "admin-company-refused-en");
  });

  for (const lang of ["es", "en"] as const) {
    for (const [label, viewport] of [
      ["360 px", { width: 360, height: 740 }],
      ["desktop", { width: 1280, height: 800 }],
    ] as const) {
      test(`${lang}: axe finds nothing serious on the categories, slides and company pages at ${label}`, async ({
        page,
      }) => {
        test.setTimeout(120_000);
        await page.setViewportSize(viewport);
        await signInStaff(page, OPERATOR, lang);
        const [top] = await apiCategories(page.request);
        const [slide] = await apiSlides(page.request, "es");
        const pages = [
          ["categories", "/admin/categories"],
          ["category-new", "/admin/categories/new"],
          ["category-edit", `/admin/categories/${top.id}`],
          ["slides", "/admin/slides"],
          ["slide-new", "/admin/slides/new"],
          ["slide-edit", `/admin/slides/${slide.id}`],
          ["company", "/admin/company"],
        ] as const;
        for (const [name, path] of pages) {
          await gotoHydrated(page, `/${lang}${path}`);
          await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
          await expectNoSeriousA11yViolations(page);
          await shoot(page, `admin-${name}-${lang}-${viewport.width}`);
        }
      });
    }
  }
});
