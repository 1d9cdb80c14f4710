import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestDatabase } from "../../tests/setup/db";
import { action } from "./newsletter";
import { createTestContext } from "../../tests/setup/context";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function post(email: string, { document = false } = {}) {
  const context = createTestContext({ db: database.db });
  const request = new Request("http://localhost/es/newsletter", {
    method: "POST",
    body: new URLSearchParams({ email, redirectTo: "/es/search?q=arroz" }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: document ? "text/html,application/xhtml+xml" : "*/*",
    },
  });
  return action({ request, params: { lang: "es" }, context } as never);
}

type DataResult = { data: unknown; init: ResponseInit | null };

describe("newsletter action (D25)", () => {
  it("thanks a fetcher, and thanks an address already stored the same way", async () => {
    const first = (await post("Ana@Example.com")) as unknown as DataResult;
    expect(first.data).toEqual({ ok: true });
    const again = (await post("ana@example.com ")) as unknown as DataResult;
    expect(again.data).toEqual({ ok: true });
  });

  it("answers a bad address with the schema's message key", async () => {
    const res = (await post("not-an-email")) as unknown as DataResult;
    expect(res.data).toEqual({ ok: false, error: "newsletter.email.invalid" });
    expect(res.init?.status).toBe(400);
  });

  it("redirects a plain form post back with a flag", async () => {
    const ok = (await post("bob@example.com", { document: true })) as Response;
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe("/es/search?q=arroz&newsletter=thanks#newsletter");
    const bad = (await post("", { document: true })) as Response;
    expect(bad.headers.get("Location")).toBe("/es/search?q=arroz&newsletter=required#newsletter");
  });
});
