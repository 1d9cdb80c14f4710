import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { zoneOf } from "~/features/delivery/zones.server";
import type { Env } from "~/utils/env.server";
import { insertUser } from "../../../tests/factories";
import { createTestContext, createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { action } from "./zone-edit";

// Issue 26 point 1: an operator pauses a municipality with its reason; a refusal keeps what was
// typed with each error beside its field and changes nothing; "back to the defaults" resets.

describe.each(databaseKinds())("zone edit action on %s", (kind) => {
  let database: Database;
  let env: Env;
  let context: ReturnType<typeof createTestContext>;
  const post = (municipalityId: string, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return action({
      request: new Request(`http://localhost/es/admin/zones/${municipalityId}`, { method: "POST", body }),
      params: { lang: "es", municipalityId },
      context,
    } as never).catch((thrown: unknown) => thrown);
  };
  const typed = {
    intent: "save",
    served: "on",
    paused: "on",
    pauseReasonEs: "Sin combustible",
    pauseReasonEn: "",
    minDays: "2",
    maxDays: "3",
    minOrderCents: "10",
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    const user = await insertUser(database.db, { role: "owner" });
    context = createTestContext({ db: database.db, env, user: user as never });
  });
  afterAll(() => database.close());

  it("refuses a pause without its English reason, keeping what was typed, and changes nothing", async () => {
    const refused = (await post("guanabacoa", typed)) as { data: unknown; init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({
      errors: { pauseReasonEn: "admin.zones.errors.reason" },
      values: { pauseReasonEs: "Sin combustible", minDays: "2", paused: "on" },
    });
    expect(await zoneOf(database.db, "guanabacoa")).toMatchObject({ paused: false, minDays: 1 });
  });

  it("saves a paused zone and redirects to the list; resets it to the defaults", async () => {
    const saved = (await post("guanabacoa", { ...typed, pauseReasonEn: "No fuel" })) as Response;
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/es/admin/zones?saved=guanabacoa");
    expect(await zoneOf(database.db, "guanabacoa")).toMatchObject({
      paused: true,
      express: false,
      minDays: 2,
      maxDays: 3,
      minOrderCents: 1000,
    });
    const reset = (await post("guanabacoa", { intent: "reset" })) as Response;
    expect(reset.headers.get("location")).toBe("/es/admin/zones?reset=guanabacoa");
    expect(await zoneOf(database.db, "guanabacoa")).toMatchObject({ paused: false, express: true });
  });

  it("answers 404 for an id that is not a municipality", async () => {
    const missing = (await post("narnia", { ...typed, pauseReasonEn: "x" })) as { init: { status: number } };
    expect(missing.init.status).toBe(404);
  });
});
