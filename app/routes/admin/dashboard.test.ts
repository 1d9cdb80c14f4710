import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { User } from "~/features/accounts/accounts.server";
import type { StaffRole } from "~/features/staff/permissions";
import { insertUser } from "../../../tests/factories";
import { createTestContext } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { loader } from "./dashboard";

// Issue 27 point 1: the dashboard, open to every staff role, links only to the pages the role may
// open and shows no section's rows that the role may not see (seller applications are the owner's).

describe.each(databaseKinds())("admin dashboard by role on %s (issue 27)", (kind) => {
  let database: Database;
  const staff = new Map<StaffRole, User>();
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const role of ["owner", "manager", "dispatcher", "support"] as const)
      staff.set(role, (await insertUser(database.db, { role })) as User);
  });
  afterAll(() => database.close());

  const load = (role: StaffRole) => {
    const context = createTestContext({ db: database.db, user: staff.get(role)! });
    const request = new Request("http://localhost/es/admin");
    return loader({ request, params: { lang: "es" }, context } as never);
  };

  it.each([
    ["owner", true, true],
    ["manager", false, false],
    ["dispatcher", true, false],
    ["support", true, false],
  ] as const)("%s: waiting orders linked %s, seller applications shown %s", async (role, linked, applications) => {
    const page = await load(role);
    expect(page.ordersLinked).toBe(linked);
    expect(Boolean(page.applications)).toBe(applications);
  });
});
