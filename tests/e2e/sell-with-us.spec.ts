import { randomUUID } from "node:crypto";
import { type Locator, type Page, type Route, expect, test } from "@playwright/test";
import { mailsTo } from "./mail";
import { type Lang, LANGS, escapeRegExp, expectNoSeriousA11yViolations, gotoHydrated, t } from "./support";

/** §2.19 "Sell with us" and the §4.7 seller application, in both languages, with and without JavaScript. */

const uniqueEmail = () => `vendedor-${randomUUID()}@example.com`;

type Fields = {
  businessName: string;
  contactName: string;
  email: string;
  phone: string;
  address: string;
  productCategories: string;
  businessDescription: string;
};

const valid = (): Fields => ({
  businessName: "Dulcería La Habanera",
  contactName: "Marta Pérez",
  email: uniqueEmail(),
  phone: "+53 5 123 4567",
  address: "Calle 23 No. 456, Vedado, La Habana",
  productCategories: "Dulces, panadería",
  businessDescription: "Dulcería familiar desde 2015: cakes, panetelas y galletas hechas cada día.",
});

function form(page: Page, lang: Lang) {
  const main = page.getByRole("main");
  const field = (name: keyof Fields) => main.getByLabel(t(lang, `sell.field.${name}`), { exact: true });
  return {
    region: main.getByRole("region", { name: t(lang, "sell.form.title") }),
    field,
    type: (type: "local" | "warehouse") =>
      main.getByRole("radio", { name: new RegExp(`^${t(lang, `sell.type.${type}`)}`) }),
    terms: main.getByRole("checkbox", { name: t(lang, "sell.form.terms") }),
    submit: main.getByRole("button", { name: t(lang, "sell.form.submit") }),
    sending: main.getByRole("button", { name: t(lang, "sell.form.sending") }),
    cancel: main.getByRole("button", { name: t(lang, "sell.form.cancel") }),
    success: main.getByRole("heading", { name: t(lang, "sell.form.success.title") }),
    close: main.getByRole("button", { name: t(lang, "sell.form.close") }),
    start: main.getByRole("button", { name: t(lang, "sell.hero.start") }),
  };
}

async function fill(
  page: Page,
  lang: Lang,
  values: Fields,
  opts: { type?: "local" | "warehouse"; terms?: boolean } = {},
) {
  const f = form(page, lang);
  for (const [name, value] of Object.entries(values) as Array<[keyof Fields, string]>) await f.field(name).fill(value);
  await f.type(opts.type ?? "local").check();
  if (opts.terms ?? true) await f.terms.check();
}

/** The field's error: next to it, its accessible description, and the field marked invalid. */
async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

/** The fetcher's POST to the page action (single fetch: `/{lang}/sell-with-us.data`). */
const isActionPost = (route: Route) => route.request().method() === "POST";

for (const lang of LANGS) {
  test.describe(`/${lang}/sell-with-us`, () => {
    test(`§2.19 hero, stats from company info, contact block, and axe (${lang})`, async ({ page, request }) => {
      const company = (await (await request.get(`/api/info/company-info?lang=${lang}`)).json()).company_info;
      await gotoHydrated(page, `/${lang}/sell-with-us`);
      await expect(page).toHaveTitle(new RegExp(`^${t(lang, "sell.title")} \\|`));
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(
        t(lang, "sell.hero.heading", { name: company.name }),
      );
      const stats = main.getByRole("region", { name: t(lang, "sell.stats.label") });
      await expect(stats.getByRole("definition")).toHaveText([
        company.providers.toLocaleString(lang),
        company.products.toLocaleString(lang),
        t(lang, "sell.stats.percent", { percent: 95 }),
      ]);
      await expect(stats.getByRole("term")).toHaveText([
        t(lang, "sell.stats.providers"),
        t(lang, "sell.stats.products"),
        t(lang, "sell.stats.satisfaction"),
      ]);
      const contact = main.getByRole("region", { name: t(lang, "sell.contact.title") });
      await expect(contact.getByRole("link", { name: new RegExp(escapeRegExp(company.sells_phone)) })).toHaveAttribute(
        "href",
        `tel:${company.sells_phone.replace(/[^\d+]/g, "")}`,
      );
      await expect(contact.getByRole("link", { name: new RegExp(escapeRegExp(company.sales_email)) })).toHaveAttribute(
        "href",
        `mailto:${company.sales_email}`,
      );
      await expect(contact.getByRole("link", { name: t(lang, "sell.contact.whatsapp") })).toHaveAttribute(
        "href",
        `https://wa.me/${company.sells_phone.replace(/\D/g, "")}`,
      );
      await expect(contact.getByRole("link", { name: t(lang, "sell.contact.chat") })).toHaveAttribute(
        "href",
        `/${lang}/chat`,
      );
      await expect(contact).toContainText(t(lang, "sell.contact.availability"));
      await expectNoSeriousA11yViolations(page);
    });

    test(`§2.19 tabs: tab semantics, arrow keys, local/warehouse split, the five steps (${lang})`, async ({ page }) => {
      await gotoHydrated(page, `/${lang}/sell-with-us`);
      const main = page.getByRole("main");
      const tablist = main.getByRole("tablist", { name: t(lang, "sell.tabs.label") });
      const tabs = tablist.getByRole("tab");
      await expect(tabs).toHaveText(
        (["overview", "requirements", "models", "benefits", "process"] as const).map((id) =>
          t(lang, `sell.tabs.${id}`),
        ),
      );
      const tab = (id: "overview" | "requirements" | "models" | "benefits" | "process") =>
        tablist.getByRole("tab", { name: t(lang, `sell.tabs.${id}`) });
      await expect(tab("overview")).toHaveAttribute("aria-selected", "true");
      await expect(main.getByRole("tabpanel")).toHaveCount(1);
      await expect(main.getByRole("tabpanel")).toContainText(t(lang, "sell.overview.title"));

      await tab("requirements").click();
      const panel = main.getByRole("tabpanel", { name: t(lang, "sell.tabs.requirements") });
      await expect(panel.getByRole("heading", { level: 3 })).toHaveText([
        t(lang, "sell.type.local"),
        t(lang, "sell.type.warehouse"),
      ]);
      await expect(panel).toContainText(t(lang, "sell.requirements.warehouse.commitment_one", { count: 1 }));
      await expect(panel).toContainText(t(lang, "sell.requirements.products", { days: 15 }));

      // Arrow keys move and select (automatic activation); End goes to the last tab.
      await page.keyboard.press("ArrowRight");
      await expect(tab("models")).toBeFocused();
      await expect(tab("models")).toHaveAttribute("aria-selected", "true");
      await expect(main.getByRole("tabpanel", { name: t(lang, "sell.tabs.models") })).toContainText(
        t(lang, "sell.models.warehouse.text"),
      );
      await page.keyboard.press("End");
      await expect(tab("process")).toBeFocused();
      const steps = main.getByRole("tabpanel", { name: t(lang, "sell.tabs.process") }).getByRole("listitem");
      await expect(steps).toHaveCount(5);
      await expect(steps.nth(0)).toContainText(t(lang, "sell.time.minutes", { min: 5, max: 10 }));
      await expect(steps.nth(1)).toContainText(t(lang, "sell.time.businessDays", { min: 2, max: 5 }));
      await expect(steps.nth(2)).toContainText(t(lang, "sell.time.days", { min: 1, max: 2 }));
      await expect(steps.nth(3)).toContainText(t(lang, "sell.time.days", { min: 1, max: 3 }));
      await page.keyboard.press("ArrowRight");
      await expect(tab("overview")).toBeFocused();
      await page.keyboard.press("ArrowLeft");
      await expect(tab("process")).toHaveAttribute("aria-selected", "true");
      await expectNoSeriousA11yViolations(page);
    });

    test(`§4.7 with JavaScript: errors next to the fields, submitting, success, close (${lang})`, async ({ page }) => {
      await gotoHydrated(page, `/${lang}/sell-with-us`);
      const f = form(page, lang);
      await expect(f.region).toHaveCount(0);
      await expect(f.start).toHaveAttribute("aria-expanded", "false");
      await f.start.click();
      await expect(f.region).toBeVisible();
      await expect(f.region.getByRole("heading", { name: t(lang, "sell.form.title") })).toBeFocused();
      await expect(f.start).toHaveAttribute("aria-expanded", "true");

      // Everything empty: each field says so, and the focus goes to the first.
      await f.submit.click();
      await expect(f.field("businessName")).toBeFocused();
      for (const name of ["businessName", "contactName", "email", "phone", "address"] as const) {
        await expectFieldError(f.field(name), t(lang, "sell.errors.required"));
      }
      await expect(f.region).toContainText(t(lang, "sell.errors.providerType"));
      await expectFieldError(f.terms, t(lang, "sell.errors.terms"));
      await expectNoSeriousA11yViolations(page);

      // A bad email and a short description, the rest right.
      const values = valid();
      await fill(page, lang, { ...values, email: "marta@", businessDescription: "Muy corta" }, { type: "warehouse" });
      await f.submit.click();
      await expectFieldError(f.field("email"), t(lang, "sell.errors.email"));
      await expectFieldError(f.field("businessDescription"), t(lang, "sell.errors.tooShort", { min: 20 }));
      await expect(f.field("businessName")).not.toHaveAttribute("aria-invalid", "true");

      // Submitting: the button is disabled and says so until the answer arrives.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/sell-with-us.data*", async (route) => {
        if (!isActionPost(route)) return route.continue();
        await held;
        await route.continue();
      });
      await f.field("email").fill(values.email);
      await f.field("businessDescription").fill(values.businessDescription);
      await f.submit.click();
      await expect(f.sending).toBeDisabled();
      release();
      await expect(f.success).toBeFocused();
      const done = page.getByRole("main").getByRole("region", { name: t(lang, "sell.form.success.title") });
      await expect(done).toContainText(t(lang, "sell.form.success.text", { min: 2, max: 5 }));
      await expect(f.field("businessName")).toHaveCount(0);

      // The acknowledgement arrives in the page's language.
      await expect
        .poll(() => mailsTo(values.email).map((m) => m.subject))
        .toEqual([expect.stringContaining(lang === "es" ? "Recibimos tu solicitud" : "We received your application")]);

      // Close: the panel goes, the focus returns; opening again starts an empty form.
      await f.close.click();
      await expect(f.region).toHaveCount(0);
      await expect(f.start).toBeFocused();
      await f.start.click();
      await expect(f.field("businessName")).toHaveValue("");
      await expect(f.terms).not.toBeChecked();
    });

    test(`§4.7 with JavaScript: a server failure shows the error above the form; cancel and Escape close (${lang})`, async ({
      page,
    }) => {
      await gotoHydrated(page, `/${lang}/sell-with-us`);
      const f = form(page, lang);
      await f.start.click();
      const values = valid();
      await fill(page, lang, values);
      await page.route("**/sell-with-us.data*", (route) =>
        isActionPost(route) ? route.fulfill({ status: 500, body: "Internal Server Error" }) : route.continue(),
      );
      await f.submit.click();
      const alert = f.region.getByRole("alert");
      await expect(alert).toHaveText(t(lang, "sell.form.error"));
      // Above the form, and what was typed is kept.
      const alertBox = (await alert.boundingBox())!;
      const firstField = (await f.field("businessName").boundingBox())!;
      expect(alertBox.y).toBeLessThan(firstField.y);
      await expect(f.field("businessName")).toHaveValue(values.businessName);
      await expect(f.field("businessDescription")).toHaveValue(values.businessDescription);
      await expect(f.terms).toBeChecked();
      await expect(f.submit).toBeEnabled();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

      await f.cancel.click();
      await expect(f.region).toHaveCount(0);
      await expect(f.start).toBeFocused();
      await expect(f.start).toHaveAttribute("aria-expanded", "false");

      await f.start.click();
      await expect(f.region).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(f.region).toHaveCount(0);
      await expect(f.start).toBeFocused();
      expect(mailsTo(values.email)).toEqual([]);
    });

    test(`§4.7 without JavaScript: the link opens the form, the server's errors keep what was typed, success (${lang})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/${lang}/sell-with-us?tab=process`);
      const main = page.getByRole("main");
      // The tabs are links; the server rendered the chosen panel.
      const nav = main.getByRole("navigation", { name: t(lang, "sell.tabs.label") });
      await expect(nav.getByRole("link", { name: t(lang, "sell.tabs.process") })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(main).toContainText(t(lang, "sell.process.review.title"));
      await expect(main).not.toContainText(t(lang, "sell.overview.title"));
      await nav.getByRole("link", { name: t(lang, "sell.tabs.requirements") }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/sell-with-us\\?tab=requirements#tabs$`));
      await expect(main).toContainText(t(lang, "sell.requirements.local.premises"));

      const f = form(page, lang);
      await main.getByRole("link", { name: t(lang, "sell.hero.start") }).click();
      await expect(page).toHaveURL(/[?&]apply=1#apply$/);
      await expect(f.region).toBeVisible();

      // Spaces only pass the browser's own check; the server trims them and refuses.
      const values = valid();
      await fill(page, lang, { ...values, businessName: "   " }, { type: "warehouse" });
      await f.submit.click();
      await expect(f.region).toBeVisible();
      await expectFieldError(f.field("businessName"), t(lang, "sell.errors.required"));
      await expect(main.getByRole("alert")).toContainText(t(lang, "sell.field.businessName"));
      for (const name of [
        "contactName",
        "email",
        "phone",
        "address",
        "productCategories",
        "businessDescription",
      ] as const) {
        await expect(f.field(name)).toHaveValue(values[name]);
      }
      await expect(f.type("warehouse")).toBeChecked();
      await expect(f.terms).toBeChecked();

      await f.field("businessName").fill(values.businessName);
      await f.submit.click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/sell-with-us\\?sent=1#apply$`));
      await expect(f.success).toBeVisible();
      await expect.poll(() => mailsTo(values.email)).toHaveLength(1);

      await main.getByRole("link", { name: t(lang, "sell.form.close") }).click();
      await expect(f.success).toHaveCount(0);
      await expect(f.region).toHaveCount(0);
      // Cancel is a link too.
      await main.getByRole("link", { name: t(lang, "sell.hero.start") }).click();
      await main.getByRole("link", { name: t(lang, "sell.form.cancel") }).click();
      await expect(f.region).toHaveCount(0);
      await context.close();
    });
  });
}
