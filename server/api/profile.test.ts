import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { hashPassword, issueTokens } from "~/features/accounts/accounts.server";
import type { Env } from "~/utils/env.server";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { apiRequester, signedInUser } from "./test-client";

const EMPTY = { address: "", city: "", state_province_region: "", zipcode: "", phone: "" };
const SAVED = {
  address: "Calle 23 #456 e/ H e I, Vedado",
  city: "Plaza de la Revolución",
  state_province_region: "La Habana",
  zipcode: "10400",
  phone: "+53 5 555-5555",
};

describe.each(databaseKinds())("§7.4 profile API on %s", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;

  /** An active account and its access token, made through the accounts module. */
  const signedIn = async () =>
    signedInUser({ db: database.db, env }, "perfil", {
      firstName: "Rosa",
      lastName: "Díaz",
      passwordHash: await hashPassword("Malecon#Habana-1959"),
    });

  const request = apiRequester(() => app);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = createServerApp({ db: database.db, env });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("§7.4 §2.16 reads an empty profile, saves the five fields and reads them back", async () => {
    const { access } = await signedIn();
    const empty = await request("GET", "/api/profile/user", { token: access });
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ profile: EMPTY });

    const saved = await request("PUT", "/api/profile/update", { token: access, body: SAVED });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ profile: SAVED });
    const read = await request("GET", "/api/profile/user", { token: access, body: undefined });
    expect(await read.json()).toEqual({ profile: SAVED });

    // Blanks are allowed (D17: the zip is optional) and values are trimmed.
    const cleared = await request("PUT", "/api/profile/update", {
      token: access,
      body: { ...SAVED, zipcode: "", city: "  Cerro  " },
    });
    expect(await cleared.json()).toEqual({ profile: { ...SAVED, zipcode: "", city: "Cerro" } });
  });

  it("§5 §2.16 ignores names, username and email in the body and leaves them unchanged", async () => {
    const { user, access } = await signedIn();
    const res = await request("PUT", "/api/profile/update", {
      token: access,
      body: {
        ...SAVED,
        email: "otro@example.cu",
        username: "hacker",
        first_name: "X",
        last_name: "Y",
        id: 1,
        is_staff: true,
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ profile: SAVED });
    const [after] = await database.db.select().from(users).where(eq(users.id, user.id));
    // issueTokens recorded the sign-in; everything else is as it was.
    expect({ ...after, lastLogin: null }).toEqual({ ...user, lastLogin: null });
  });

  it("issue 9: a partial update keeps the fields it leaves out; a body with none of the five is a 400", async () => {
    const { access } = await signedIn();
    await request("PUT", "/api/profile/update", { token: access, body: SAVED });
    const onlyPhone = await request("PUT", "/api/profile/update", { token: access, body: { phone: "+53 7 830 0000" } });
    expect(onlyPhone.status).toBe(200);
    expect(await onlyPhone.json()).toEqual({ profile: { ...SAVED, phone: "+53 7 830 0000" } });
    for (const body of [{}, { email: "otro@example.cu", first_name: "X" }]) {
      const res = await request("PUT", "/api/profile/update?lang=en", { token: access, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toBe(
        "Send at least one of address, city, state_province_region, zipcode or phone.",
      );
    }
    const stored = await request("GET", "/api/profile/user", { token: access });
    expect(stored.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await stored.json()).toEqual({ profile: { ...SAVED, phone: "+53 7 830 0000" } });
  });

  it("§7.4 keeps each customer's profile to themselves", async () => {
    const ana = await signedIn();
    const luis = await signedIn();
    await request("PUT", "/api/profile/update", { token: ana.access, body: SAVED });
    expect(await (await request("GET", "/api/profile/user", { token: luis.access })).json()).toEqual({
      profile: EMPTY,
    });
  });

  it("§7.4 answers 400 {error, details} for invalid values and changes nothing", async () => {
    const { access } = await signedIn();
    await request("PUT", "/api/profile/update", { token: access, body: SAVED });
    const cases: Array<[unknown, string]> = [
      [{ ...SAVED, phone: "llámame" }, "phone"],
      [{ ...SAVED, address: "x".repeat(256) }, "address"],
      [{ ...SAVED, zipcode: 10400 }, "zipcode"],
      [{ ...SAVED, city: ["Cerro"] }, "city"],
      [{ ...SAVED, state_province_region: "La\u0000Habana" }, "state_province_region"],
    ];
    for (const [body, field] of cases) {
      const res = await request("PUT", "/api/profile/update?lang=en", { token: access, body });
      expect(res.status, field).toBe(400);
      const json = await res.json();
      expect(json.error, field).toEqual(expect.any(String));
      expect(json.details.map((d: { path: string }) => d.path)).toContain(field);
    }
    const phone = await request("PUT", "/api/profile/update?lang=en", {
      token: access,
      body: { ...SAVED, phone: "abc" },
    });
    expect((await phone.json()).error).toBe("Enter a valid phone number.");
    const phoneEs = await request("PUT", "/api/profile/update", { token: access, body: { ...SAVED, phone: "abc" } });
    expect((await phoneEs.json()).error).toBe("Escribe un número de teléfono válido.");
    expect(await (await request("GET", "/api/profile/user", { token: access })).json()).toEqual({ profile: SAVED });
  });

  it("§7.4 refuses a body that is not JSON (415), malformed (400) or over 64 KB (413), never 500", async () => {
    const { access } = await signedIn();
    const notJson = await request("PUT", "/api/profile/update", {
      token: access,
      body: "phone=1",
      contentType: "text/plain",
    });
    expect(notJson.status).toBe(415);
    const malformed = await request("PUT", "/api/profile/update", { token: access, body: '{"phone":' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toEqual(expect.any(String));
    const huge = await request("PUT", "/api/profile/update", {
      token: access,
      body: { ...SAVED, address: "x".repeat(70 * 1024) },
    });
    expect(huge.status).toBe(413);
  });

  it("§7.4 D6 answers 401 {error} without a valid access token", async () => {
    const { user, access } = await signedIn();
    const { refresh } = await issueTokens({ db: database.db, env }, user);
    for (const [label, headers] of [
      ["none", {}],
      ["garbage", { authorization: "JWT garbage" }],
      ["refresh token", { authorization: `JWT ${refresh}` }],
      ["other scheme", { authorization: `Basic ${access}` }],
    ] as Array<[string, Record<string, string>]>) {
      for (const [method, path] of [
        ["GET", "/api/profile/user"],
        ["PUT", "/api/profile/update"],
      ]) {
        const res = await app.request(
          new Request(`http://localhost${path}?lang=en`, {
            method,
            headers: { ...headers, "content-type": "application/json" },
            body: method === "PUT" ? JSON.stringify(SAVED) : undefined,
          }),
        );
        expect(res.status, `${method} ${label}`).toBe(401);
        expect(await res.json()).toMatchObject({ error: expect.any(String), detail: expect.any(String) });
      }
    }
    expect(await (await request("GET", "/api/profile/user", { token: access })).json()).toEqual({ profile: EMPTY });
    // Bearer works as well as JWT (D6).
    const bearer = await app.request(
      new Request("http://localhost/api/profile/user", { headers: { authorization: `Bearer ${access}` } }),
    );
    expect(bearer.status).toBe(200);
    // A deactivated account's token stops working.
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await request("GET", "/api/profile/user", { token: access })).status).toBe(401);
  });
});
