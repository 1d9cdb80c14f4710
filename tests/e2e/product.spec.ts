import { type APIRequestContext, type Locator, type Page, expect, test } from "@playwright/test";
import { LANGS, type Lang, escapeRegExp, gotoHydrated, t, usd, expectNoSeriousA11yViolations } from "./support";

/**
 * Spec §2.10 product detail and §2.11 reviews (read side), D7/D9 signed-out buying, D10 ratings,
 * D13 recently viewed and the page's SEO, in both languages. Products are picked from the seeded
 * store through its REST API by what each check needs (several colours, on sale, out of stock...).
 */

type ApiCard = {
  id: number;
  display_name: string;
  price: number;
  original_price: number;
  wholesale_price: number | null;
  quantity: number;
  colors_list: string[];
  varieties_list: string[];
  rating: number | null;
  reviews_count: number;
};
type ApiProduct = ApiCard & {
  image_url: string | null;
  image2_url: string | null;
  image3_url: string | null;
  image4_url: string | null;
  description: string;
};

const cache = new Map<Lang, ApiCard[]>();

/** Every product the listing endpoints return (newest and best sellers, 100 each), once per language. */
async function catalogue(request: APIRequestContext, lang: Lang): Promise<ApiCard[]> {
  const hit = cache.get(lang);
  if (hit) return hit;
  const byId = new Map<number, ApiCard>();
  for (const section of ["latest", "bestsellers"]) {
    const response = await request.get(`/api/product/${section}?limit=100&lang=${lang}`);
    expect(response.status()).toBe(200);
    for (const p of ((await response.json()) as { products: ApiCard[] }).products) byId.set(p.id, p);
  }
  const list = [...byId.values()].sort((a, b) => a.id - b.id);
  cache.set(lang, list);
  return list;
}

async function pick(request: APIRequestContext, lang: Lang, what: string, test: (p: ApiCard) => boolean) {
  const found = (await catalogue(request, lang)).find(test);
  expect(found, `a seeded product ${what}`).toBeTruthy();
  return found!;
}

async function apiProduct(request: APIRequestContext, id: number, lang: Lang): Promise<ApiProduct> {
  const response = await request.get(`/api/product/product/${id}?lang=${lang}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { product: ApiProduct }).product;
}

/** A RegExp for a message whose one placeholder is replaced by `group`. */
function messagePattern(lang: Lang, key: Parameters<typeof t>[1], name: string, group: string): RegExp {
  return new RegExp(escapeRegExp(t(lang, key)).replace(escapeRegExp(`{${name}}`), group));
}

const toggle = (group: Locator) => group.getByRole("button");
const colorGroup = (page: Page, lang: Lang) =>
  page.getByRole("group", { name: new RegExp(`^${escapeRegExp(t(lang, "pdp.color"))}:`) });
const varietyGroup = (page: Page, lang: Lang) =>
  page.getByRole("group", { name: new RegExp(`^${escapeRegExp(t(lang, "pdp.variety"))}:`) });
const reviewList = (page: Page, lang: Lang) => page.getByRole("list", { name: t(lang, "reviews.list"), exact: true });
const tab = (page: Page, name: string | RegExp) => page.getByRole("tab", { name });

type ShownReview = { rating: number; date: number; helpful: number };

/** Rating, date and helpful count of every review listed, in page order. */
async function shownReviews(page: Page, lang: Lang): Promise<ShownReview[]> {
  const list = reviewList(page, lang);
  await expect(list).not.toHaveAttribute("aria-busy", "true");
  const rating = messagePattern(lang, "product.rating", "rating", "(\\d\\.\\d)");
  const helpful = /(\d+)/;
  const items = await list.getByRole("listitem").all();
  const result: ShownReview[] = [];
  for (const item of items) {
    const text = (await item.textContent()) ?? "";
    const r = text.match(rating);
    expect(r, `rating in "${text}"`).toBeTruthy();
    const helpfulText = (await item.locator("p.text-xs").allTextContents()).join(" ");
    result.push({
      rating: Number(r![1]),
      date: Date.parse((await item.locator("time").getAttribute("datetime")) ?? ""),
      helpful: Number(helpfulText.match(helpful)?.[1] ?? 0),
    });
  }
  return result;
}

/** Whether `list` is non-increasing by `key`, ties newest first. */
function isOrdered(list: ShownReview[], key: (r: ShownReview) => number): boolean {
  return list.every((b, i) => {
    const a = list[i - 1];
    return !a || key(a) > key(b) || (key(a) === key(b) && a.date >= b.date);
  });
}

/** Non-increasing by `key`, ties newest first (the §2.11 orders and reviews.server.ts). */
function expectOrdered(list: ShownReview[], key: (r: ShownReview) => number, what: string) {
  for (let i = 1; i < list.length; i++) {
    const [a, b] = [list[i - 1], list[i]];
    expect(key(a), `${what}: item ${i} after item ${i - 1}`).toBeGreaterThanOrEqual(key(b));
    if (key(a) === key(b)) expect(a.date, `${what}: tie broken by date at ${i}`).toBeGreaterThanOrEqual(b.date);
  }
}

for (const lang of LANGS) {
  test.describe(`product page /${lang}/product/{id}`, () => {
    test("colour swatches and varieties: first preselected, choice in the URL, applied without a reload", async ({
      page,
      request,
    }) => {
      const product = await pick(
        request,
        lang,
        "with several colours and varieties",
        (p) => p.colors_list.length > 2 && p.varieties_list.length > 1 && p.quantity > 0,
      );
      await gotoHydrated(page, `/${lang}/product/${product.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.display_name);

      const colors = toggle(colorGroup(page, lang));
      await expect(colors).toHaveCount(product.colors_list.length);
      for (const [i, name] of product.colors_list.entries()) {
        await expect(colors.nth(i)).toHaveAccessibleName(name);
        await expect(colors.nth(i)).toHaveAttribute("aria-pressed", i === 0 ? "true" : "false");
      }
      const varieties = toggle(varietyGroup(page, lang));
      await expect(varieties).toHaveCount(product.varieties_list.length);
      await expect(varieties.first()).toHaveAttribute("aria-pressed", "true");
      await expect(varieties.nth(1)).toHaveAttribute("aria-pressed", "false");

      // A marker on window survives only if the page is not reloaded.
      await page.evaluate(() => Object.assign(window, { __samePage: true }));
      const color = product.colors_list[2];
      await colorGroup(page, lang).getByRole("button", { name: color, exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("color") === color);
      await expect(colors.nth(2)).toHaveAttribute("aria-pressed", "true");
      await expect(colors.nth(0)).toHaveAttribute("aria-pressed", "false");
      await expect(colorGroup(page, lang)).toHaveAccessibleName(`${t(lang, "pdp.color")}: ${color}`);

      const variety = product.varieties_list[1];
      await varieties.nth(1).click();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("variety") === variety && url.searchParams.get("color") === color,
      );
      await expect(varieties.nth(1)).toHaveAttribute("aria-pressed", "true");
      await expect(varieties.first()).toHaveAttribute("aria-pressed", "false");
      expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);

      // The choice is shareable: the same URL opens with it.
      await page.reload();
      await expect(toggle(colorGroup(page, lang)).nth(2)).toHaveAttribute("aria-pressed", "true");
      await expect(toggle(varietyGroup(page, lang)).nth(1)).toHaveAttribute("aria-pressed", "true");
    });

    test("a product without several colours shows no swatches", async ({ page, request }) => {
      const product = await pick(request, lang, "with at most one colour", (p) => p.colors_list.length <= 1);
      await gotoHydrated(page, `/${lang}/product/${product.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.display_name);
      await expect(colorGroup(page, lang)).toHaveCount(0);
    });

    test("gallery: a thumbnail switches the large image", async ({ page, request }) => {
      let product: ApiProduct | null = null;
      for (const card of await catalogue(request, lang)) {
        const full = await apiProduct(request, card.id, lang);
        if (full.image_url && full.image2_url) {
          product = full;
          break;
        }
      }
      expect(product, "a product with two images").toBeTruthy();
      await gotoHydrated(page, `/${lang}/product/${product!.id}`);
      const gallery = page.getByRole("region", { name: t(lang, "pdp.gallery.label") });
      const large = gallery.locator("img").first();
      await expect(large).toHaveAttribute("src", new RegExp(`^${escapeRegExp(product!.image_url!)}\\?w=`));
      await expect(large).toHaveAttribute("fetchpriority", "high");
      await expect(large).not.toHaveAttribute("loading", "lazy");

      const total = [product!.image_url, product!.image2_url, product!.image3_url, product!.image4_url].filter(
        Boolean,
      ).length;
      const thumbs = gallery.getByRole("link");
      await expect(thumbs).toHaveCount(total);
      const second = gallery.getByRole("link", { name: t(lang, "pdp.gallery.thumb", { n: 2, total }) });
      await expect(second.locator("img")).toHaveAttribute("loading", "lazy");
      await second.click();
      await expect(page).toHaveURL(/[?&]img=2\b/);
      await expect(large).toHaveAttribute("src", new RegExp(`^${escapeRegExp(product!.image2_url!)}\\?w=`));
      await expect(second).toHaveAttribute("aria-current", "true");
    });

    test("sale badge, original price and wholesale box", async ({ page, request }) => {
      const product = await pick(
        request,
        lang,
        "on sale with a wholesale price",
        (p) => p.price < p.original_price && p.wholesale_price !== null,
      );
      await gotoHydrated(page, `/${lang}/product/${product.id}`);
      const percent = Math.round((1 - product.price / product.original_price) * 100);
      const main = page.getByRole("main");
      await expect(
        main.getByText(t(lang, "product.discountBadge", { percent }), { exact: true }).first(),
      ).toBeVisible();
      await expect(main.getByText(usd(product.price), { exact: true }).first()).toBeVisible();
      await expect(main.locator("s").first()).toContainText(usd(product.original_price));
      await expect(
        main.getByText(t(lang, "pdp.wholesale", { price: usd(product.wholesale_price!), min: 10 }), { exact: true }),
      ).toBeVisible();
    });

    test("stock: out of stock disables add to cart with the message; low stock says how many are left", async ({
      page,
      request,
    }) => {
      const out = await pick(request, lang, "out of stock", (p) => p.quantity === 0);
      await gotoHydrated(page, `/${lang}/product/${out.id}`);
      await expect(page.getByRole("button", { name: t(lang, "pdp.addToCart") })).toBeDisabled();
      await expect(page.getByRole("button", { name: t(lang, "pdp.buyNow") })).toBeDisabled();
      await expect(page.getByText(t(lang, "pdp.outOfStock"), { exact: true })).toBeVisible();

      const low = await pick(request, lang, "with 2 to 5 left", (p) => p.quantity >= 2 && p.quantity <= 5);
      await gotoHydrated(page, `/${lang}/product/${low.id}`);
      await expect(
        page.getByText(t(lang, "pdp.stock.low_other", { count: low.quantity }), { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: t(lang, "pdp.addToCart") })).toBeEnabled();
      await expect(page.getByText(t(lang, "pdp.outOfStock"), { exact: true })).toHaveCount(0);

      // The quantity stepper stays within 1..stock (§5).
      const quantity = page.getByRole("spinbutton", { name: t(lang, "pdp.quantity") });
      const plus = page.getByRole("button", { name: t(lang, "pdp.quantity.increase") });
      for (let i = 1; i < low.quantity; i++) await plus.click();
      await expect(quantity).toHaveValue(String(low.quantity));
      await expect(plus).toBeDisabled();
    });

    test("signed out, add to cart and the wishlist heart lead to login and back to this product (D7, D9)", async ({
      page,
      request,
    }) => {
      const product = await pick(
        request,
        lang,
        "in stock with several colours",
        (p) => p.colors_list.length > 1 && p.quantity > 0,
      );
      await gotoHydrated(page, `/${lang}/product/${product.id}`);
      const color = product.colors_list[1];
      await colorGroup(page, lang).getByRole("button", { name: color, exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("color") === color);

      // The URL can change a moment before React commits the render that follows it, so the
      // link is read again until it carries the new choice.
      const wishlist = page.getByRole("link", { name: t(lang, "pdp.wishlist.add") });
      const wishlistNext = async () => {
        const href = new URL((await wishlist.getAttribute("href"))!, "http://x");
        const next = new URL(href.searchParams.get("next") ?? "/", "http://x");
        return { login: href.pathname, product: next.pathname, color: next.searchParams.get("color") };
      };
      await expect
        .poll(wishlistNext)
        .toEqual({ login: `/${lang}/login`, product: `/${lang}/product/${product.id}`, color });

      await page.getByRole("button", { name: t(lang, "pdp.addToCart") }).click();
      await expect(page).toHaveURL((url) => url.pathname === `/${lang}/login`);
      const back = new URL(new URL(page.url()).searchParams.get("next")!, "http://x");
      expect(back.pathname).toBe(`/${lang}/product/${product.id}`);
      expect(back.searchParams.get("color")).toBe(color);
    });

    test("reviews: tab with count, star filter on and off, the four sort orders", async ({ page, request }) => {
      const candidates = (await catalogue(request, lang)).filter(
        (p) => p.reviews_count >= 3 && p.rating !== null && p.rating % 1 !== 0,
      );
      expect(candidates.length, "products with mixed ratings").toBeGreaterThan(0);
      let product: ApiCard | null = null;
      for (const candidate of candidates) {
        await gotoHydrated(page, `/${lang}/product/${candidate.id}?tab=reviews`);
        const ratings = (await shownReviews(page, lang)).map((r) => Math.floor(r.rating));
        if (ratings.includes(5) && ratings.some((r) => r < 5)) {
          product = candidate;
          break;
        }
      }
      expect(product, "a product with 5-star and other reviews").toBeTruthy();
      const total = product!.reviews_count;

      const reviewsTab = tab(page, t(lang, "pdp.tabs.reviews", { count: total }));
      await expect(reviewsTab).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel", { name: t(lang, "pdp.tabs.reviews", { count: total }) })).toBeVisible();
      await expect(page.getByText(t(lang, "reviews.login"), { exact: false })).toBeVisible();

      const all = await shownReviews(page, lang);
      expect(all).toHaveLength(Math.min(total, 20));
      const fives = all.filter((r) => Math.floor(r.rating) === 5).length;

      await test.step("the 5-star row filters, pressing it again clears", async () => {
        const row = page.getByRole("button", {
          name: new RegExp(`^${escapeRegExp(t(lang, "reviews.stars_other", { count: 5 }))}:`),
        });
        await row.click();
        await expect(page).toHaveURL(/[?&]rating=5\b/);
        await expect(row).toHaveAttribute("aria-pressed", "true");
        const filtered = await shownReviews(page, lang);
        expect(filtered).toHaveLength(fives);
        expect(filtered.every((r) => Math.floor(r.rating) === 5)).toBe(true);

        await row.click();
        await expect(page).toHaveURL((url) => !url.searchParams.has("rating"));
        await expect(row).toHaveAttribute("aria-pressed", "false");
        expect(await shownReviews(page, lang)).toHaveLength(all.length);
        await expect(reviewsTab).toHaveAttribute("aria-selected", "true");
      });

      const sort = page.getByLabel(t(lang, "reviews.sort.label"));
      // The URL changes before the new list is rendered: wait until the list has had time to
      // follow (a few seconds), then read it; the checks below say what is wrong if it never does.
      const sortBy = async (value: string, key: (r: ShownReview) => number) => {
        await sort.selectOption(value);
        await expect(page).toHaveURL((url) => url.searchParams.get("sort") === value);
        await expect
          .poll(async () => isOrdered(await shownReviews(page, lang), key), { timeout: 5_000 })
          .toBe(true)
          .catch(() => undefined);
        return shownReviews(page, lang);
      };

      await test.step("most helpful", async () => {
        expectOrdered(await sortBy("helpful", (r) => r.helpful), (r) => r.helpful, "helpful");
      });
      await test.step("highest and lowest rated", async () => {
        const highest = await sortBy("highest", (r) => r.rating);
        expectOrdered(highest, (r) => r.rating, "highest");
        const lowest = await sortBy("lowest", (r) => -r.rating);
        expectOrdered(lowest, (r) => -r.rating, "lowest");
        expect(highest[0].rating).toBeGreaterThan(lowest[0].rating);
      });
      await test.step("most recent", async () => {
        expectOrdered(await sortBy("recent", (r) => r.date), (r) => r.date, "recent");
      });
    });

    test("a long comment is truncated with show more and show less", async ({ page, request }) => {
      let id: number | null = null;
      for (const p of (await catalogue(request, lang)).filter((c) => c.reviews_count > 0)) {
        const html = await (await request.get(`/${lang}/product/${p.id}?tab=reviews`)).text();
        const panel = html.slice(html.indexOf('id="panel-reviews"'), html.indexOf('id="panel-questions"'));
        if (panel.includes(t(lang, "reviews.showMore"))) {
          id = p.id;
          break;
        }
      }
      expect(id, "a product with a comment over 200 characters").toBeTruthy();
      await gotoHydrated(page, `/${lang}/product/${id}?tab=reviews`);
      const more = reviewList(page, lang)
        .getByRole("button", { name: t(lang, "reviews.showMore") })
        .first();
      await expect(more).toHaveAttribute("aria-expanded", "false");
      const comment = page.locator(`#${await more.getAttribute("aria-controls")}`);
      const short = (await comment.textContent())!;
      expect(short).toContain("…");
      await more.click();
      const less = comment.getByRole("button", { name: t(lang, "reviews.showLess") });
      await expect(less).toHaveAttribute("aria-expanded", "true");
      const full = (await comment.textContent())!;
      expect(full.length).toBeGreaterThan(short.length);
      await less.click();
      await expect(comment.getByRole("button", { name: t(lang, "reviews.showMore") })).toBeVisible();
    });

    test("a product without reviews says so (D10)", async ({ page, request }) => {
      const product = await pick(request, lang, "without reviews", (p) => p.reviews_count === 0);
      await gotoHydrated(page, `/${lang}/product/${product.id}`);
      await expect(page.getByText(t(lang, "pdp.noReviews"), { exact: true }).first()).toBeVisible();
      await tab(page, t(lang, "pdp.tabs.reviews", { count: 0 })).click();
      await expect(page).toHaveURL(/[?&]tab=reviews\b/);
      const panel = page.getByRole("tabpanel", { name: t(lang, "pdp.tabs.reviews", { count: 0 }) });
      await expect(panel.getByText(t(lang, "reviews.empty"), { exact: true })).toBeVisible();
      await expect(reviewList(page, lang)).toHaveCount(0);
    });

    test("tabs: arrow keys, Home and End move between description, specifications, reviews and questions", async ({
      page,
      request,
    }) => {
      const product = await pick(request, lang, "any", () => true);
      await gotoHydrated(page, `/${lang}/product/${product.id}`);
      const tabs = page.getByRole("tab");
      await expect(tabs).toHaveCount(4);
      const description = tab(page, t(lang, "pdp.tabs.description"));
      await expect(description).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel")).toHaveCount(1);
      await description.focus();
      await page.keyboard.press("ArrowRight");
      const specs = tab(page, t(lang, "pdp.tabs.specs"));
      await expect(specs).toBeFocused();
      await expect(specs).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel", { name: t(lang, "pdp.tabs.specs") })).toBeVisible();
      await expect(
        page.getByRole("tabpanel").getByRole("rowheader", { name: t(lang, "pdp.specs.brand") }),
      ).toBeVisible();
      await page.keyboard.press("End");
      await expect(tab(page, t(lang, "pdp.tabs.questions"))).toBeFocused();
      await expect(page.getByRole("tabpanel").getByText(t(lang, "pdp.questions.empty"))).toBeVisible();
      await page.keyboard.press("Home");
      await expect(description).toHaveAttribute("aria-selected", "true");
      await page.keyboard.press("ArrowLeft");
      await expect(tab(page, t(lang, "pdp.tabs.questions"))).toHaveAttribute("aria-selected", "true");
    });

    test("related products link to product pages; following one shows the skeleton, then the product", async ({
      page,
      request,
    }) => {
      const product = await pick(request, lang, "any", () => true);
      await gotoHydrated(page, `/${lang}/product/${product.id}`);
      const related = page.getByRole("region", { name: t(lang, "pdp.related") });
      const links = related.getByRole("link");
      await expect(links.first()).toBeVisible();
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) {
        expect(href).toMatch(new RegExp(`^/${lang}/product/\\d+$`));
        expect(href).not.toBe(`/${lang}/product/${product.id}`);
      }
      await expect(related.locator("img").first()).toHaveAttribute("loading", "lazy");

      const target = Number(hrefs[0]!.split("/").pop());
      const name = (await apiProduct(request, target, lang)).display_name;
      await links.first().click();
      await expect(page.getByRole("status").filter({ hasText: t(lang, "pdp.loading") })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${lang}/product/${target}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      // D13: both products are remembered, newest first.
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("recently_viewed") ?? "[]") as number[]))
        .toEqual(expect.arrayContaining([target, product.id]));
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("recently_viewed") ?? "[]") as number[]);
      expect(stored.slice(0, 2)).toEqual([target, product.id]);
    });

    test("SEO: title, description, canonical without the query, Open Graph image and Product JSON-LD", async ({
      page,
      request,
      baseURL,
    }) => {
      const card = await pick(request, lang, "reviewed and in stock", (p) => p.reviews_count > 0 && p.quantity > 0);
      const product = await apiProduct(request, card.id, lang);
      const response = await page.goto(`/${lang}/product/${card.id}?tab=specs&img=1`);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${product.display_name} | Tienda Cuba`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S{3,}/);
      const url = `${baseURL}/${lang}/product/${card.id}`;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
      const other = lang === "es" ? "en" : "es";
      await expect(page.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute(
        "href",
        `${baseURL}/${other}/product/${card.id}`,
      );
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        `${baseURL}${product.image_url}`,
      );
      await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");

      const scripts = page.locator('script[type="application/ld+json"]');
      await expect(scripts).toHaveCount(1);
      const data = JSON.parse((await scripts.textContent())!) as Record<string, unknown> & {
        offers: Record<string, unknown>;
        image: string[];
        aggregateRating: Record<string, unknown>;
      };
      expect(data["@type"]).toBe("Product");
      expect(data.name).toBe(product.display_name);
      expect(data.offers.price).toBe(product.price.toFixed(2));
      expect(data.offers.priceCurrency).toBe("USD");
      expect(data.offers.availability).toBe("https://schema.org/InStock");
      expect(data.offers.url).toBe(url);
      expect(data.image[0]).toBe(`${baseURL}${product.image_url}`);
      expect(data.aggregateRating.reviewCount).toBe(card.reviews_count);
      expect(data.aggregateRating.ratingValue).toBe(card.rating!.toFixed(1));
    });

    test("an unknown or malformed product id is the 404 page", async ({ page }) => {
      for (const path of [`/${lang}/product/999999`, `/${lang}/product/abc`, `/${lang}/product/0`]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(t(lang, "notFound.title"));
      }
    });

    for (const width of [360, 1280]) {
      test(`axe: no serious or critical violation at ${width} px, description and reviews tabs`, async ({
        page,
        request,
      }) => {
        // Four full-page scans; slow when the machine is busy.
        test.setTimeout(90_000);
        const product = await pick(
          request,
          lang,
          "reviewed with several colours or varieties",
          (p) => p.reviews_count > 0 && (p.colors_list.length > 1 || p.varieties_list.length > 0),
        );
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, `/${lang}/product/${product.id}`);
        await expectNoSeriousA11yViolations(page);
        await tab(page, t(lang, "pdp.tabs.reviews", { count: product.reviews_count })).click();
        await expect(reviewList(page, lang)).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("colour, thumbnail and tab are links and GET forms that keep the other choices", async ({ page, request }) => {
    const lang = "es";
    const product = await pick(request, lang, "with several colours", (p) => p.colors_list.length > 1);
    const full = await apiProduct(request, product.id, lang);
    await page.goto(`/${lang}/product/${product.id}`);
    const color = product.colors_list[1];
    await colorGroup(page, lang).getByRole("button", { name: color, exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("color") === color);
    await expect(colorGroup(page, lang).getByRole("button", { name: color, exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    if (full.image2_url) {
      const total = [full.image_url, full.image2_url, full.image3_url, full.image4_url].filter(Boolean).length;
      const gallery = page.getByRole("region", { name: t(lang, "pdp.gallery.label") });
      await gallery.getByRole("link", { name: t(lang, "pdp.gallery.thumb", { n: 2, total }) }).click();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("img") === "2" && url.searchParams.get("color") === color,
      );
      await expect(gallery.locator("img").first()).toHaveAttribute(
        "src",
        new RegExp(`^${escapeRegExp(full.image2_url)}\\?w=`),
      );
    }

    // Related products are in the HTML itself (not streamed in by a script).
    await expect(
      page
        .getByRole("region", { name: t(lang, "pdp.related") })
        .getByRole("link")
        .first(),
    ).toHaveAttribute("href", new RegExp(`^/${lang}/product/\\d+$`));

    await tab(page, t(lang, "pdp.tabs.specs")).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("tab") === "specs" && url.searchParams.get("color") === color,
    );
    await expect(page.getByRole("tabpanel", { name: t(lang, "pdp.tabs.specs") })).toContainText(color);
  });

  test("star filter, sort with its button, and show more on a long comment", async ({ page, request }) => {
    const lang = "en";
    let found = false;
    for (const p of (await catalogue(request, lang)).filter((c) => c.reviews_count >= 2)) {
      await page.goto(`/${lang}/product/${p.id}?tab=reviews`);
      const summary = reviewList(page, lang).locator("summary").first();
      if ((await summary.count()) === 0) continue;
      found = true;

      const details = reviewList(page, lang).locator("details").first();
      await expect(summary).toContainText(t(lang, "reviews.showMore"));
      await summary.click();
      await expect(details).toHaveAttribute("open", "");
      await expect(summary).toContainText(t(lang, "reviews.showLess"));

      const sortButton = page.getByRole("button", { name: t(lang, "reviews.sort.apply") });
      await page.getByLabel(t(lang, "reviews.sort.label")).selectOption("lowest");
      await sortButton.click();
      await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "lowest");
      const lowest = await shownReviews(page, lang);
      expectOrdered(lowest, (r) => -r.rating, "lowest");

      const stars = Math.floor(lowest[0].rating);
      const row = page.getByRole("button", {
        name: new RegExp(
          `^${escapeRegExp(t(lang, stars === 1 ? "reviews.stars_one" : "reviews.stars_other", { count: stars }))}:`,
        ),
      });
      await row.click();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("rating") === String(stars) && url.searchParams.get("sort") === "lowest",
      );
      expect((await shownReviews(page, lang)).every((r) => Math.floor(r.rating) === stars)).toBe(true);
      await row.click();
      await expect(page).toHaveURL(
        (url) => !url.searchParams.has("rating") && url.searchParams.get("tab") === "reviews",
      );
      break;
    }
    expect(found, "a product with a comment over 200 characters").toBe(true);
  });
});
