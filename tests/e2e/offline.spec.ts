import { type Page, expect, test } from "@playwright/test";
import {
  LANGS,
  type Lang,
  addToCartQuickly,
  apiCategories,
  escapeRegExp,
  gotoHydrated,
  localizedName,
  newSignedInShopper,
  pickProduct,
  t,
  waitForHydration,
} from "./support";

/**
 * Issue 13 point 3, the offline catalogue: the service worker keeps the app shell and the pages a
 * shopper visited readable with no network, with a notice that prices may have changed; an unseen
 * page is the offline page in the URL's language; forms that need the server say so; a signed-in
 * page is never shown to a later anonymous visit; the app is installable (manifest). Service workers
 * are blocked for the other specs (playwright.config.ts) and allowed here.
 */
test.use({ serviceWorkers: "allow" });
// Playwright 1.56 applies `setOffline` to service workers only with this (read when a worker starts).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = "1";

/** Waits until the service worker is installed (offline pages precached) and controls the page. */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
}

/** Page URLs (path and query) the service worker has stored for reading offline. */
async function storedPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("tienda-pages-")) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        urls.push(url.pathname + url.search);
      }
    }
    return urls;
  });
}

const notice = (page: Page, lang: Lang) => page.getByRole("status").filter({ hasText: t(lang, "offline.notice") });

for (const lang of LANGS) {
  test(`§13.3 (${lang}): three visited pages render offline with the notice, an unseen one is the offline page, online again the notice goes`, async ({
    page,
    context,
    request,
  }) => {
    const category = (await apiCategories(request))[0];
    const product = await pickProduct(request, "in stock", (p) => p.quantity > 0, lang);
    const pages = [
      { path: `/${lang}/`, heading: null },
      { path: `/${lang}/shop/${category.slug}`, heading: null },
      { path: `/${lang}/product/${product.id}`, heading: localizedName(product, lang) },
    ];

    // The first page installs the worker; the three pages are then visited under its control.
    await gotoHydrated(page, `/${lang}/about-us`);
    await workerInControl(page);
    for (const { path } of pages) await gotoHydrated(page, path);
    await expect.poll(() => storedPages(page)).toEqual(expect.arrayContaining(pages.map((p) => p.path)));
    await expect(notice(page, lang)).toHaveCount(0);

    await context.setOffline(true);
    for (const { path, heading } of pages) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
      if (heading) await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("heading", { name: t(lang, "offline.page.title") })).toHaveCount(0);
      await expect(notice(page, lang)).toBeVisible();
    }

    // A client-side navigation offline: the link loads the stored page as a whole document.
    await page.goto(pages[0].path);
    await waitForHydration(page);
    await page.locator(`a[href="${pages[1].path}"]:visible`).first().click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(pages[1].path)}$`));
    await expect(page.getByRole("heading", { name: t(lang, "offline.page.title") })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(notice(page, lang)).toBeVisible();

    // A client navigation that got past the listener (a flaky link): its data request fails, and
    // instead of the error page the worker has the router load the document: an unseen page, so
    // the offline page, which remembers where the shopper was going.
    await waitForHydration(page);
    await page.evaluate(() => {
      const w = window as unknown as {
        beforeReload?: boolean;
        __reactRouterDataRouter: { navigate(to: string): void };
      };
      w.beforeReload = true;
      w.__reactRouterDataRouter.navigate(`${window.location.pathname}?page=2`);
    });
    await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload);
    await expect(page).toHaveURL(`/${lang}/offline?from=${encodeURIComponent(`${pages[1].path}?page=2`)}`);
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "offline.page.title") })).toBeVisible();

    // Never visited: the offline page in the URL's language, which offers to try the page again.
    await page.goto(`/${lang}/help-center`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/offline\\?from=`));
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "offline.page.title") })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(notice(page, lang)).toBeVisible();
    await expect(page.getByRole("link", { name: t(lang, "offline.page.retry") })).toHaveAttribute(
      "href",
      `/${lang}/help-center`,
    );

    // Back online: the notice goes, and the page asked for loads.
    await context.setOffline(false);
    await expect(notice(page, lang)).toHaveCount(0);
    await page.getByRole("link", { name: t(lang, "offline.page.retry") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/help-center$`));
    await expect(notice(page, lang)).toHaveCount(0);
  });
}

test("§13.3: a page seen signed in is never shown offline to a later anonymous visit; signing out drops stored pages", async ({
  page,
  context,
  request,
}) => {
  const lang = "es";
  const shared = await pickProduct(request, "in stock", (p) => p.quantity > 0, lang);
  const personal = await pickProduct(
    request,
    "another one in stock",
    (p) => p.quantity > 0 && p.id !== shared.id,
    lang,
  );
  // Anonymous: a product page is stored.
  await gotoHydrated(page, `/${lang}/about-us`);
  await workerInControl(page);
  await gotoHydrated(page, `/${lang}/product/${shared.id}`);
  await expect.poll(() => storedPages(page)).toContain(`/${lang}/product/${shared.id}`);

  // Signed in: pages show the shopper's name; none is stored (private), and the account page never.
  const who = await newSignedInShopper(page, "offline", lang);
  await gotoHydrated(page, `/${lang}/product/${personal.id}`);
  await gotoHydrated(page, `/${lang}/account`);
  await expect(page.getByRole("banner")).toContainText("Yanet");
  expect(await storedPages(page)).not.toContain(`/${lang}/product/${personal.id}`);
  expect(await storedPages(page)).not.toContain(`/${lang}/account`);

  // Signing out (the header's form posts to /es/logout) drops every stored page.
  const signOut = await page.evaluate(
    async (path) => (await fetch(path, { method: "POST" })).status,
    `/${lang}/logout`,
  );
  expect(signOut).toBeLessThan(500);
  await expect.poll(() => storedPages(page)).toEqual([]);
  await context.clearCookies();

  // The next, anonymous visit offline: the offline page, never the signed-in copies.
  await context.setOffline(true);
  for (const path of [`/${lang}/product/${personal.id}`, `/${lang}/account`, `/${lang}/product/${shared.id}`]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "offline.page.title") })).toBeVisible();
    await expect(page.getByRole("banner")).not.toContainText("Yanet");
    await expect(page.getByRole("banner")).not.toContainText(who.email);
  }
  await context.setOffline(false);
});

test("§13.3: offline, add to cart, a review and checkout say they need a connection and keep what was typed", async ({
  page,
  context,
}) => {
  const lang = "es";
  await newSignedInShopper(page, "offline-forms", lang);
  const product = await pickProduct(page.request, "in stock, cheap", (p) => p.quantity >= 5 && p.price < 20, lang);
  await addToCartQuickly(page, product.id, 1, lang);
  const needsConnection = (scope: Page | ReturnType<Page["locator"]>) =>
    scope.getByRole("alert").filter({ hasText: t(lang, "offline.formNeedsConnection") });

  // The review form and add to cart, on a product page open when the connection drops.
  await gotoHydrated(page, `/${lang}/product/${product.id}?tab=reviews`);
  const panel = page.locator("#panel-reviews");
  await panel.getByRole("link", { name: t(lang, "reviews.write") }).click();
  const form = panel.getByRole("form", { name: t(lang, "reviews.form.createTitle") });
  await expect(form).toBeVisible();
  await context.setOffline(true);
  let posted = 0;
  page.on("request", (r) => {
    if (r.method() === "POST") posted++;
  });
  const text = "Muy buena calidad, llegó en dos días a Centro Habana.";
  await page.getByRole("radio", { name: new RegExp(t(lang, "reviews.form.star.4")) }).check();
  const comment = form.getByRole("textbox", { name: t(lang, "reviews.form.comment") });
  await comment.fill(text);
  await form.getByRole("button", { name: t(lang, "reviews.form.submit") }).click();
  await expect(needsConnection(form)).toBeVisible();
  await expect(comment).toHaveValue(text);
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}\\?tab=reviews`));

  await page.getByRole("button", { name: t(lang, "pdp.addToCart") }).click();
  await expect(needsConnection(page).nth(1)).toBeVisible();
  expect(posted).toBe(0);

  // Back online the messages go.
  await context.setOffline(false);
  await expect(needsConnection(page)).toHaveCount(0);

  // Checkout's delivery step, with the fields filled in when the connection drops.
  await gotoHydrated(page, `/${lang}/checkout`);
  const phone = page.getByRole("textbox", { name: t(lang, "checkout.page.field.phone"), exact: true });
  await phone.fill("+53 5 555 1234");
  await context.setOffline(true);
  await page.getByRole("button", { name: t(lang, "checkout.page.continuePayment") }).click();
  await expect(needsConnection(page)).toBeVisible();
  await expect(phone).toHaveValue("+53 5 555 1234");
  await expect(page).toHaveURL(new RegExp(`/${lang}/checkout$`));
  expect(posted).toBe(0);
  await context.setOffline(false);
});

test("§13.3: installable: a manifest per language, icons, theme colour, and a service worker always revalidated", async ({
  page,
  request,
}) => {
  for (const lang of LANGS) {
    await page.goto(`/${lang}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe(`/${lang}/manifest.webmanifest`);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", /^#[0-9a-fA-F]{6}$/);

    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest.name).toBe(t(lang, "site.name"));
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.start_url).toBe(`/${lang}/`);
    expect(manifest.scope).toBe("/");
    expect(manifest.display).toBe("standalone");
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const wanted of ["192x192 any", "512x512 any", "512x512 maskable"]) {
      const icon = manifest.icons.find((i) => `${i.sizes} ${i.purpose}` === wanted);
      expect(icon, wanted).toBeTruthy();
      const image = await request.get(icon!.src);
      expect(image.status(), icon!.src).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    }
  }
  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-type"]).toContain("javascript");
  // The page never loads the worker's code as part of its bundle.
  const scripts = await page
    .locator("script[src], link[rel=modulepreload]")
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("src") ?? n.getAttribute("href")));
  expect(scripts.some((s) => s?.includes("sw"))).toBe(false);
});
