import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds } from "../../tests/setup/db";
import { type Fixture, createApiFixture, get } from "./test-fixtures";

describe.each(databaseKinds())("currency API on %s", (kind) => {
  let fx: Fixture;

  beforeAll(async () => {
    fx = await createApiFixture(kind);
  });
  afterAll(async () => {
    await fx?.close();
  });

  it("GET /api/currency/exchange-rate/ answers { rate } (D2), with or without the slash", async () => {
    for (const path of ["/api/currency/exchange-rate/", "/api/currency/exchange-rate"]) {
      const res = await get(fx.app, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ rate: 385.5 });
    }
  });
});
