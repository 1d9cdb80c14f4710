import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { DEFAULT_ZONE, updateZone } from "~/features/delivery/zones.server";
import { visitorZone } from "~/features/delivery/visitor-zone.server";
import type { Env } from "~/utils/env.server";
import { createTestContext, createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { action, loader } from "./delivery";

// Issue 26 point 1: "Entregar en": the visitor's municipality kept in a cookie, the page that says
// whether and how the store delivers there, the paused zone with its reason.

describe.each(databaseKinds())("the Entregar en page on %s", (kind) => {
  let database: Database;
  let env: Env;
  let context: ReturnType<typeof createTestContext>;
  const post = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return action({
      request: new Request("http://localhost/es/delivery", { method: "POST", body }),
      params: { lang: "es" },
      context,
    } as never);
  };
  const load = (cookie: string, lang: "es" | "en" = "es") =>
    loader({
      request: new Request(`http://localhost/${lang}/delivery`, { headers: { Cookie: cookie } }),
      params: { lang },
      context,
    } as never);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    context = createTestContext({ db: database.db, env, user: null });
  });
  afterAll(() => database.close());

  it("keeps the chosen municipality in a year-long cookie and goes back where the visitor was", async () => {
    const done = (await post({ municipality: "cerro", back: "/es/product/3" })) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/es/product/3");
    expect(done.headers.get("set-cookie")).toMatch(/^zone=cerro; Path=\/; Max-Age=31536000; SameSite=Lax/);
    const home = (await post({ municipality: "guines", back: "https://evil.example/" })) as Response;
    expect(home.headers.get("location")).toBe("/es/delivery?saved=1");
  });

  it("refuses a municipality that is not on the list with the error for the field, and sets nothing", async () => {
    const refused = (await post({ municipality: "narnia" })) as { data: unknown; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data).toEqual({ error: "delivery.errors.municipality" });
  });

  it("shows the chosen zone: the estimate, or the pause's reason in the page's language", async () => {
    const open = await load("zone=cerro");
    expect(open.chosen).toMatchObject({ id: "cerro", name: "Cerro", province: "La Habana", state: "open", minDays: 1 });
    expect(open.provinces).toHaveLength(16);
    await updateZone(database.db, { id: null, email: "ops@example.com", role: "cli" }, "cerro", {
      ...DEFAULT_ZONE,
      paused: true,
      pauseReasonEs: "Apagón",
      pauseReasonEn: "Power cut",
    });
    expect((await load("zone=cerro", "en")).chosen).toMatchObject({ state: "paused", reason: "Power cut" });
    const cerro = (await load("")).provinces.flatMap((p) => p.municipalities).find((m) => m.id === "cerro");
    expect(cerro).toEqual({ id: "cerro", name: "Cerro", state: "paused" });
  });

  it("reads no choice from a missing or unknown cookie", async () => {
    expect((await load("")).chosen).toBeNull();
    const request = (cookie: string) => new Request("http://localhost/es/", { headers: { Cookie: cookie } });
    expect(await visitorZone(database.db, request("zone=narnia"), "es")).toBeNull();
    expect(await visitorZone(database.db, request("zone=%E0%A4%A"), "es")).toBeNull();
  });
});
