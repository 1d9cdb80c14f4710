import { type BrowserContext, type Page, expect, test } from "@playwright/test";
import {
  type ApiProduct,
  CUP_PRICE,
  type Lang,
  USD_PRICE,
  apiLatest,
  apiRate,
  cup,
  gotoHydrated,
  t,
  usd,
} from "./support";

/**
 * D1, D2, D5, §4.9, §9: prices are USD in the store; the visitor picks USD ($12.50) or CUP
 * (round(usd * rate), no decimals, ` CUP`). The choice is a `currency` cookie, so the server renders
 * it on first paint, across reloads and languages.
 */

const ANY_PRICE = /^(\$[\d,]+\.\d{2}|[\d,]+ CUP)$/;

/** The current price shown on the home page's new-arrivals card of `product`. */
function newArrivalPrice(page: Page, lang: Lang, product: ApiProduct) {
  const region = page.getByRole("region", { name: t(lang, "home.newArrivals.title") });
  const card = region.getByRole("article").filter({ has: page.locator(`a[href="/${lang}/product/${product.id}"]`) });
  return card.getByText(ANY_PRICE).first();
}

function currencySummary(page: Page, lang: Lang, currency: "USD" | "CUP") {
  return page.locator("summary", {
    hasText: t(lang, "header.currency.current", { currency: t(lang, `currency.${currency}`) }),
  });
}

/** Opens the header's currency picker (showing `from`) and picks `to`. */
async function switchCurrency(page: Page, lang: Lang, from: "USD" | "CUP", to: "USD" | "CUP") {
  const summary = currencySummary(page, lang, from);
  await summary.click();
  await page
    .locator("details", { has: summary })
    .getByRole("button", { name: t(lang, `currency.${to}`) })
    .click();
  await expect(currencySummary(page, lang, to)).toBeVisible();
}

async function currencyCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === "currency")?.value;
}

/** Every new-arrivals price shows `format(price)`, and no product card anywhere shows the other currency. */
async function expectPrices(page: Page, lang: Lang, products: ApiProduct[], currency: "USD" | "CUP", rate: number) {
  for (const product of products) {
    const price = newArrivalPrice(page, lang, product);
    await expect(price).toHaveText(currency === "USD" ? usd(product.price) : cup(product.price, rate));
    await expect(price).toHaveText(currency === "USD" ? USD_PRICE : CUP_PRICE);
  }
  const wrong = currency === "USD" ? /\d CUP/ : /\$\d/;
  await expect(page.getByRole("main").getByRole("article").filter({ hasText: wrong })).toHaveCount(0);
  // Struck-through original prices (today's deals) follow the same currency.
  const originals = page
    .getByRole("region", { name: t(lang, "home.deals.title") })
    .locator("s")
    .getByText(ANY_PRICE);
  expect(await originals.count()).toBeGreaterThan(0);
  for (const text of await originals.allInnerTexts()) expect(text).toMatch(currency === "USD" ? USD_PRICE : CUP_PRICE);
}

test.describe("currency switch with JavaScript", () => {
  test("USD by default; CUP at the store's rate; kept across reload and language; back to USD", async ({
    page,
    context,
    request,
  }) => {
    const [rate, products, productsEn] = await Promise.all([
      apiRate(request),
      apiLatest(request, 6),
      apiLatest(request, 6, "en"),
    ]);
    expect(rate, "the demo seed's rate, not the 371 default").toBe(390);

    await gotoHydrated(page, "/es/");
    await expect(currencySummary(page, "es", "USD")).toBeVisible();
    await expectPrices(page, "es", products, "USD", rate);
    expect(await currencyCookie(context)).toBeUndefined();

    await switchCurrency(page, "es", "USD", "CUP");
    await expectPrices(page, "es", products, "CUP", rate);
    expect(await currencyCookie(context)).toBe("CUP");
    await expect(page).toHaveURL(/\/es\/$/);

    await page.reload();
    await expect(currencySummary(page, "es", "CUP")).toBeVisible();
    await expectPrices(page, "es", products, "CUP", rate);

    // To English through the language picker: still CUP.
    await page.locator("summary", { hasText: t("es", "header.language.current", { language: "Español" }) }).click();
    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(currencySummary(page, "en", "CUP")).toBeVisible();
    await expectPrices(page, "en", productsEn, "CUP", rate);

    await switchCurrency(page, "en", "CUP", "USD");
    await expectPrices(page, "en", productsEn, "USD", rate);
    expect(await currencyCookie(context)).toBe("USD");
    await expect(page).toHaveURL(/\/en\/$/);
  });

  test("switching from the 'all' menu on the search page keeps the page and its query", async ({ page, request }) => {
    const rate = await apiRate(request);
    await gotoHydrated(page, "/en/search?q=arroz&category=all");
    const results = page.getByRole("main").getByRole("article");
    await expect(results.first().getByText(ANY_PRICE).first()).toHaveText(USD_PRICE);

    const nav = page.getByRole("navigation", { name: t("en", "header.mainNav") });
    await nav.locator("summary").click();
    await nav.getByRole("button", { name: t("en", "currency.CUP") }).click();
    await expect(currencySummary(page, "en", "CUP")).toBeVisible();
    await expect(page).toHaveURL(/\/en\/search\?q=arroz&category=all$/);
    await expect(results.first().getByText(ANY_PRICE).first()).toHaveText(CUP_PRICE);
    // The first result's CUP price is its USD price at the rate (read back from the API's search).
    const api = await request.get("/api/product/search?s=arroz&category=all&lang=en");
    const first = ((await api.json()) as { results: ApiProduct[] }).results[0];
    await expect(results.first().getByRole("link")).toHaveAttribute("href", `/en/product/${first.id}`);
    await expect(results.first().getByText(ANY_PRICE).first()).toHaveText(cup(first.price, rate));
  });

  test("a currency cookie with another value is ignored (USD)", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "currency", value: "EUR", url: baseURL! }]);
    await page.goto("/es/");
    await expect(currencySummary(page, "es", "USD")).toBeVisible();
    const region = page.getByRole("region", { name: t("es", "home.newArrivals.title") });
    await expect(region.getByRole("article").first().getByText(ANY_PRICE).first()).toHaveText(USD_PRICE);
  });
});

test.describe("currency switch without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the picker's form sets the cookie and the server renders CUP, then USD again", async ({
    page,
    context,
    request,
  }) => {
    const [rate, products] = await Promise.all([apiRate(request), apiLatest(request, 6)]);
    await page.goto("/es/");
    await expectPrices(page, "es", products, "USD", rate);

    await switchCurrency(page, "es", "USD", "CUP");
    await expect(page).toHaveURL(/\/es\/$/);
    await expectPrices(page, "es", products, "CUP", rate);
    expect(await currencyCookie(context)).toBe("CUP");

    await page.goto("/en/");
    await expect(currencySummary(page, "en", "CUP")).toBeVisible();
    const productsEn = await apiLatest(request, 6, "en");
    await expectPrices(page, "en", productsEn, "CUP", rate);

    await switchCurrency(page, "en", "CUP", "USD");
    await expect(page).toHaveURL(/\/en\/?$/);
    await expectPrices(page, "en", productsEn, "USD", rate);
  });

  // useLocation() reports `/es` for `/es/`; the action restores the canonical home URL (safe-redirect.ts).
  test("returns to the exact page it was posted from (/es/, not /es)", async ({ page }) => {
    await page.goto("/es/");
    await switchCurrency(page, "es", "USD", "CUP");
    await expect(page).toHaveURL(/\/es\/$/);
  });

  test("returns to a page with a query, query kept", async ({ page }) => {
    await page.goto("/es/search?q=arroz&category=all");
    await switchCurrency(page, "es", "USD", "CUP");
    await expect(page).toHaveURL(/\/es\/search\?q=arroz&category=all$/);
    await expect(page.getByRole("main").getByRole("article").first().getByText(ANY_PRICE).first()).toHaveText(
      CUP_PRICE,
    );
  });
});

test.describe("set-currency endpoint (D5)", () => {
  test("sets the cookie and goes back to the same-site page it came from", async ({ request }) => {
    const response = await request.post("/es/set-currency", {
      form: { currency: "CUP", redirectTo: "/es/search?q=arroz&category=all" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/es/search?q=arroz&category=all");
    expect(response.headers()["set-cookie"]).toMatch(/^currency=CUP;.*Path=\//i);
  });

  test("ignores an unsupported currency and refuses to redirect off-site", async ({ request }) => {
    const response = await request.post("/es/set-currency", {
      form: { currency: "EUR", redirectTo: "//evil.example/" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers()["location"]).toBe("/es/");
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });
});
