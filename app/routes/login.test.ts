import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { hashPassword } from "~/features/accounts/accounts.server";
import { createTestContext, createTestEnv } from "../../tests/setup/context";
import { createTestDatabase } from "../../tests/setup/db";
import { action, loader } from "./login";

let database: Database;
const PASSWORD = "Mango-Maduro-2026";
beforeAll(async () => {
  database = await createTestDatabase();
  const passwordHash = await hashPassword(PASSWORD);
  await database.db.insert(users).values([
    { email: "activa@example.com", username: "activa", firstName: "Ana", passwordHash, isActive: true },
    { email: "inactiva@example.com", username: "inactiva", firstName: "Inés", passwordHash, isActive: false },
  ]);
});
afterAll(() => database.close());

type DataResult = { data: { errors?: Record<string, string>; formError?: string }; init: ResponseInit | null };

function post(
  fields: Record<string, string>,
  opts: { env?: ReturnType<typeof createTestEnv>; ip?: string; url?: string } = {},
) {
  const context = createTestContext({ db: database.db, env: opts.env, clientIp: opts.ip ?? "10.0.0.1" });
  const request = new Request(opts.url ?? "http://localhost/es/login", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return action({ request, params: { lang: "es" }, context } as never);
}

describe("login action (§2.6, D6, D7, D8)", () => {
  it("signs in with HttpOnly, SameSite=Lax session cookies and goes home", async () => {
    const res = (await post({ email: "Activa@Example.com ", password: PASSWORD })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/es/");
    const cookies = res.headers.getSetCookie();
    for (const name of ["access", "refresh"]) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`));
      expect(cookie, name).toBeDefined();
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/; Secure/);
    }
    expect(cookies.some((c) => decodeURIComponent(c).includes("accounts.login.success"))).toBe(true);
  });

  it("marks the cookies Secure under https", async () => {
    const res = (await post(
      { email: "activa@example.com", password: PASSWORD },
      { url: "https://tienda.example/es/login" },
    )) as Response;
    expect(
      res.headers
        .getSetCookie()
        .filter((c) => /^(access|refresh)=/.test(c))
        .every((c) => c.includes("; Secure")),
    ).toBe(true);
  });

  it("returns to a same-site `next`, and ignores any other", async () => {
    const ok = (await post({ email: "activa@example.com", password: PASSWORD, next: "/es/cart?x=1" })) as Response;
    expect(ok.headers.get("Location")).toBe("/es/cart?x=1");
    for (const next of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const res = (await post({ email: "activa@example.com", password: PASSWORD, next })) as Response;
      expect(res.headers.get("Location"), next).toBe("/es/");
    }
  });

  it("stays on the page with 'Error al iniciar sesión.' for a wrong password or an inactive account (D8)", async () => {
    for (const fields of [
      { email: "activa@example.com", password: "not-the-password" },
      { email: "inactiva@example.com", password: PASSWORD },
      { email: "nadie@example.com", password: PASSWORD },
    ]) {
      const res = (await post(fields)) as unknown as DataResult;
      expect(res.init?.status, fields.email).toBe(400);
      expect(res.data.formError).toBe("accounts.login.failed");
    }
  });

  it("checks the fields with LoginSchema", async () => {
    const res = (await post({ email: "", password: "" })) as unknown as DataResult;
    expect(res.data.errors).toEqual({ email: "accounts.errors.required", password: "accounts.errors.required" });
  });

  it("answers 429 with Retry-After over the rate limit", async () => {
    const env = createTestEnv({ AUTH_RATE_LIMIT: "2" });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = (await post(
        { email: "limite@example.com", password: "wrong" },
        { env, ip: "10.9.9.9" },
      )) as unknown as DataResult;
      statuses.push(res.init?.status ?? 0);
      if (i === 2) {
        expect(new Headers(res.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
        expect(res.data.formError).toBe("accounts.errors.rateLimited");
      }
    }
    expect(statuses).toEqual([400, 400, 429]);
  });

  it("sends a visitor who is already signed in on to `next`", async () => {
    const [user] = await database.db.select().from(users).limit(1);
    const context = createTestContext({ db: database.db, user });
    const request = new Request("http://localhost/es/login?next=%2Fes%2Forders");
    await expect(loader({ request, params: { lang: "es" }, context } as never)).rejects.toSatisfy(
      (res: Response) => res.status === 302 && res.headers.get("Location") === "/es/orders",
    );
  });
});
