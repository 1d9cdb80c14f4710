import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { getUserForToken, issueTokens, refreshAccess } from "~/features/accounts/accounts.server";
import { insertUser } from "../../tests/factories";
import { createTestContext, createTestEnv } from "../../tests/setup/context";
import { createTestDatabase } from "../../tests/setup/db";
import { action } from "./logout";

describe("logout action (§2.3, §4.2)", () => {
  let database: Database;
  const env = createTestEnv();
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const logout = (cookie: string) =>
    action({
      request: new Request("http://localhost/en/logout", { method: "POST", headers: { Cookie: cookie } }),
      params: { lang: "en" },
      context: createTestContext({ db: database.db, env }),
    } as never) as Promise<Response>;

  it("clears both session cookies and goes home with 'Successfully logged out'", async () => {
    const res = await logout("access=a; refresh=b");
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/en/");
    const cookies = res.headers.getSetCookie();
    for (const name of ["access", "refresh"]) {
      expect(cookies.find((c) => c.startsWith(`${name}=;`))).toMatch(/Max-Age=0; HttpOnly; SameSite=Lax/);
    }
    expect(cookies.some((c) => decodeURIComponent(c).includes("accounts.logout.success"))).toBe(true);
  });

  it("issue 9.2: ends the session on the server, so copies of its tokens stop working", async () => {
    const user = await insertUser(database.db, { isActive: true });
    const deps = { db: database.db, env };
    const session = await issueTokens(deps, user);
    const other = await issueTokens(deps, user);
    const renewed = await refreshAccess(deps, session.refresh);
    expect(renewed).not.toBeNull();

    await logout(`access=${session.access}; refresh=${session.refresh}`);

    expect(await refreshAccess(deps, session.refresh)).toBeNull();
    expect(await getUserForToken(deps, session.access, "access")).toBeNull();
    expect(await getUserForToken(deps, renewed!.access, "access")).toBeNull();
    // Signing out here does not sign the account out on another device.
    expect(await getUserForToken(deps, other.access, "access")).not.toBeNull();
    expect(await refreshAccess(deps, other.refresh)).not.toBeNull();
  });
});
