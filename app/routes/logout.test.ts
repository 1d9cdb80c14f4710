import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { createTestContext } from "../../tests/setup/context";
import { action } from "./logout";

describe("logout action (§2.3, §4.2)", () => {
  it("clears both session cookies and goes home with 'Successfully logged out'", async () => {
    const context = createTestContext({ db: {} as Db });
    const request = new Request("http://localhost/en/logout", {
      method: "POST",
      headers: { Cookie: "access=a; refresh=b" },
    });
    const res = (await action({ request, params: { lang: "en" }, context } as never)) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/en/");
    const cookies = res.headers.getSetCookie();
    for (const name of ["access", "refresh"]) {
      expect(cookies.find((c) => c.startsWith(`${name}=;`))).toMatch(/Max-Age=0; HttpOnly; SameSite=Lax/);
    }
    expect(cookies.some((c) => decodeURIComponent(c).includes("accounts.logout.success"))).toBe(true);
  });
});
