import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase } from "../../../tests/setup/db";
import { type AccountsDeps, type User, issueTokens } from "./accounts.server";
import { resolveSession } from "./session.server";

let database: Database;
let deps: AccountsDeps;
let user: User;
beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, env: createTestEnv() };
  [user] = await database.db
    .insert(users)
    .values({ email: "sesion@example.com", username: "sesion", isActive: true })
    .returning();
});
afterAll(() => database.close());

const page = (cookies: Record<string, string>, url = "http://localhost/es/account") =>
  new Request(url, {
    headers: {
      Cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join("; "),
    },
  });

describe("the web session (D6)", () => {
  it("a visitor without cookies is nobody, and nothing is sent back", async () => {
    expect(await resolveSession(deps, new Request("http://localhost/es/"))).toEqual({ user: null, setCookies: [] });
  });

  it("a valid access cookie is the user, with no new cookie", async () => {
    const tokens = await issueTokens(deps, user);
    const session = await resolveSession(deps, page({ access: tokens.access, refresh: tokens.refresh }));
    expect(session.user?.id).toBe(user.id);
    expect(session.setCookies).toEqual([]);
  });

  it("an expired or missing access token is renewed from the refresh token, transparently", async () => {
    const tokens = await issueTokens(deps, user);
    const cases: Array<Record<string, string>> = [
      { refresh: tokens.refresh },
      { access: "expired.or.broken", refresh: tokens.refresh },
    ];
    for (const cookies of cases) {
      const session = await resolveSession(deps, page(cookies));
      expect(session.user?.id).toBe(user.id);
      expect(session.setCookies).toHaveLength(1);
      expect(session.setCookies[0]).toMatch(
        /^access=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Max-Age=900; HttpOnly; SameSite=Lax$/,
      );
    }
    // Under https the cookie is Secure.
    const secure = await resolveSession(deps, page({ refresh: tokens.refresh }, "https://tienda.example/es/"));
    expect(secure.setCookies[0]).toMatch(/; Secure$/);
  });

  it("a refresh token used as the access cookie does not pass", async () => {
    const tokens = await issueTokens(deps, user);
    const session = await resolveSession(deps, page({ access: tokens.refresh }));
    expect(session.user).toBeNull();
  });

  it("after a password reset (token version bumped) both cookies are cleared", async () => {
    const tokens = await issueTokens(deps, user);
    await database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    const session = await resolveSession(deps, page({ access: tokens.access, refresh: tokens.refresh }));
    expect(session.user).toBeNull();
    expect(session.setCookies).toEqual([
      "access=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
      "refresh=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
    ]);
  });

  it("a deactivated account's session ends", async () => {
    const [other] = await database.db
      .insert(users)
      .values({ email: "baja@example.com", username: "baja", isActive: true })
      .returning();
    const tokens = await issueTokens(deps, other);
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, other.id));
    expect((await resolveSession(deps, page({ access: tokens.access, refresh: tokens.refresh }))).user).toBeNull();
  });
});
