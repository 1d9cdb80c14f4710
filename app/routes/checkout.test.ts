import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { coupons } from "~/db/schema/coupons";
import { type User, getProfile } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { DEFAULT_ZONE, resetZone, updateZone } from "~/features/delivery/zones.server";
import { GIFT_MESSAGE_LIMIT } from "~/features/checkout/checkout-view";
import { GIFT_MESSAGE_MAX } from "~/features/orders/schemas";
import { insertProduct, insertUser } from "../../tests/factories";
import { createTestContext } from "../../tests/setup/context";
import { createTestDatabase } from "../../tests/setup/db";
import { action, loader } from "./checkout";
import { action as quoteAction } from "./checkout-quote";

// The checkout route with an injected clock (§4.5, D15: express closes at 14:00 Havana time).
// Vitest's fake Date is the clock: the app reads `new Date()`, so nothing in production changes.

let database: Database;
let user: User;
beforeAll(async () => {
  database = await createTestDatabase();
  user = await insertUser(database.db, { firstName: "Eva", lastName: "Paz" });
  const product = await insertProduct(database.db, { priceCents: 1000, quantity: 20 });
  const line = await mergeCartLine(database.db, user.id, { productId: product.id, count: 1 });
  if (!line.ok) throw new Error(line.error);
  await database.db.insert(coupons).values([{ name: "BIENVENIDO10", discountPercent: 10 }]);
});
afterAll(() => database.close());
afterEach(() => vi.useRealTimers());

/** 2026-01-15 (Havana is UTC-5 in winter) at the given Havana wall-clock time. */
const havana = (hour: number, minute: number) => new Date(Date.UTC(2026, 0, 15, hour + 5, minute));

function call(fn: typeof loader | typeof action, url: string, body?: Record<string, string>) {
  const context = createTestContext({ db: database.db, user });
  const request = new Request(
    url,
    body ? { method: "POST", body: new URLSearchParams(body), headers: { Accept: "text/html" } } : undefined,
  );
  return fn({ request, params: { lang: "es" }, context } as never);
}

const shippingForm = (option: string) => ({
  intent: "shipping",
  first_name: "Eva",
  last_name: "Paz",
  client_id: "85010112345",
  address: "Calle 23",
  city: "Plaza",
  state: "La Habana",
  phone: "55551234",
  place: "regla",
  delivery_option: option,
});

it("the form's gift counter uses the schema's limit (§5, §9)", () => {
  expect(GIFT_MESSAGE_LIMIT).toBe(GIFT_MESSAGE_MAX);
});

describe("checkout express cut-off (§4.5, D15)", () => {
  it("offers express until 13:59 and disables it from 14:00, Havana time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(havana(13, 59));
    const before = (await call(loader, "http://localhost/es/checkout")) as { expressAvailable?: boolean };
    expect(before.expressAvailable).toBe(true);
    vi.setSystemTime(havana(14, 0));
    const after = (await call(loader, "http://localhost/es/checkout")) as { expressAvailable?: boolean };
    expect(after.expressAvailable).toBe(false);
  });

  it("refuses an express shipping step from 14:00 and accepts it before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(havana(14, 30));
    const refused = (await call(action, "http://localhost/es/checkout?step=shipping", shippingForm("express"))) as {
      data: { errors: Record<string, string> };
      init: ResponseInit | null;
    };
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors).toEqual({ delivery_option: "shipping.errors.expressClosed" });

    vi.setSystemTime(havana(9, 0));
    const accepted = (await call(
      action,
      "http://localhost/es/checkout?step=shipping",
      shippingForm("express"),
    )) as Response;
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toBe("/es/checkout?step=payment");
    expect(accepted.headers.get("Set-Cookie")).toMatch(
      /^checkout_draft=[^;]+; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax/,
    );
  });

  it("lists the §5 required-field messages in order for an empty form", async () => {
    const result = (await call(action, "http://localhost/es/checkout?step=shipping", { intent: "shipping" })) as {
      data: { errors: Record<string, string> };
    };
    expect(Object.keys(result.data.errors)).toEqual([
      "first_name",
      "last_name",
      "client_id",
      "address",
      "city",
      "state",
      "phone",
      "delivery_latitude",
    ]);
  });
});

describe("the shipping step's live price (/{lang}/checkout/quote, D14, D15)", () => {
  const quote = async (body: Record<string, string>) => {
    const context = createTestContext({ db: database.db, user });
    const request = new Request("http://localhost/es/checkout/quote", {
      method: "POST",
      body: new URLSearchParams(body),
    });
    return (await quoteAction({ request, params: { lang: "es" }, context } as never)) as Response;
  };

  it("prices a point in Havana for both options, from the server's own figures", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(havana(9, 0));
    const res = await quote({ delivery_latitude: "23.1357", delivery_longitude: "-82.3838" });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toEqual({
      ok: true,
      costs: {
        standard: { ok: true, cup: expect.any(Number), free: false },
        express: { ok: true, cup: expect.any(Number), free: false },
      },
    });
    // D15: express costs 150 CUP per km to standard's 80.
    expect(answer.costs.express.cup).toBeGreaterThan(answer.costs.standard.cup);
  });

  it("answers 400 with the reason for a point outside Cuba or no point at all", async () => {
    for (const body of [
      { delivery_latitude: "40.4", delivery_longitude: "-3.7" },
      { delivery_latitude: "x", delivery_longitude: "" },
    ]) {
      const res = await quote(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ ok: false, error: expect.stringMatching(/^shipping\.errors\./) });
    }
  });
});

describe("the coupon box without JavaScript on the shipping step (§8 Coupon, §5)", () => {
  // Before hydration the coupon box posts the shipping form (checkout-summary.tsx): the body holds
  // what was typed in the shipping step, complete or not, and none of it may be lost.
  const typed = {
    step: "shipping",
    first_name: "Eva",
    last_name: "",
    client_id: "85010112345",
    address: "Calle Neptuno 512, bajos",
    city: "",
    state: "La Habana",
    zip_code: "",
    phone: "",
    place: "centro-habana",
    delivery_option: "standard",
    is_gift: "on",
    gift_message: "Feliz cumpleaños",
    save_profile: "on",
  };
  const post = (body: Record<string, string>, cookie = "") => {
    const context = createTestContext({ db: database.db, user });
    const request = new Request("http://localhost/es/checkout?step=shipping", {
      method: "POST",
      body: new URLSearchParams(body),
      headers: { Accept: "text/html", Cookie: cookie },
    });
    return action({ request, params: { lang: "es" }, context } as never);
  };
  const load = (cookie: string) => {
    const context = createTestContext({ db: database.db, user });
    const request = new Request("http://localhost/es/checkout?step=shipping", { headers: { Cookie: cookie } });
    return loader({ request, params: { lang: "es" }, context } as never) as Promise<{
      values: Record<string, unknown>;
      summary: { coupon: { name: string } | null };
    }>;
  };
  const expectTypedValues = (values: Record<string, unknown>) =>
    expect(values).toMatchObject({
      first_name: "Eva",
      last_name: "",
      client_id: "85010112345",
      address: "Calle Neptuno 512, bajos",
      city: "",
      state: "La Habana",
      phone: "",
      place: "centro-habana",
      delivery_latitude: expect.stringMatching(/^23\.\d+$/),
      delivery_longitude: expect.stringMatching(/^-82\.\d+$/),
      delivery_option: "standard",
      is_gift: true,
      gift_message: "Feliz cumpleaños",
      save_profile: true,
    });

  it("applies the coupon and keeps the unfinished shipping values in the draft", async () => {
    const res = (await post({ ...typed, intent: "coupon", coupon_name: "bienvenido10" })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/es/checkout?step=shipping");
    const cookie = res.headers.get("Set-Cookie")!.split(";")[0];
    const page = await load(cookie);
    expect(page.summary.coupon?.name).toBe("BIENVENIDO10");
    expectTypedValues(page.values);

    // The step is still unfinished: the payment step sends the shopper back to it.
    const context = createTestContext({ db: database.db, user });
    const request = new Request("http://localhost/es/checkout?step=payment", { headers: { Cookie: cookie } });
    const thrown = (await (loader({ request, params: { lang: "es" }, context } as never) as Promise<unknown>).catch(
      (error: unknown) => error,
    )) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/es/checkout?step=shipping");

    // Removing it the same way keeps them too.
    const removed = (await post(
      { ...typed, intent: "coupon-remove", address: "Calle Neptuno 514" },
      cookie,
    )) as Response;
    expect(removed.status).toBe(303);
    const after = await load(removed.headers.get("Set-Cookie")!.split(";")[0]);
    expect(after.summary.coupon).toBeNull();
    expect(after.values.address).toBe("Calle Neptuno 514");
  });

  it("answers a blank or unknown code with its message and the typed values, the draft unchanged", async () => {
    for (const [code, error] of [
      ["  ", "coupons.errors.required"],
      ["NOEXISTE99", "coupons.errors.notFound"],
    ]) {
      const res = (await post({ ...typed, intent: "coupon", coupon_name: code })) as {
        data: { coupon: { ok: boolean; error: string }; values: Record<string, unknown> };
        init: ResponseInit | null;
      };
      expect(res.init?.status, code).toBe(400);
      expect(res.data.coupon).toEqual({ ok: false, error });
      expectTypedValues(res.data.values);
      expect(new Headers(res.init?.headers).get("Set-Cookie")).toBeNull();
    }
  });

  it("Enter in the coupon field (the form's first button, continue) applies the code instead", async () => {
    const res = (await post({ ...typed, intent: "shipping", coupon_name: "BIENVENIDO10" })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/es/checkout?step=shipping");
    const page = await load(res.headers.get("Set-Cookie")!.split(";")[0]);
    expect(page.summary.coupon?.name).toBe("BIENVENIDO10");
    expectTypedValues(page.values);
  });
});

describe("the shipping step and delivery zones (issue 26 point 1, decision 013)", () => {
  const actor = { id: null, email: "ops@example.com", role: "cli" };
  type Refused = {
    data: { errors: Record<string, string>; values: Record<string, unknown> };
    init: ResponseInit | null;
  };
  const post = (city: string, option = "standard") =>
    call(action, "http://localhost/es/checkout?step=shipping", {
      ...shippingForm(option),
      city,
      state: "Granma",
    }) as Promise<Refused | Response>;

  it("refuses a paused, unserved, express-less or below-minimum municipality beside its field, keeping the values", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(havana(9, 0));
    const paused = { pauseReasonEs: "Sin combustible", pauseReasonEn: "No fuel" };
    await updateZone(database.db, actor, "niquero", { ...DEFAULT_ZONE, paused: true, ...paused });
    const refused = (await post("niquero")) as Refused;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.errors).toEqual({ city: "La entrega en Niquero está en pausa: Sin combustible" });
    expect(refused.data.values).toMatchObject({
      city: "niquero",
      state: "Granma",
      address: "Calle 23",
      place: "regla",
    });

    await updateZone(database.db, actor, "niquero", { ...DEFAULT_ZONE, served: false });
    expect(((await post("Niquero")) as Refused).data.errors).toEqual({ city: "No entregamos en Niquero." });
    await updateZone(database.db, actor, "niquero", { ...DEFAULT_ZONE, express: false, minOrderCents: 2000 });
    expect(((await post("Niquero", "express")) as Refused).data.errors).toEqual({
      delivery_option: "En Niquero no hay entrega exprés: elige la estándar.",
    });
    // The cart holds 10.00 of goods.
    expect(((await post("Niquero")) as Refused).data.errors).toEqual({
      city: "El pedido mínimo para Niquero es $20.00 en productos.",
    });
    await resetZone(database.db, actor, "niquero");
    expect(((await post("Niquero")) as Response).status).toBe(303);
    // A city of no known municipality is free text, accepted as before.
    expect(((await post("Reparto Sueño")) as Response).status).toBe(303);
  });
});

describe("the shipping step's 'save as my delivery details' (issue 26 point 2)", () => {
  it("saves the shopper's own details to the profile, never a new recipient's", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(havana(9, 0));
    const shopper = await insertUser(database.db, { firstName: "Ana" });
    const line = await mergeCartLine(database.db, shopper.id, {
      productId: (await insertProduct(database.db, { priceCents: 1000, quantity: 5 })).id,
      count: 1,
    });
    if (!line.ok) throw new Error(line.error);
    const post = (body: Record<string, string>) => {
      const context = createTestContext({ db: database.db, user: shopper });
      const request = new Request("http://localhost/es/checkout?step=shipping", {
        method: "POST",
        body: new URLSearchParams(body),
        headers: { Accept: "text/html" },
      });
      return action({ request, params: { lang: "es" }, context } as never) as Promise<Response>;
    };
    const before = await getProfile(database.db, shopper.id);
    // A relative's address, with the profile box ticked by a hand-made post: the profile is left alone.
    const forRelative = {
      ...shippingForm("standard"),
      address: "Calle Tulipán 7",
      recipient: "new",
      save_profile: "on",
    };
    expect((await post(forRelative)).status).toBe(303);
    expect((await getProfile(database.db, shopper.id)).address).toBe(before.address);
    // The shopper's own address is saved.
    expect((await post({ ...shippingForm("standard"), recipient: "self", save_profile: "on" })).status).toBe(303);
    expect((await getProfile(database.db, shopper.id)).address).toBe("Calle 23");
  });
});
