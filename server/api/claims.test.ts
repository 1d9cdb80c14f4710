import type { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { createOrder } from "~/features/orders/create.server";
import { changeOrderStatus } from "~/features/orders/status.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import type { Env } from "~/utils/env.server";
import { cartCheckoutInput, insertProduct } from "../../tests/factories";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { apiRequester, signedInUser } from "./test-client";

describe.each(databaseKinds())("defect claims API on %s (issue 26 point 5)", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  const request = apiRequester(() => app);
  const path = (id: string, lang = "en") => `/api/orders/${id}/claims?lang=${lang}`;
  let png: Blob;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = createServerApp({ db: database.db, env });
    png = new Blob([
      new Uint8Array(
        await sharp({ create: { width: 32, height: 24, channels: 3, background: "#08f" } })
          .png()
          .toBuffer(),
      ),
    ]);
  });
  afterAll(async () => {
    await outboxMailer({ db: database.db, env }).stop();
    await database?.close();
  });

  async function deliveredOrder(prefix: string) {
    const deps = { db: database.db, env };
    const { user, access } = await signedInUser(deps, prefix);
    const fan = await insertProduct(database.db, { name: "Ventilador", nameEn: "Fan", warranty: true, quantity: 4 });
    const soap = await insertProduct(database.db, { name: "Jabón", nameEn: "Soap", warranty: false, quantity: 4 });
    for (const product of [fan, soap]) await mergeCartLine(database.db, user.id, { productId: product.id, count: 1 });
    const placed = await createOrder(deps, user as User, await cartCheckoutInput(database.db, user.id), { lang: "en" });
    if (!placed.ok) throw new Error("not placed");
    const id = placed.order.transactionId;
    for (const to of ["processed", "shipping", "delivered"] as const) {
      await changeOrderStatus(deps, { transactionId: id }, to);
    }
    return { access, id };
  }

  const multipart = (fields: Record<string, string>, photos: Blob[] = []) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    for (const photo of photos) form.append("photos", photo, "foto.png");
    return form;
  };
  const send = (id: string, token: string | undefined, form: FormData, lang = "en") =>
    app.request(
      new Request(`http://localhost${path(id, lang)}`, {
        method: "POST",
        headers: token ? { authorization: `JWT ${token}` } : {},
        body: form,
      }),
    );

  it("issue 26 point 5: lists the lines and window, opens a claim with a photo (201), then shows it pending", async () => {
    const { access, id } = await deliveredOrder("reclama");
    const before = await request("GET", path(id), { token: access });
    expect(before.status).toBe(200);
    expect(before.headers.get("cache-control")).toBe("private, no-store");
    expect(await before.json()).toMatchObject({
      transaction_id: id,
      delivered: true,
      window_open: true,
      lines: [
        { line: 0, name: "Fan", warranty: true, can_claim: true },
        { line: 1, name: "Soap", warranty: false, can_claim: false },
      ],
      claims: [],
    });
    const created = await send(id, access, multipart({ line: "0", description: "It does not turn on." }, [png]));
    expect(created.status).toBe(201);
    const claim = await created.json();
    expect(claim).toMatchObject({ line: 0, product_name: "Fan", status: "pending", replacement_transaction_id: null });
    expect(claim.photos).toHaveLength(1);
    const after = await (await request("GET", path(id), { token: access })).json();
    expect(after.claims).toHaveLength(1);
    expect(after.lines[0].can_claim).toBe(false);
    // The photo is served like other media.
    const media = await app.request(new Request(`http://localhost${claim.photos[0]}?w=160`));
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("image/webp");
  });

  it("issue 26 point 5: bad input is 4xx in the house style; another shopper's order is 404", async () => {
    const { access, id } = await deliveredOrder("malo");
    const other = await signedInUser({ db: database.db, env }, "otro");
    const cases: Array<[string | undefined, FormData | string, number, string?]> = [
      [undefined, multipart({ line: "0", description: "It does not turn on." }), 401],
      [other.access, multipart({ line: "0", description: "It does not turn on." }), 404, "Order not found."],
      [access, multipart({ line: "0", description: "short" }), 400, "Describe the defect in at least 10 characters."],
      [access, multipart({ line: "x", description: "It does not turn on." }), 400, "Choose an item of the order."],
      [access, multipart({ line: "1", description: "It does not turn on." }), 409, "This item has no warranty."],
      [
        access,
        multipart({ line: "0", description: "It does not turn on." }, [png, png, png, png]),
        400,
        "You can add up to 3 photos.",
      ],
      [access, "{}", 415],
    ];
    for (const [token, body, status, error] of cases) {
      const res =
        typeof body === "string"
          ? await request("POST", path(id), { token, body, contentType: "application/json" })
          : await send(id, token, body);
      expect(res.status, `${status} ${error}`).toBe(status);
      const json = await res.json();
      if (error) expect(json.error).toBe(error);
      else expect(json.error).toEqual(expect.any(String));
    }
    expect((await request("GET", path(id), { token: other.access })).status).toBe(404);
    expect((await request("GET", path("nope"), { token: access })).status).toBe(404);
  });
});
