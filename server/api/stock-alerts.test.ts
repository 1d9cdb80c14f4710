import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { STOCK_ALERT_RATE_LIMIT } from "~/features/stock-alerts/subscriptions.server";
import type { Env } from "~/utils/env.server";
import { type Product, insertProduct } from "../../tests/factories";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { apiRequester, signedInUser } from "./test-client";

describe.each(databaseKinds())("stock alerts API on %s (issue 26 point 4)", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  let soldOut: Product;
  let inStock: Product;
  const request = apiRequester(() => app);
  const path = (id: number | string, lang = "en") => `/api/products/${id}/stock-alerts?lang=${lang}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = createServerApp({ db: database.db, env });
    soldOut = await insertProduct(database.db, { name: "Aceite", nameEn: "Oil", quantity: 0 });
    inStock = await insertProduct(database.db, { name: "Arroz", nameEn: "Rice", quantity: 8 });
  });
  afterAll(async () => {
    await outboxMailer({ db: database.db, env }).stop();
    await database?.close();
  });

  it("issue 26 point 4: signed in subscribes at once (201), DELETE ends it (200, then 404)", async () => {
    const { access, user } = await signedInUser({ db: database.db, env }, "espera");
    const created = await request("POST", path(soldOut.id), { token: access });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ status: "subscribed", product_id: soldOut.id });
    expect((await request("POST", path(soldOut.id), { token: access, body: {} })).status).toBe(201);
    const ended = await request("DELETE", path(soldOut.id), { token: access });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ status: "unsubscribed", product_id: soldOut.id });
    const again = await request("DELETE", path(soldOut.id, "es"), { token: access });
    expect(again.status).toBe(404);
    expect((await again.json()).error).toBe("No tienes un aviso para este producto.");
    expect(user.email).toContain("@");
  });

  it("issue 26 point 4: signed out with an email is pending confirmation (202)", async () => {
    const pending = await request("POST", path(soldOut.id), { body: { email: "ana@example.cu" } });
    expect(pending.status).toBe(202);
    expect(await pending.json()).toMatchObject({ status: "pending", product_id: soldOut.id });
  });

  it("issue 26 point 4: bad input and in-stock products are 4xx in the house style, never 500", async () => {
    const { access } = await signedInUser({ db: database.db, env }, "malo");
    const cases: Array<[string, string, Parameters<typeof request>[2], number]> = [
      ["POST", path(soldOut.id), {}, 400],
      ["POST", path(soldOut.id), { body: { email: "no-es-un-correo" } }, 400],
      ["POST", path(soldOut.id), { body: { email: 42 } }, 400],
      ["POST", path(soldOut.id), { body: "{not json" }, 400],
      ["POST", path(soldOut.id), { body: "email=a@b.cu", contentType: "application/x-www-form-urlencoded" }, 415],
      ["POST", path("abc"), { body: { email: "a@b.cu" } }, 400],
      ["POST", path("99999999999"), { body: { email: "a@b.cu" } }, 400],
      ["POST", path(987654), { body: { email: "a@b.cu" } }, 404],
      ["POST", path(inStock.id), { body: { email: "a@b.cu" } }, 409],
      ["POST", path(inStock.id), { token: access }, 409],
      ["POST", path(soldOut.id), { token: "not-a-token" }, 401],
      ["DELETE", path(soldOut.id), {}, 401],
      ["DELETE", path("0"), { token: access }, 400],
    ];
    for (const [method, url, opts, status] of cases) {
      const response = await request(method, url, opts);
      expect({ url, status: response.status }).toEqual({ url, status });
      expect(typeof (await response.json()).error).toBe("string");
    }
    const inStockAnswer = await request("POST", path(inStock.id, "es"), { body: { email: "a@b.cu" } });
    expect((await inStockAnswer.json()).error).toBe("Este producto ya está disponible: puedes comprarlo ahora.");
  });

  it("issue 26 point 4: the signed-out form is rate limited per address (429 with Retry-After)", async () => {
    let last: Response | undefined;
    for (let i = 0; i <= STOCK_ALERT_RATE_LIMIT.perEmail; i++) {
      last = await request("POST", path(soldOut.id), { body: { email: "mucho@example.cu" } });
    }
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("issue 26 point 4: the OpenAPI document lists both calls", async () => {
    const doc = await (await app.request("http://localhost/api/openapi.json")).json();
    expect(Object.keys(doc.paths["/api/products/{id}/stock-alerts"]).sort()).toEqual(["delete", "post"]);
  });
});
