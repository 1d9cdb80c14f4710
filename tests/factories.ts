/**
 * Plain-data factories for tests and the demo seed (docs/style.md "Tests": the seed reuses them).
 * `create*` only build objects ready for `db.insert(...)`; `insert*` also write them and return
 * the stored row. Every call yields unique slugs and names, so tests can insert freely.
 *
 * @example
 *   const product = await insertProduct(db, { priceCents: 1250, quantity: 0 });
 */
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { categories, products } from "~/db/schema/catalog";
import type { orders } from "~/db/schema/orders";
import { Secret, TOTP } from "otpauth";
import { issueTokens } from "~/features/accounts/accounts.server";
import { verifyToken } from "~/features/accounts/tokens.server";
import { confirmEnrolment, pendingEnrolment } from "~/features/accounts/two-factor.server";
import { quoteCheckout } from "~/features/orders/quote.server";
import type { Env } from "~/utils/env.server";
import { CheckoutSchema, type CheckoutInput } from "~/features/orders/schemas";

export type NewCategory = typeof categories.$inferInsert;
export type NewProduct = typeof products.$inferInsert;
export type Category = typeof categories.$inferSelect;
export type Product = typeof products.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserRow = typeof users.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

let sequence = 0;
/** A number unique within this process, for slugs and names. */
function nextId(): number {
  sequence += 1;
  return sequence;
}

/**
 * An order row to insert directly (reports, rollups): a standard delivery in Havana paid on
 * delivery, a unique transaction id; pass the columns the test is about.
 */
export function createOrderRow(overrides: Partial<NewOrder> & { userId: number }): NewOrder {
  const n = nextId();
  return {
    transactionId: `tx-row-${process.pid}-${n}`,
    status: "not_processed",
    amountCents: 1000,
    goodsCents: 1000,
    shippingPriceCup: 0,
    shippingName: "Estándar",
    shippingTime: "2-3 días",
    fullName: `Cliente ${n}`,
    clientId: "85010112345",
    address: "Calle 23",
    city: "Plaza de la Revolución",
    stateProvinceRegion: "La Habana",
    phoneNumber: "+53 5 555 5555",
    deliveryLatitude: 23.1,
    deliveryLongitude: -82.4,
    ...overrides,
  };
}

/**
 * A category (or, with `parentId`, a subcategory) with a unique slug and both names (D3).
 * @param overrides any column; `slug` must stay unique across all categories.
 */
export function createCategory(overrides: Partial<NewCategory> = {}): NewCategory {
  const n = nextId();
  return {
    slug: `categoria-${n}`,
    name: `Categoría ${n}`,
    nameEn: `Category ${n}`,
    imageUrl: null,
    parentId: null,
    position: n,
    ...overrides,
  };
}

/**
 * A product in stock, not on sale, without wholesale price, colours or varieties, with Spanish
 * and English texts (D3) and a USD price in cents (D1). `categoryId` is required: pass the id of
 * a row from `insertCategory`, or use `insertProduct`, which creates one when missing.
 * `originalPriceCents` defaults to the price (not on sale).
 */
export function createProduct(overrides: Partial<NewProduct> & { categoryId: number }): NewProduct {
  const n = nextId();
  const priceCents = overrides.priceCents ?? 1000;
  return {
    name: `Producto de prueba ${n}`,
    nameEn: `Test product ${n}`,
    description: `Descripción del producto de prueba ${n}.`,
    descriptionEn: `Description of test product ${n}.`,
    priceCents,
    originalPriceCents: priceCents,
    wholesalePriceCents: null,
    quantity: 10,
    sold: 0,
    brand: "Marca",
    model: `M-${n}`,
    weight: "1 kg",
    dimensions: "10 x 10 x 10 cm",
    color: "",
    colors: [],
    varieties: [],
    features: [],
    featuresEn: [],
    warranty: false,
    shopCity: "La Habana",
    imageUrl: null,
    image2Url: null,
    image3Url: null,
    image4Url: null,
    ...overrides,
  };
}

/** Inserts `createCategory(overrides)` and returns the stored row. */
export async function insertCategory(db: Db, overrides: Partial<NewCategory> = {}): Promise<Category> {
  const [row] = await db.insert(categories).values(createCategory(overrides)).returning();
  return row;
}

/**
 * Inserts `createProduct(overrides)` and returns the stored row. Without `categoryId` a fresh
 * subcategory (under a fresh category) is created first, as products hang from subcategories.
 * The search index is not refreshed: call the search module when a test needs it.
 */
export async function insertProduct(db: Db, overrides: Partial<NewProduct> = {}): Promise<Product> {
  let categoryId = overrides.categoryId;
  if (categoryId === undefined) {
    const parent = await insertCategory(db);
    categoryId = (await insertCategory(db, { parentId: parent.id })).id;
  }
  const [row] = await db
    .insert(products)
    .values(createProduct({ ...overrides, categoryId }))
    .returning();
  return row;
}

/**
 * An active shopper (no password: enough for the cart, wishlist and reviews) with a unique email
 * and username.
 * @param overrides any column, e.g. `isActive: false` or a `passwordHash`.
 */
export async function insertUser(db: Db, overrides: Partial<NewUser> = {}): Promise<UserRow> {
  const n = nextId();
  const [row] = await db
    .insert(users)
    .values({ email: `cliente${n}@example.cu`, username: `cliente${n}`, isActive: true, ...overrides })
    .returning();
  return row;
}

/**
 * A shopper's delivery details as §7.4 create-order takes them (§3 Checkout form), delivering to
 * Vedado, La Habana; the caller adds `amount`, `shipping_price` and `delivery_option` when it needs one.
 */
export const CHECKOUT_ADDRESS = {
  first_name: "Ana",
  last_name: "Pérez",
  client_id: "85010112345",
  address: "Calle 23 #456, Vedado",
  city: "Plaza de la Revolución",
  state: "La Habana",
  zip_code: "10400",
  phone: "+53 5 555 5555",
  shipping_name: "Estándar",
  shipping_time: "1-2 días",
  is_gift: false,
  gift_message: "",
  delivery_latitude: 23.1357,
  delivery_longitude: -82.3838,
} as const;

/**
 * create-order's input for the shopper's cart as it stands: CHECKOUT_ADDRESS, standard delivery, and
 * the goods total and shipping the server quotes (what a client would send, D18b); `overrides`
 * replaces any field (a stale `amount`, another name).
 */
export async function cartCheckoutInput(
  db: Db,
  userId: number,
  overrides: Partial<Record<keyof CheckoutInput, unknown>> = {},
): Promise<CheckoutInput> {
  const quote = await quoteCheckout(db, userId, {
    latitude: CHECKOUT_ADDRESS.delivery_latitude,
    longitude: CHECKOUT_ADDRESS.delivery_longitude,
    deliveryOption: "standard",
  });
  if (!quote.shipping.ok) throw new Error(quote.shipping.error);
  return CheckoutSchema.parse({
    ...CHECKOUT_ADDRESS,
    delivery_option: "standard",
    amount: quote.amountCents / 100,
    shipping_price: quote.shipping.costCup,
    ...overrides,
  });
}

/**
 * `token` with one character near its end changed. A middle character of its last part: each of
 * its six bits counts, where a base64url string's last character may carry ignored bits (so
 * writing "xx" over the end left a valid signature about once in a thousand runs).
 */
export function tamperedToken(token: string): string {
  const at = token.length - 8;
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
}

/**
 * A staff member's signed-in session that has passed two-factor (decision 017), the real way: the
 * account enrols (a real secret), a code computed with the TOTP library from that secret is
 * accepted, and the session's tokens are returned with a `Cookie` header value for page requests.
 * `secret` computes further codes (mind replay protection: one accepted code per 30-second step).
 */
export async function signInStaff(
  db: Db,
  env: Env,
  user: { id: number; email: string; tokenVersion: number },
  now: Date = new Date(),
): Promise<{ access: string; refresh: string; cookie: string; secret: string; recoveryCodes: string[] }> {
  const { access, refresh } = await issueTokens({ db, env }, user as UserRow);
  const claims = await verifyToken(env.SECRET_KEY, access, "access");
  if (!claims) throw new Error("signInStaff: the token did not verify");
  const enrolment = await pendingEnrolment(db, user);
  if (!enrolment) throw new Error("signInStaff: the account has already enrolled");
  const code = totpCode(enrolment.secret, now);
  const done = await confirmEnrolment(db, { userId: user.id, sid: claims.sid, ip: "127.0.0.1", now }, code);
  if (!done.ok || !done.recoveryCodes) throw new Error(`signInStaff: the code was refused (${JSON.stringify(done)})`);
  return {
    access,
    refresh,
    cookie: `access=${access}; refresh=${refresh}`,
    secret: enrolment.secret,
    recoveryCodes: done.recoveryCodes,
  };
}

/** The RFC 6238 code of `secret` at `now`, computed with the TOTP library (as an authenticator app does). */
export function totpCode(secret: string, now: Date = new Date()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: now.getTime(),
  });
}
