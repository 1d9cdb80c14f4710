import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { waitForMail } from "./mail";
import { type Lang, gotoHydrated, t, expectNoSeriousA11yViolations } from "./support";

/**
 * Spec §2.11 reviews, the writing half (§5, §6, §8, D7, D11): signed out there is only a login
 * note; a signed-in customer writes a review (too short: refused live and by the server), sees it
 * first as theirs with the count and average updated, edits it (prefilled) and deletes it after
 * confirming. With JavaScript in Spanish and without it in English. Each test uses its own fresh
 * account and its own product, as the tests run in parallel on one database.
 */

const STRONG = "Guayaba-Verde-77";

type Summary = { average: number | null; count: number };

/** An active account made through the pages (sign-up post, emailed activation link). */
async function createActiveAccount(request: APIRequestContext) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const who = { email: `resena-${id}@example.com`, username: `resena_${id}` };
  const res = await request.post("/es/signup", {
    form: { ...who, first_name: "Marta", last_name: "Quintana", password: STRONG, re_password: STRONG },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  const mail = await waitForMail(who.email, /\/activate\//);
  expect((await request.post(new URL(mail.link).pathname, { maxRedirects: 0 })).status()).toBe(303);
  return who;
}

/** Signs the browser context in (its cookies) with a fresh account. */
async function signInFresh(request: APIRequestContext) {
  const who = await createActiveAccount(request);
  const res = await request.post("/es/login", { form: { email: who.email, password: STRONG }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  return who;
}

/** The `n`-th product of the newest 100 (each test its own, so that counts do not race). */
async function productAt(request: APIRequestContext, n: number): Promise<number> {
  const res = await request.get("/api/product/latest?limit=100");
  expect(res.status()).toBe(200);
  const products = ((await res.json()) as { products: Array<{ id: number }> }).products;
  expect(products.length).toBeGreaterThan(n);
  return products[n].id;
}

async function summary(request: APIRequestContext, id: number): Promise<Summary> {
  const res = await request.get(`/api/reviews/get-reviews/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { summary: Summary }).summary;
}

const reviewsTab = (page: Page, lang: Lang, count: number) =>
  page.getByRole("tab", { name: t(lang, "pdp.tabs.reviews", { count }) });

/** The average as the panel says it to screen readers ('4.3 de 5'). */
const averageText = (page: Page, lang: Lang, average: number) =>
  page
    .locator("#panel-reviews")
    .getByText(`${t(lang, "reviews.outOf", { rating: average.toFixed(1) })},`, { exact: true });

const starRadio = (page: Page, lang: Lang, stars: number, label: string) =>
  page.getByRole("radio", {
    name: t(lang, "reviews.form.starLabel", {
      stars: t(lang, stars === 1 ? "reviews.stars_one" : "reviews.stars_other", { count: stars }),
      label: t(lang, label as "reviews.form.star.1"),
    }),
  });

test.describe("reviews: writing", () => {
  test("signed out: no write option, a login note whose link comes back here (§6, D7)", async ({ page, request }) => {
    const id = await productAt(request, 1);
    for (const lang of ["es", "en"] as const) {
      await gotoHydrated(page, `/${lang}/product/${id}?tab=reviews`);
      const panel = page.locator("#panel-reviews");
      await expect(panel.getByText(t(lang, "reviews.login"))).toBeVisible();
      await expect(panel.getByRole("link", { name: t(lang, "reviews.loginLink") })).toHaveAttribute(
        "href",
        `/${lang}/login?next=${encodeURIComponent(`/${lang}/product/${id}?tab=reviews`)}`,
      );
      await expect(panel.getByRole("link", { name: t(lang, "reviews.write") })).toHaveCount(0);
      await expect(panel.getByRole("textbox")).toHaveCount(0);
    }
  });

  test("in Spanish with JavaScript: write (too short refused live), own review first, edit prefilled, delete after confirming", async ({
    page,
    request,
  }) => {
    test.slow();
    const lang = "es";
    await signInFresh(page.request);
    const id = await productAt(request, 3);
    const before = await summary(request, id);

    await gotoHydrated(page, `/es/product/${id}?tab=reviews`);
    const panel = page.locator("#panel-reviews");
    await expect(panel.getByText(t(lang, "reviews.login"))).toHaveCount(0);
    await panel.getByRole("link", { name: t(lang, "reviews.write") }).click();
    const form = panel.getByRole("form", { name: t(lang, "reviews.form.createTitle") });
    await expect(form).toBeVisible();
    // The five §9 labels.
    for (const [n, key] of [
      [1, "reviews.form.star.1"],
      [2, "reviews.form.star.2"],
      [3, "reviews.form.star.3"],
      [4, "reviews.form.star.4"],
      [5, "reviews.form.star.5"],
    ] as const) {
      await expect(starRadio(page, lang, n, key)).toBeVisible();
    }

    // Nothing chosen and too short: refused in the browser, next to the fields, without a request.
    const comment = form.getByRole("textbox", { name: t(lang, "reviews.form.comment") });
    await comment.fill("Muy corto");
    await expect(form.getByText("9/500")).toBeVisible();
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST") posted = true;
    });
    await form.getByRole("button", { name: t(lang, "reviews.form.submit") }).click();
    await expect(form.getByText(t(lang, "reviews.errors.rating"))).toBeVisible();
    await expect(form.getByText(t(lang, "reviews.errors.commentShort"))).toBeVisible();
    await expect(comment).toHaveAttribute("aria-invalid", "true");
    expect(posted).toBe(false);

    await starRadio(page, lang, 4, "reviews.form.star.4").check();
    await expect(form.getByText(t(lang, "reviews.errors.rating"))).toHaveCount(0);
    await comment.fill("Muy buena calidad, llegó en dos días.");
    await expect(form.getByText(t(lang, "reviews.errors.commentShort"))).toHaveCount(0);
    await form.getByRole("button", { name: t(lang, "reviews.form.submit") }).click();

    await expect(panel.getByText(t(lang, "reviews.success.created"))).toBeVisible();
    const own = panel.getByRole("region", { name: t(lang, "reviews.yours") });
    await expect(own).toContainText("Muy buena calidad, llegó en dos días.");
    await expect(own).toContainText("Marta Q.");
    // Shown first: before every other review of the list.
    const ownBox = await own.boundingBox();
    const list = panel.getByRole("list", { name: t(lang, "reviews.list"), exact: true });
    if (before.count > 0) expect(ownBox!.y).toBeLessThan((await list.boundingBox())!.y);
    await expect(list.getByText("Muy buena calidad, llegó en dos días.")).toHaveCount(0);
    const afterCreate = await summary(request, id);
    expect(afterCreate.count).toBe(before.count + 1);
    await expect(reviewsTab(page, lang, before.count + 1)).toBeVisible();
    await expect(averageText(page, lang, afterCreate.average!)).toBeAttached();
    await expect(panel.getByRole("link", { name: t(lang, "reviews.write") })).toHaveCount(0);
    await expect(page).toHaveURL(/tab=reviews/);
    await expect(page).not.toHaveURL(/review=/);

    // Edit: the form comes back prefilled.
    await own.getByRole("link", { name: t(lang, "reviews.edit") }).click();
    const edit = panel.getByRole("form", { name: t(lang, "reviews.form.editTitle") });
    await expect(edit.getByRole("textbox", { name: t(lang, "reviews.form.comment") })).toHaveValue(
      "Muy buena calidad, llegó en dos días.",
    );
    await expect(starRadio(page, lang, 4, "reviews.form.star.4")).toBeChecked();
    await starRadio(page, lang, 2, "reviews.form.star.2").check();
    await edit.getByRole("textbox").fill("Se rompió al mes, no lo recomiendo.");
    await edit.getByRole("button", { name: t(lang, "reviews.form.update") }).click();
    await expect(panel.getByText(t(lang, "reviews.success.updated"))).toBeVisible();
    await expect(own).toContainText("Se rompió al mes, no lo recomiendo.");
    const afterUpdate = await summary(request, id);
    expect(afterUpdate.count).toBe(before.count + 1);
    await expect(averageText(page, lang, afterUpdate.average!)).toBeAttached();

    // Delete: asks first; Cancel keeps it.
    await own.getByRole("link", { name: t(lang, "reviews.delete") }).click();
    await expect(own.getByText(t(lang, "reviews.delete.confirm"))).toBeVisible();
    await own.getByRole("link", { name: t(lang, "reviews.cancel") }).click();
    await expect(own.getByText(t(lang, "reviews.delete.confirm"))).toHaveCount(0);
    await own.getByRole("link", { name: t(lang, "reviews.delete") }).click();
    await own.getByRole("button", { name: t(lang, "reviews.delete.yes") }).click();
    await expect(panel.getByText(t(lang, "reviews.success.deleted"))).toBeVisible();
    await expect(panel.getByRole("region", { name: t(lang, "reviews.yours") })).toHaveCount(0);
    await expect(reviewsTab(page, lang, before.count)).toBeVisible();
    await expect(panel.getByRole("link", { name: t(lang, "reviews.write") })).toBeVisible();
    expect(await summary(request, id)).toEqual(before);
  });

  test("in English without JavaScript: the plain forms post; the server refuses a short comment", async ({
    browser,
    request,
  }) => {
    test.slow();
    const lang = "en";
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInFresh(context.request);
    const id = await productAt(request, 5);
    const before = await summary(request, id);

    await page.goto(`/en/product/${id}?tab=reviews`);
    const panel = page.locator("#panel-reviews");
    await panel.getByRole("link", { name: t(lang, "reviews.write") }).click();
    const form = panel.getByRole("form", { name: t(lang, "reviews.form.createTitle") });
    await starRadio(page, lang, 5, "reviews.form.star.5").check();
    // Ten characters as typed, nine once trimmed: the browser lets it through, the server does not.
    await form.getByRole("textbox", { name: t(lang, "reviews.form.comment") }).fill("Too short ");
    await form.getByRole("button", { name: t(lang, "reviews.form.submit") }).click();
    await expect(form.getByText(t(lang, "reviews.errors.commentShort"))).toBeVisible();
    await expect(form.getByRole("textbox", { name: t(lang, "reviews.form.comment") })).toHaveValue("Too short ");
    await expect(starRadio(page, lang, 5, "reviews.form.star.5")).toBeChecked();
    expect((await summary(request, id)).count).toBe(before.count);

    await form.getByRole("textbox", { name: t(lang, "reviews.form.comment") }).fill("Great coffee, fresh and strong.");
    await form.getByRole("button", { name: t(lang, "reviews.form.submit") }).click();
    await expect(page).toHaveURL(new RegExp(`/en/product/${id}\\?tab=reviews$`));
    await expect(page.locator("[data-flash]")).toContainText(t(lang, "reviews.success.created"));
    const own = panel.getByRole("region", { name: t(lang, "reviews.yours") });
    await expect(own).toContainText("Great coffee, fresh and strong.");
    await expect(reviewsTab(page, lang, before.count + 1)).toBeVisible();

    await own.getByRole("link", { name: t(lang, "reviews.edit") }).click();
    const edit = panel.getByRole("form", { name: t(lang, "reviews.form.editTitle") });
    await expect(edit.getByRole("textbox")).toHaveValue("Great coffee, fresh and strong.");
    await expect(starRadio(page, lang, 5, "reviews.form.star.5")).toBeChecked();
    await starRadio(page, lang, 3, "reviews.form.star.3").check();
    await edit.getByRole("textbox").fill("Good, but the bag arrived torn.");
    await edit.getByRole("button", { name: t(lang, "reviews.form.update") }).click();
    await expect(page.locator("[data-flash]")).toContainText(t(lang, "reviews.success.updated"));
    await expect(own).toContainText("Good, but the bag arrived torn.");

    await own.getByRole("link", { name: t(lang, "reviews.delete") }).click();
    await expect(own.getByText(t(lang, "reviews.delete.confirm"))).toBeVisible();
    await own.getByRole("button", { name: t(lang, "reviews.delete.yes") }).click();
    await expect(page.locator("[data-flash]")).toContainText(t(lang, "reviews.success.deleted"));
    await expect(panel.getByRole("region", { name: t(lang, "reviews.yours") })).toHaveCount(0);
    expect(await summary(request, id)).toEqual(before);
    await context.close();
  });
});

test("reviews: axe on the reviews tab with the form open shows no serious or critical violation", async ({
  page,
  request,
}) => {
  test.slow();
  await signInFresh(page.request);
  const id = await productAt(request, 7);
  await page.setViewportSize({ width: 360, height: 800 });
  await gotoHydrated(page, `/es/product/${id}?tab=reviews&review=write`);
  await expect(page.getByRole("form", { name: t("es", "reviews.form.createTitle") })).toBeVisible();
  // Errors showing too: they are part of what must be accessible.
  await page.getByRole("button", { name: t("es", "reviews.form.submit") }).click();
  await expect(page.getByText(t("es", "reviews.errors.rating"))).toBeVisible();
  await expectNoSeriousA11yViolations(page, ["#panel-reviews"]);
});
