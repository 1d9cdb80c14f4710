import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { type Lang, LANGS, SAME_ORIGIN, expectNoSeriousA11yViolations, gotoHydrated, pickProduct, t } from "./support";
import { freshOrder } from "./api-orders";
import { signInStaff } from "./staff-sign-in";

// Staff roles (issue 27, points 1 and 6; decision 016), in both languages: the demo owner adds a
// dispatcher on the staff page (axe-checked), who moves orders but cannot change a price (no link,
// the page's URL is a 404, a direct post is a 404 and the price stays); the owner then makes that
// person a manager, which applies at once: the manager cannot move an order (the orders pages are
// 404s, a direct post is a 404, the status stays).

const OWNER = { email: "operador@tienda.cu", password: "Malecon2026!" };

/** The status of the shopper's order, as the API tells the shopper. */
async function orderStatus(request: APIRequestContext, headers: Record<string, string>, id: string) {
  const res = await request.get(`/api/orders/get-order/${id}`, { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

/** A product's price as the catalogue API gives it. */
async function priceOf(request: APIRequestContext, id: number) {
  const res = await request.get(`/api/product/product/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { product: { price: number } }).product.price;
}

const nav = (page: Page, lang: Lang) => page.getByRole("navigation", { name: t(lang, "admin.nav.label") });

for (const lang of LANGS) {
  test(`${lang}: a dispatcher cannot change a price; made a manager by the owner, they cannot move an order`, async ({
    browser,
    page,
    request,
  }) => {
    // Two signed-in sessions, an axe check, a role change and eight pages: past 30 s on a busy machine.
    test.setTimeout(120_000);
    const email = `rol-${lang}-${Date.now()}@tienda.cu`;
    // The owner adds a new account as a dispatcher; its password is shown once.
    await signInStaff(page, OWNER, lang);
    await gotoHydrated(page, `/${lang}/admin/staff`);
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "admin.staff.title") })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const add = page.getByRole("region", { name: t(lang, "admin.staff.add") });
    await add.getByLabel(t(lang, "admin.staff.field.email")).fill(email);
    await add.getByLabel(t(lang, "admin.staff.field.role")).selectOption("dispatcher");
    await add.getByRole("button", { name: t(lang, "admin.staff.submit") }).click();
    await expect(add.getByText(t(lang, "admin.staff.created", { email }))).toBeVisible();
    const password = (await add.locator("code").textContent())!.trim();
    expect(password).toHaveLength(24);

    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signInStaff(staff, { email, password }, lang);
    // The shopper's side goes through the API, in a context of its own.
    const order = await freshOrder(request, "rol-pedido", lang);
    const product = await pickProduct(request, "any", () => true, lang);
    const price = await priceOf(request, product.id);

    // The dispatcher: orders in the navigation, products not; the order's moves are there.
    await gotoHydrated(staff, `/${lang}/admin`);
    await expect(nav(staff, lang).getByRole("link", { name: t(lang, "admin.nav.orders") })).toBeVisible();
    await expect(nav(staff, lang).getByRole("link", { name: t(lang, "admin.nav.products") })).toHaveCount(0);
    await expect(nav(staff, lang).getByRole("link", { name: t(lang, "admin.nav.staff") })).toHaveCount(0);
    await expect(staff.locator(`a[href^="/${lang}/admin/products"]`)).toHaveCount(0);
    await gotoHydrated(staff, `/${lang}/admin/orders/${order.id}`);
    await expect(staff.getByRole("button", { name: t(lang, "admin.orders.move.to.processed") })).toBeVisible();
    // …but a price is out of reach: the page is a 404 and a direct post is a 404 that changes nothing.
    expect((await staff.goto(`/${lang}/admin/products/${product.id}`))?.status()).toBe(404);
    expect((await staff.goto(`/${lang}/admin/products`))?.status()).toBe(404);
    const pricePost = await staff.request.post(`/${lang}/admin/products/${product.id}`, {
      form: { price: "0.01", name: product.name },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(pricePost.status()).toBe(404);
    expect(await priceOf(request, product.id)).toBe(price);

    // The owner makes them a manager; it applies at once, on the session they already have.
    await gotoHydrated(page, `/${lang}/admin/staff`);
    const roleSelect = page.getByRole("combobox", { name: t(lang, "admin.staff.roleOf", { email }), exact: true });
    await roleSelect.selectOption("manager");
    await page.getByRole("button", { name: t(lang, "admin.staff.changeRoleOf", { email }) }).click();
    await expect(page.getByText(t(lang, "admin.staff.changed", { email }))).toBeVisible();
    await expect(roleSelect).toHaveValue("manager");

    // The manager: products yes, orders no; a direct move is a 404 and the order keeps its status.
    await gotoHydrated(staff, `/${lang}/admin`);
    await expect(nav(staff, lang).getByRole("link", { name: t(lang, "admin.nav.products") })).toBeVisible();
    await expect(nav(staff, lang).getByRole("link", { name: t(lang, "admin.nav.orders") })).toHaveCount(0);
    expect((await staff.goto(`/${lang}/admin/orders/${order.id}`))?.status()).toBe(404);
    expect((await staff.goto(`/${lang}/admin/orders`))?.status()).toBe(404);
    const move = await staff.request.post(`/${lang}/admin/orders/${order.id}`, {
      form: { to: "cancelled" },
      headers: SAME_ORIGIN,
      maxRedirects: 0,
    });
    expect(move.status()).toBe(404);
    expect(await orderStatus(request, order.headers, order.id)).toBe("not_processed");
    await staffContext.close();
  });
}
