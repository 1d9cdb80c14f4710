import fs from "node:fs";
import { type Browser, type Page, expect, test } from "@playwright/test";
import { csvLine, parseCsv } from "../../app/utils/csv";
import { type Lang, expectNoSeriousA11yViolations, t } from "./support";
import { signInStaff } from "./staff-sign-in";

// Issue 27 point 3 (and point 6: "an import with one bad row changes nothing"), in both languages:
// the seeded operator downloads the catalogue as CSV (UTF-8 with BOM, accents intact), uploads a
// file with one good and one bad row (the dry run shows the bad row's row, column and message,
// offers no Apply, and nothing changes), then the good row alone, checks and applies it. English
// runs without JavaScript: the upload and the Apply are plain forms. Axe on the page and the report
// (in Spanish, with JavaScript on: axe runs in the page).

const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };

async function signedInPage(browser: Browser, lang: Lang, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, acceptDownloads: true });
  const page = await context.newPage();
  await signInStaff(page, OPERATOR, lang);
  return { context, page };
}

/** The catalogue as the export gives it: header and rows of cells. */
async function exported(page: Page, lang: Lang) {
  const res = await page.request.get(`/${lang}/admin/products.csv`);
  expect(res.ok()).toBe(true);
  const parsed = parseCsv(await res.text());
  if (!parsed.ok) throw new Error("the export does not parse");
  const [header, ...rows] = parsed.records;
  const cell = (row: string[], name: string) => row[header.indexOf(name)];
  return { header, rows, cell };
}

async function upload(page: Page, lang: Lang, text: string) {
  await page.getByLabel(t(lang, "admin.import.file"), { exact: true }).setInputFiles({
    name: "catalogo.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${text}`, "utf8"),
  });
  await page.getByRole("button", { name: t(lang, "admin.import.preview") }).click();
}

/** The import's status line (`key`: the dry run's summary or the applied message) with these counts. */
async function expectCounts(
  page: Page,
  lang: Lang,
  key: "admin.import.summary" | "admin.import.applied",
  counts: { created: number; updated: number; unchanged: number },
) {
  await expect(page.getByRole("status").filter({ hasText: t(lang, key, counts) })).toBeVisible();
}

for (const [lang, javaScriptEnabled, pick] of [
  ["es", true, 0],
  ["en", false, 1],
] as const) {
  test(`${lang}: export the catalogue; an import with one bad row changes nothing; a good one applies`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const { context, page } = await signedInPage(browser, lang, javaScriptEnabled);
    await page.goto(`/${lang}/admin/products`);
    await page.getByRole("link", { name: t(lang, "admin.import.link") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "admin.import.title") })).toBeVisible();
    // axe runs in the page: only with JavaScript on.
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);

    // Export: a download named by the day, UTF-8 with a BOM, Spanish accents intact.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: t(lang, "admin.import.download") }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^productos-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toMatch(/[áéíóúñ]/);

    // Two products of this test's own, created by SKU from a copy of a demo product's row, archived
    // so that no listing shows them: the rows it then changes are touched by no other test (other
    // specs order and show the demo products, and read the first cards of a listing).
    const demo = await exported(page, lang);
    const template = demo.rows.find((row) => demo.cell(row, "archived") === "no") as string[];
    const stamp = `${lang}-${Date.now()}-${pick}`;
    const created = [1, 2].map((n) =>
      demo.header.map((column, i) =>
        column === "id"
          ? ""
          : column === "sku"
            ? `E2E-CSV-${stamp}-${n}`
            : column === "name_es"
              ? `Producto CSV ${stamp} ${n}`
              : column === "name_en"
                ? `CSV product ${stamp} ${n}`
                : column === "archived"
                  ? "yes"
                  : template[i],
      ),
    );
    await upload(page, lang, `${[demo.header, ...created].map(csvLine).join("\r\n")}\r\n`);
    await page.getByRole("button", { name: t(lang, "admin.import.apply") }).click();
    await expectCounts(page, lang, "admin.import.applied", { created: 2, updated: 0, unchanged: 0 });

    const before = await exported(page, lang);
    const ownRow = (n: number) => before.rows.find((row) => before.cell(row, "sku") === `E2E-CSV-${stamp}-${n}`);
    const [target, other] = [ownRow(1), ownRow(2)] as string[][];
    const id = before.cell(target, "id");
    const stock = Number(before.cell(target, "stock"));
    const newName = `${before.cell(target, "name_en")} (${lang} import)`;
    const good = csvLine([id, newName, String(stock + 3)]);
    const bad = csvLine([before.cell(other, "id"), "Broken row", "a lot"]);

    // One bad row: the error with its row, column and message, no Apply, nothing changed.
    await upload(page, lang, `${["id,name_en,stock", good, bad].join("\r\n")}\r\n`);
    await expect(page.getByRole("alert")).toContainText(t(lang, "admin.import.hasErrors_one", { count: 1 }));
    const errors = page.getByRole("table", { name: t(lang, "admin.import.errorsTitle") });
    const errorRow = errors.getByRole("row").filter({ hasText: t(lang, "admin.form.wholeNumber") });
    await expect(errorRow).toContainText("3");
    await expect(errorRow).toContainText("stock");
    await expect(page.getByRole("button", { name: t(lang, "admin.import.apply") })).toHaveCount(0);
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    // The rows the file names are as they were.
    const unchanged = await exported(page, lang);
    const rowOf = (rows: string[][], row: string[]) =>
      rows.find((r) => unchanged.cell(r, "id") === before.cell(row, "id"));
    expect([rowOf(unchanged.rows, target), rowOf(unchanged.rows, other)]).toEqual([target, other]);

    // The good row alone: the dry run shows the changes, Apply writes them.
    await upload(page, lang, `id,name_en,stock\r\n${good}\r\n`);
    await expectCounts(page, lang, "admin.import.summary", { created: 0, updated: 1, unchanged: 0 });
    const changes = page.getByRole("table", { name: t(lang, "admin.import.changesTitle") });
    await expect(changes).toContainText(newName);
    await expect(changes).toContainText(`${stock} → ${stock + 3}`);
    await page.getByRole("button", { name: t(lang, "admin.import.apply") }).click();
    await expectCounts(page, lang, "admin.import.applied", { created: 0, updated: 1, unchanged: 0 });
    const after = await exported(page, lang);
    const row = after.rows.find((r) => after.cell(r, "id") === id) as string[];
    expect(after.cell(row, "name_en")).toBe(newName);
    expect(after.cell(row, "stock")).toBe(String(stock + 3));
    expect(after.cell(row, "name_es")).toBe(before.cell(target, "name_es"));
    await context.close();
  });
}
