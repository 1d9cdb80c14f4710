import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { newsletterSubscriptions } from "~/db/schema/content";
import type { User } from "~/features/accounts/accounts.server";
import { insertUser } from "../../../tests/factories";
import { createTestContext } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { loader as csvLoader } from "./newsletter-csv";

// Issue 12, point 5 (D25): the CSV download's answer: a private attachment, for operators only.

describe.each(databaseKinds())("newsletter.csv on %s (issue 12, point 5)", (kind) => {
  let database: Database;
  let operator: User;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    operator = (await insertUser(database.db, { role: "owner" })) as User;
    await database.db.insert(newsletterSubscriptions).values({ email: "ana@tienda.cu", language: "es" });
  });
  afterAll(() => database.close());

  it("answers the file as a private CSV attachment to an operator, 404 to anyone else", async () => {
    const request = new Request("http://localhost/es/admin/newsletter.csv");
    const response = (await csvLoader({
      request,
      params: { lang: "es" },
      context: createTestContext({ db: database.db, user: operator }),
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="newsletter-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect((await response.text()).split("\r\n")[0]).toBe("email,language,subscribed_at");

    const customer = (await insertUser(database.db)) as User;
    await expect(
      csvLoader({
        request,
        params: { lang: "es" },
        context: createTestContext({ db: database.db, user: customer }),
      } as never),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});
