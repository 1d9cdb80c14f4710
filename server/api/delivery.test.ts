import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ZONE, updateZone } from "~/features/delivery/zones.server";
import { databaseKinds } from "../../tests/setup/db";
import { type Fixture, createApiFixture, get } from "./test-fixtures";

// Issue 26 point 1: `GET /api/delivery/zones`, every province with its municipalities and zones.

type Body = {
  provinces: Array<{
    id: string;
    name: string;
    municipalities: Array<{ id: string; paused: boolean; pause_reason: string | null } & Record<string, unknown>>;
  }>;
};

describe.each(databaseKinds())("delivery API on %s", (kind) => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await createApiFixture(kind);
  });
  afterAll(async () => {
    await fx?.close();
  });
  const municipality = (body: Body, id: string) =>
    body.provinces.flatMap((p) => p.municipalities).find((m) => m.id === id);

  it("answers the 16 provinces and 168 municipalities, each with its zone, publicly cacheable", async () => {
    const res = await get(fx.app, "/api/delivery/zones");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/public/);
    const body = (await res.json()) as Body;
    expect(body.provinces).toHaveLength(16);
    expect(body.provinces[0]).toMatchObject({ id: "pinar-del-rio", name: "Pinar del Río" });
    expect(body.provinces.flatMap((p) => p.municipalities)).toHaveLength(168);
    expect(municipality(body, "playa")).toEqual({
      id: "playa",
      name: "Playa",
      province_id: "la-habana",
      served: true,
      paused: false,
      pause_reason: null,
      delivery_days: { min: 1, max: 2 },
      express: true,
      min_order: 0,
    });
  });

  it("shows a paused zone at once, its reason in the request's language, its minimum in USD", async () => {
    await updateZone(fx.db, { id: null, email: "ops@example.com", role: "cli" }, "cerro", {
      ...DEFAULT_ZONE,
      paused: true,
      pauseReasonEs: "Apagón en la zona",
      pauseReasonEn: "Power cut in the area",
      minOrderCents: 1250,
    });
    const es = (await (await get(fx.app, "/api/delivery/zones")).json()) as Body;
    expect(municipality(es, "cerro")).toMatchObject({
      paused: true,
      pause_reason: "Apagón en la zona",
      min_order: 12.5,
    });
    const en = (await (await get(fx.app, "/api/delivery/zones?lang=en")).json()) as Body;
    expect(municipality(en, "cerro")).toMatchObject({ pause_reason: "Power cut in the area" });
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = (await (await get(fx.app, "/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(doc.paths["/api/delivery/zones"]).toBeDefined();
  });
});
