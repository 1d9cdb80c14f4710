import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { User } from "~/features/accounts/accounts.server";
import { recordAudit } from "~/features/audit/audit.server";
import { insertUser } from "../../../tests/factories";
import { createTestContext } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { loader } from "./audit";

// Issue 12, point 1: the audit page's loader: newest first, 50 a page, entity filter, search,
// and each entry's changed fields before → after.

describe.each(databaseKinds())("admin audit page on %s (issue 12)", (kind) => {
  let database: Database;
  let operator: User;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    operator = (await insertUser(database.db, { role: "owner" })) as User;
    const actor = { id: operator.id, email: operator.email, role: "owner" };
    for (let i = 1; i <= 55; i += 1) {
      await recordAudit(database.db, {
        actor,
        action: "product.update",
        entity: "product",
        entityId: i,
        before: { quantity: i, name: "Arroz" },
        after: { quantity: i + 1, name: "Arroz" },
      });
    }
    await recordAudit(database.db, {
      actor: { id: null, email: "cli:root", role: "cli" },
      action: "operator.grant",
      entity: "user",
      entityId: 7,
      before: { role: "customer", note: "" },
      after: { role: "owner", note: "x".repeat(300) },
    });
  });
  afterAll(() => database.close());

  const load = async (search = "") => {
    const context = createTestContext({ db: database.db, user: operator });
    const request = new Request(`http://localhost/es/admin/audit${search}`);
    return loader({ request, params: { lang: "es" }, context } as never);
  };

  it("shows the newest first, 50 a page, with the changed fields only", async () => {
    const first = await load();
    expect(first.total).toBe(56);
    expect(first.pageCount).toBe(2);
    expect(first.rows).toHaveLength(50);
    expect(first.entities).toEqual(["product", "user"]);
    const [newest] = first.rows;
    expect(newest).toMatchObject({ who: "cli:root", action: "operator.grant", entity: "user", entityId: "7" });
    // jsonb keeps its own key order: compare the fields as a set.
    expect(newest.changes).toHaveLength(2);
    expect(newest.changes).toEqual(
      expect.arrayContaining([
        { field: "role", before: "customer", after: "owner" },
        { field: "note", before: null, after: `${"x".repeat(199)}…` },
      ]),
    );
    expect(first.rows[1].changes).toEqual([{ field: "quantity", before: "55", after: "56" }]);
    const second = await load("?p=2");
    expect(second.rows).toHaveLength(6);
    expect(second.rows.at(-1)?.entityId).toBe("1");
  });

  it("filters by entity and by the search box; an unknown entity or page is no error", async () => {
    const users = await load("?entity=user");
    expect(users.total).toBe(1);
    expect(users.entity).toBe("user");
    const searched = await load(`?q=${encodeURIComponent("CLI:")}`);
    expect(searched.rows.map((r) => r.who)).toEqual(["cli:root"]);
    expect(searched.q).toBe("CLI:");
    const byId = await load("?entity=product&q=55");
    expect(byId.rows.map((r) => r.entityId)).toEqual(["55"]);
    const odd = await load("?entity=nope&p=-3&q=%25");
    expect(odd).toMatchObject({ entity: "", page: 1, total: 0 });
  });
});
