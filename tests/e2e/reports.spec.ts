import fs from "node:fs";
import { type Page, expect, test } from "@playwright/test";
import { parseCsv } from "../../app/utils/csv";
import { type Lang, SAME_ORIGIN, expectNoSeriousA11yViolations, gotoHydrated, t } from "./support";
import { freshOrder } from "./api-orders";
import { signInStaff } from "./staff-sign-in";

// Reports (issue 27 point 4; point 6 "a chart matches its table"), in both languages, Spanish on a
// 360 px phone and English wide: the demo owner opens the reports after a fresh order, sees each
// chart with its table, changes the range (a plain GET form), is told beside the field when the
// range runs backwards (values kept), downloads the daily CSV and finds the table's rows in it;
// the chart's bars carry the table's figures; axe. A dispatcher gets a 404 for the page and the CSV.

const OWNER = { email: "operador@tienda.cu", password: "Malecon2026!" };

/**
 * The one place this spec signs an operator in. Two-factor sign-in for staff lands in parallel:
 * at merge this becomes the shared helper that also enters the code.
 */
async function signInOperator(page: Page, who: { email: string; password: string }, lang: Lang) {
  await signInStaff(page, who, lang);
}

/** A report's table as rows of cell texts, header first. */
async function tableRows(page: Page, report: string): Promise<string[][]> {
  return page
    .locator(`table[data-report="${report}"]`)
    .evaluate((table) =>
      [...table.querySelectorAll("tr")].map((tr) => [...tr.querySelectorAll("th,td")].map((c) => c.textContent ?? "")),
    );
}

for (const [lang, width] of [
  ["es", 360],
  ["en", 1280],
] as const) {
  test(`${lang} at ${width} px: the owner's reports, chart and table and CSV agree; a dispatcher gets 404`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await freshOrder(request, "informe", lang, 2); // today has a sale
    const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    await signInOperator(page, OWNER, lang);
    await gotoHydrated(page, `/${lang}/admin`);
    await page
      .getByRole("navigation", { name: t(lang, "admin.nav.label") })
      .getByRole("link", { name: t(lang, "admin.nav.reports"), exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "admin.reports.title") })).toBeVisible();
    // The default range: the last 30 days.
    const from = page.getByRole("textbox", { name: t(lang, "admin.reports.field.from"), exact: true });
    const to = page.getByRole("textbox", { name: t(lang, "admin.reports.field.to"), exact: true });
    const today = await to.inputValue();
    expect(await tableRows(page, "daily")).toHaveLength(31);

    // A range of the last 8 days, by the form.
    const start = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    await from.fill(start);
    await page.getByRole("button", { name: t(lang, "admin.reports.show") }).click();
    await expect(page).toHaveURL(new RegExp(`from=${start}&to=${today}`));
    const daily = await tableRows(page, "daily");
    expect(daily).toHaveLength(9);
    expect(daily.at(-1)![0]).toBe(today);
    expect(Number(daily.at(-1)![1])).toBeGreaterThanOrEqual(1);
    // Every report: a named chart and a table; the chart's bars carry the table's figures.
    for (const report of ["daily", "weekly", "products", "municipalities", "cancellations"]) {
      const section = page.getByRole("region", {
        name: t(lang, `admin.reports.${report}.title` as never),
        exact: true,
      });
      await expect(section.getByRole("img", { name: t(lang, `admin.reports.${report}.title` as never) })).toBeVisible();
      await expect(section.getByRole("table")).toBeVisible();
    }
    const bars = await page
      .getByRole("region", { name: t(lang, "admin.reports.daily.title"), exact: true })
      .locator("rect[data-label]")
      .evaluateAll((rects) => rects.map((r) => r.getAttribute("data-label")));
    expect(bars).toEqual(daily.slice(1).map((row) => row[0]));
    await expectNoSeriousA11yViolations(page);
    // The page itself never scrolls sideways, even at 360 px: wide tables scroll in their box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // The daily CSV: the table's rows, cell for cell.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page
        .getByRole("link", { name: t(lang, "admin.reports.csv", { report: t(lang, "admin.reports.daily.title") }) })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`report-daily-${start}-${today}.csv`);
    const parsed = parseCsv(fs.readFileSync(await download.path(), "utf8"));
    expect(parsed.ok).toBe(true);
    const records = parsed.ok ? parsed.records : [];
    // Other specs place orders today while this one runs: today's figures may have grown between the
    // page and the download, so today's row is compared by its date; every earlier row cell for cell.
    expect(records.map((row) => row[0])).toEqual(daily.map((row) => row[0]));
    expect(records.slice(0, -1)).toEqual(daily.slice(0, -1));

    // A range that runs backwards: the error beside the field, the dates kept, no reports.
    await gotoHydrated(page, `/${lang}/admin/reports?from=${today}&to=${start}`);
    await expect(from).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#reports-from-error")).toHaveText(t(lang, "admin.reports.errors.order"));
    await expect(from).toHaveValue(today);
    await expect(to).toHaveValue(start);
    await expect(page.locator("table[data-report]")).toHaveCount(0);

    // A dispatcher: no link, the page and the CSV are 404s.
    const email = `informe-${lang}-${Date.now()}@tienda.cu`;
    await gotoHydrated(page, `/${lang}/admin/staff`);
    const add = page.getByRole("region", { name: t(lang, "admin.staff.add") });
    await add.getByLabel(t(lang, "admin.staff.field.email")).fill(email);
    await add.getByLabel(t(lang, "admin.staff.field.role")).selectOption("dispatcher");
    await add.getByRole("button", { name: t(lang, "admin.staff.submit") }).click();
    await expect(add.getByText(t(lang, "admin.staff.created", { email }))).toBeVisible();
    const password = (await add.locator("code").textContent())!.trim();
    const staffContext = await browser.newContext({ viewport: { width, height: 900 } });
    const staff = await staffContext.newPage();
    await signInOperator(staff, { email, password }, lang);
    await gotoHydrated(staff, `/${lang}/admin`);
    await expect(staff.locator(`a[href^="/${lang}/admin/reports"]`)).toHaveCount(0);
    expect((await staff.goto(`/${lang}/admin/reports`))?.status()).toBe(404);
    const csv = await staff.request.get(`/${lang}/admin/reports.csv?report=daily`, { headers: SAME_ORIGIN });
    expect(csv.status()).toBe(404);
    await staffContext.close();
    await context.close();
  });
}
