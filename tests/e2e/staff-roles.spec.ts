import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import {
  type Lang,
  LANGS,
  SAME_ORIGIN,
  createShopper,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  pickProduct,
  t,
} from "./support";
import { signInStaff } from "./staff-sign-in";

// Staff roles (issue 27, points 1 and 6; decision 016), in both languages: the demo owner adds a
// dispatcher on the staff page (axe-checked), who moves orders but cannot change a price (no link,
// the page's URL is a 404, a direct post is a 404 and the price stays); the owner then makes that
// person a manager, which applies at once: the manager cannot move an order (the orders pages are
// 404s, a direct post is a 404, the status stays).

const OWNER = { email: "operador@tienda.cu", password: "Malecon2026!" };
const VEDADO = { latitude: 23.1357, longitude: -82.3838 };
const ADDRESS = {
  first_name: "Yanet",
  last_name: "Castro",
  client_id: "85010112345",
  address: "Calle 23 #456, Vedado",
  city: "Plaza de la Revolución",
  state: "La Habana",
  zip_code: "10400",
  phone: "+53 5 555 5555",
  delivery_option: "standard",
  delivery_latitude: VEDADO.latitude,
  delivery_longitude: VEDADO.longitude,
};

/** A fresh shopper's order through the REST API (as admin-orders.spec.ts); its id and a JWT to read it. */
async function freshOrder(request: APIRequestContext, lang: Lang) {
  const who = await createShopper(request, "rol-pedido");
  const auth = await request.post("/auth/jwt/create/", { data: { email: who.email, password: who.password } });
  expect(auth.status(), "jwt/create").toBe(200);
  const headers = { Authorization: `JWT ${((await auth.json()) as { access: string }).access}` };
  const product = await pickProduct(request, "with 40 or more in stock", (p) => p.quantity >= 40, lang);
  expect((await request.post("/api/cart/add-item", { headers, data: { product_id: product.id, count: 1 } })).ok()).toBe(
    true,
  );
  const totals = (await (await request.get("/api/cart/get-total", { headers })).json()) as { total_cost: number };
  const shipping = await request.post("/api/orders/calculate-shipping", {
    headers,
    data: { ...VEDADO, deliveryOption: "standard" },
  });
  const { shipping_cost } = (await shipping.json()) as { shipping_cost: number };
  const res = await request.post(`/api/orders/create-order?lang=${lang}`, {
    headers,
    data: { ...ADDRESS, amount: totals.total_cost, shipping_price: shipping_cost },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { transaction_id: string }).transaction_id, headers };
}

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
    const order = await freshOrder(request, lang);
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
