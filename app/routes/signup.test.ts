import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { createTestContext, createTestEnv } from "../../tests/setup/context";
import { createTestDatabase } from "../../tests/setup/db";
import { action } from "./signup";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

type DataResult = { data: { errors?: Record<string, string>; formError?: string }; init: ResponseInit | null };

function post(fields: Record<string, string>, opts: { env?: ReturnType<typeof createTestEnv> } = {}) {
  const context = createTestContext({ db: database.db, env: opts.env });
  const request = new Request("http://localhost/es/signup", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return action({ request, params: { lang: "es" }, context } as never);
}

const valid = {
  email: "Nueva@Example.com",
  username: "nueva_clienta",
  first_name: "Marta",
  last_name: "Pérez",
  password: "Guayaba-Verde-77",
  re_password: "Guayaba-Verde-77",
};

describe("signup action (§2.6, §5)", () => {
  it("refuses a weak password on the server with the §5 message, and creates nobody", async () => {
    const res = (await post({
      ...valid,
      email: "debil@example.com",
      password: "12345678",
      re_password: "12345678",
    })) as unknown as DataResult;
    expect(res.init?.status).toBe(400);
    expect(res.data.errors?.password).toBe("accounts.errors.password");
    const [found] = await database.db.select().from(users).where(eq(users.email, "debil@example.com"));
    expect(found).toBeUndefined();
  });

  it("refuses a username that breaks the rules and a repeat that does not match", async () => {
    const res = (await post({
      ...valid,
      username: "Con Espacio",
      re_password: "otra-cosa-99",
    })) as unknown as DataResult;
    expect(res.data.errors).toMatchObject({
      username: "accounts.errors.username",
      re_password: "accounts.errors.passwordMismatch",
    });
  });

  it("creates an inactive account, sets no session, and goes home with the confirmation", async () => {
    const res = (await post(valid)) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/es/");
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("access=") || c.startsWith("refresh="))).toBe(false);
    expect(
      cookies.some((c) => c.startsWith("flash=") && decodeURIComponent(c).includes("accounts.signup.success")),
    ).toBe(true);
    const [created] = await database.db.select().from(users).where(eq(users.email, "nueva@example.com"));
    expect(created).toMatchObject({ username: "nueva_clienta", isActive: false, language: "es" });
  });

  it("says when the email or username is taken", async () => {
    const res = (await post(valid)) as unknown as DataResult;
    expect(res.data.errors).toMatchObject({
      email: "accounts.errors.emailTaken",
      username: "accounts.errors.usernameTaken",
    });
  });

  it("answers 429 with Retry-After over the rate limit", async () => {
    const env = createTestEnv({ AUTH_RATE_LIMIT: "1" });
    await post({ ...valid, email: "a1@example.com" }, { env });
    const res = (await post({ ...valid, email: "a1@example.com" }, { env })) as unknown as DataResult;
    expect(res.init?.status).toBe(429);
    expect(new Headers(res.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(res.data.formError).toBe("accounts.errors.rateLimited");
  });
});
