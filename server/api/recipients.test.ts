import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { checkNewRecipient, chooseRecipient } from "~/features/checkout/recipient-step.server";
import { DEFAULT_ZONE, resetZone, updateZone } from "~/features/delivery/zones.server";
import { createOrder } from "~/features/orders/create.server";
import { getOrder } from "~/features/orders/orders.server";
import type { Env } from "~/utils/env.server";
import { cartCheckoutInput, insertProduct } from "../../tests/factories";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { apiRequester, signedInUser } from "./test-client";

const MARTA = {
  first_name: "Marta",
  last_name: "Pérez Díaz",
  id_card: "45021512345",
  phone: "+53 5 555 1234",
  address: "Calle Santa Catalina #512, e/ Boyeros y Palatino",
  municipality_id: "cerro",
  latitude: 23.1101,
  longitude: -82.3802,
};

describe.each(databaseKinds())("issue 26 point 2: family recipients API on %s", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  const request = apiRequester(() => app);
  const signedIn = () => signedInUser({ db: database.db, env }, "familia");

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = createServerApp({ db: database.db, env });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("issue 26 point 2: creates, lists, reads, edits and deletes the shopper's recipients", async () => {
    const { access } = await signedIn();
    expect(await (await request("GET", "/api/profile/recipients", { token: access })).json()).toEqual({
      recipients: [],
    });

    const created = await request("POST", "/api/profile/recipients", { token: access, body: MARTA });
    expect(created.status).toBe(201);
    const { recipient } = (await created.json()) as { recipient: { id: number } };
    expect(recipient).toMatchObject({
      ...MARTA,
      municipality: "Cerro",
      province: "La Habana",
      province_id: "la-habana",
    });

    const list = (await (await request("GET", "/api/profile/recipients", { token: access })).json()) as {
      recipients: unknown[];
    };
    expect(list.recipients).toEqual([recipient]);
    const one = await request("GET", `/api/profile/recipients/${recipient.id}`, { token: access });
    expect(await one.json()).toEqual({ recipient });

    const edited = await request("PUT", `/api/profile/recipients/${recipient.id}`, {
      token: access,
      body: { ...MARTA, phone: "7 881 2233", municipality_id: "holguin", latitude: null, longitude: null },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      recipient: { phone: "7 881 2233", municipality: "Holguín", province: "Holguín", latitude: null },
    });

    const deleted = await request("DELETE", `/api/profile/recipients/${recipient.id}`, { token: access });
    expect(deleted.status).toBe(204);
    expect((await request("GET", `/api/profile/recipients/${recipient.id}`, { token: access })).status).toBe(404);
  });

  it("issue 26 point 2: another shopper's recipient answers 404, like an unknown one; no token is a 401", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const created = await request("POST", "/api/profile/recipients", { token: owner.access, body: MARTA });
    const { recipient } = (await created.json()) as { recipient: { id: number } };
    const path = `/api/profile/recipients/${recipient.id}`;
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", MARTA],
      ["DELETE", undefined],
    ] as const) {
      const answer = await request(method, path, { token: other.access, body });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: "Ese destinatario no existe." });
    }
    expect((await request("GET", "/api/profile/recipients/abc?lang=en", { token: other.access })).status).toBe(404);
    expect((await request("GET", "/api/profile/recipients/99999999999", { token: other.access })).status).toBe(404);
    expect((await request("GET", "/api/profile/recipients")).status).toBe(401);
    expect((await request("GET", path, { token: owner.access })).status).toBe(200);
    expect((await (await request("GET", "/api/profile/recipients", { token: other.access })).json()) as object).toEqual(
      {
        recipients: [],
      },
    );
  });

  it("issue 26 point 2: refuses bad input with a 400 naming the field, in the request's language", async () => {
    const { access } = await signedIn();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...MARTA, id_card: "4502151234" }, "id_card", "The identity card has 11 digits, with no letters or spaces."],
      [{ ...MARTA, id_card: "4502151234X" }, "id_card", "The identity card has 11 digits, with no letters or spaces."],
      [{ ...MARTA, municipality_id: "springfield" }, "municipality_id", "Choose a municipality from the list."],
      [{ ...MARTA, first_name: "  " }, "first_name", "Enter the first name."],
      [{ ...MARTA, phone: "llámame" }, "phone", "A phone number has only digits, spaces, +, - and brackets."],
      [
        { ...MARTA, latitude: 40.4, longitude: -3.7 },
        "latitude",
        "The point must be in Cuba, with both latitude and longitude.",
      ],
      [{ ...MARTA, longitude: null }, "latitude", "The point must be in Cuba, with both latitude and longitude."],
      [{ ...MARTA, address: "x".repeat(256) }, "address", "This is too long."],
      [{ ...MARTA, first_name: 7 }, "first_name", "Enter the first name."],
    ];
    for (const [body, path, message] of cases) {
      const answer = await request("POST", "/api/profile/recipients?lang=en", { token: access, body });
      expect(answer.status, path).toBe(400);
      const json = (await answer.json()) as { error: string; details: Array<{ path: string }> };
      expect(json.error).toBe(message);
      expect(json.details[0].path).toBe(path);
    }
    const notJson = await request("POST", "/api/profile/recipients", {
      token: access,
      body: "x",
      contentType: "text/plain",
    });
    expect(notJson.status).toBe(415);
    expect(await (await request("GET", "/api/profile/recipients", { token: access })).json()).toEqual({
      recipients: [],
    });
  });

  it("issue 26 point 2: keeps at most 20 recipients (409 after)", async () => {
    const { access } = await signedIn();
    for (let i = 0; i < 20; i++) {
      expect((await request("POST", "/api/profile/recipients", { token: access, body: MARTA })).status).toBe(201);
    }
    const refused = await request("POST", "/api/profile/recipients?lang=en", { token: access, body: MARTA });
    expect(refused.status).toBe(409);
  });

  it("issue 26 point 2: a recipient in a paused municipality is saved; the order copies the recipient and keeps it after edits and deletion", async () => {
    const { user, access }: { user: User; access: string } = await signedIn();
    const actor = { id: null, email: "ops@example.com", role: "cli" };
    await updateZone(database.db, actor, "cerro", {
      ...DEFAULT_ZONE,
      paused: true,
      pauseReasonEs: "Sin gas",
      pauseReasonEn: "No gas",
    });
    const created = await request("POST", "/api/profile/recipients", { token: access, body: MARTA });
    expect(created.status).toBe(201);
    const { recipient } = (await created.json()) as { recipient: { id: number } };

    const fan = await insertProduct(database.db, { priceCents: 2500, quantity: 10 });
    expect((await mergeCartLine(database.db, user.id, { productId: fan.id, count: 2 })).ok).toBe(true);
    const draft = await chooseRecipient(database.db, user.id, {}, String(recipient.id));
    expect(draft).toMatchObject({ recipient: String(recipient.id), place: "map", latitude: 23.1101 });
    const fields = { ...draft!.address, delivery_latitude: draft!.latitude, delivery_longitude: draft!.longitude };
    expect(fields).toMatchObject({ client_id: "45021512345", city: "Cerro", state: "La Habana" });
    // Checkout refuses the paused municipality like any other order to it.
    const refused = await createOrder(
      { db: database.db, env },
      user,
      await cartCheckoutInput(database.db, user.id, fields),
      {
        lang: "es",
      },
    );
    expect(refused).toMatchObject({ ok: false, field: "city" });

    await resetZone(database.db, actor, "cerro");
    const placed = await createOrder(
      { db: database.db, env },
      user,
      await cartCheckoutInput(database.db, user.id, fields),
      {
        lang: "es",
      },
    );
    if (!placed.ok) throw new Error(placed.error);
    await placed.notified;
    const snapshot = {
      fullName: "Marta Pérez Díaz",
      clientId: "45021512345",
      phoneNumber: "+53 5 555 1234",
      address: MARTA.address,
      city: "Cerro",
      stateProvinceRegion: "La Habana",
    };
    expect(await getOrder(database.db, user.id, placed.order.transactionId)).toMatchObject(snapshot);

    await request("PUT", `/api/profile/recipients/${recipient.id}`, {
      token: access,
      body: { ...MARTA, first_name: "Otra", id_card: "99999999999", municipality_id: "moa" },
    });
    await request("DELETE", `/api/profile/recipients/${recipient.id}`, { token: access });
    expect(await getOrder(database.db, user.id, placed.order.transactionId)).toMatchObject(snapshot);
  });

  it("issue 26 point 2: a new recipient saved at checkout is checked as a recipient, errors beside the checkout fields", () => {
    const values = {
      first_name: "Luis",
      last_name: "Gómez",
      client_id: "123",
      address: "Calle 1",
      city: "Springfield",
      state: "La Habana",
      zip_code: "",
      phone: "+53 5 111 2222",
      place: "",
      delivery_latitude: "",
      delivery_longitude: "",
      delivery_option: "standard" as const,
      is_gift: false,
      gift_message: "",
      save_profile: false,
      recipient: "new",
      save_recipient: true,
    };
    expect(checkNewRecipient(values)).toEqual({
      ok: false,
      errors: { client_id: "recipients.errors.idCardInvalid", city: "recipients.errors.municipalityUnknown" },
    });
    expect(checkNewRecipient({ ...values, client_id: "85010112345", city: "Holguín", state: "Holguín" }).ok).toBe(true);
  });
});
