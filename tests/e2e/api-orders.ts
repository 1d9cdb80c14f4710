import { type APIRequestContext, expect } from "@playwright/test";
import { type Lang, createShopper, pickProduct } from "./support";

// Orders placed through the REST API, as the checkout client does (spec §7.4): the journeys that
// need a fresh order (the orders page, the back office, reports, claims) start from one here.

/** A delivery point in the Vedado, Havana. */
export const VEDADO = { latitude: 23.1357, longitude: -82.3838 };

/** The create-order body's recipient and delivery point (standard delivery to the Vedado). */
export const ORDER_ADDRESS = {
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

/** A shopper's access token (JWT) for the API. */
export async function jwt(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post("/auth/jwt/create/", { data: { email: who.email, password: who.password } });
  expect(res.status(), "jwt/create").toBe(200);
  return ((await res.json()) as { access: string }).access;
}

/** The Authorization header of a token. */
export const bearer = (token: string) => ({ Authorization: `JWT ${token}` });

/** A product with plenty of stock, so parallel tests never run it out. */
export const roomyProduct = (request: APIRequestContext, lang: Lang = "es") =>
  pickProduct(request, "with 40 or more in stock", (p) => p.quantity >= 40, lang);

/**
 * Places an order of `count` units of `productId` with the shopper's token: add to cart, get-total,
 * calculate-shipping, create-order (its lines named in `lang`; `extra` adds to or replaces fields of
 * the body). Returns the transaction id.
 */
export async function placeOrder(
  request: APIRequestContext,
  token: string,
  productId: number,
  count = 1,
  extra: Record<string, unknown> = {},
  lang: Lang = "es",
): Promise<string> {
  const headers = bearer(token);
  const added = await request.post("/api/cart/add-item", { headers, data: { product_id: productId, count } });
  expect(added.status(), "add-item").toBeLessThan(300);
  const totals = (await (await request.get("/api/cart/get-total", { headers })).json()) as { total_cost: number };
  const shipping = await request.post("/api/orders/calculate-shipping", {
    headers,
    data: { ...VEDADO, deliveryOption: "standard" },
  });
  expect(shipping.status(), "calculate-shipping").toBe(200);
  const { shipping_cost } = (await shipping.json()) as { shipping_cost: number };
  const res = await request.post(`/api/orders/create-order?lang=${lang}`, {
    headers,
    data: { ...ORDER_ADDRESS, amount: totals.total_cost, shipping_price: shipping_cost, is_gift: false, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { transaction_id: string }).transaction_id;
}

/** A new shopper (named after `tag`) with one order of a roomy product: the order id and the shopper's token. */
export async function freshOrder(request: APIRequestContext, tag: string, lang: Lang, count = 1) {
  const who = await createShopper(request, tag);
  const token = await jwt(request, who);
  const product = await roomyProduct(request, lang);
  const id = await placeOrder(request, token, product.id, count, {}, lang);
  return { id, who, token, headers: bearer(token), product };
}
