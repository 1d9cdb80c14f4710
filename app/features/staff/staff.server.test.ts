import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { auditLog } from "~/db/schema/audit";
import type { User } from "~/features/accounts/accounts.server";
import { OPERATOR_ERRORS } from "~/features/accounts/operators.server";
import { staffActor } from "~/features/admin/guard.server";
import { insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { STAFF_ROLES, can, visibleSections } from "./permissions";
import { StaffAddSchema } from "./schemas";
import { addStaff, changeStaffRole, removeStaff } from "./staff.server";

// Issue 27, point 1 (decision 016): what each role may do, and the staff page's rules.

describe("the permission table", () => {
  it("gives the owner everything and each other role its own sections only", () => {
    expect(visibleSections("owner")).toContain("staff");
    expect(visibleSections("manager")).toEqual([
      "dashboard",
      "products",
      "categories",
      "rates",
      "coupons",
      "slides",
      "company",
      "synonyms",
      "zones",
      "reports",
    ]);
    expect(visibleSections("dispatcher")).toEqual(["dashboard", "orders", "deliverySheets", "claims"]);
    expect(visibleSections("support")).toEqual(["dashboard", "orders", "claims", "customers"]);
    expect(visibleSections("customer")).toEqual([]);
    expect(visibleSections("operator")).toEqual([]);
  });

  it("lets support read orders but not move them, a dispatcher move them but not price, a manager price but not move", () => {
    expect([can("support", "orders"), can("support", "orders", "change")]).toEqual([true, false]);
    expect([can("support", "claims"), can("support", "claims", "change")]).toEqual([true, false]);
    expect([can("dispatcher", "orders", "change"), can("dispatcher", "products")]).toEqual([true, false]);
    expect([can("manager", "products", "change"), can("manager", "orders")]).toEqual([true, false]);
    for (const role of STAFF_ROLES) expect(can(role, "staff", "change")).toBe(role === "owner");
    expect(can(undefined, "dashboard")).toBe(false);
  });
});

describe.each(databaseKinds())("staff management on %s", (kind) => {
  let database: Database;
  let db: Db;
  let owner: User;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    owner = (await insertUser(db, { email: `duena-${kind}@tienda.cu`, role: "owner" })) as User;
  });
  afterAll(() => database?.close());
  beforeEach(async () => {
    await db.delete(auditLog);
  });

  const roleOf = async (email: string) =>
    (await db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;
  const ownerActor = () => staffActor(owner as User & { role: "owner" });

  it("adds an existing account with a role, audited with the acting role", async () => {
    const account = await insertUser(db, { email: `cajera-${kind}@tienda.cu` });
    const input = StaffAddSchema.parse({ email: account.email.toUpperCase(), role: "support" });
    const result = await addStaff(db, ownerActor(), input);
    expect(result.ok && result.value.generatedPassword).toBe(null);
    expect(await roleOf(account.email)).toBe("support");
    const [entry] = await db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "operator.grant", actorId: owner.id, actorRole: "owner" });
  });

  it("creates an account for an unknown email, active, with a generated password shown once", async () => {
    const input = StaffAddSchema.parse({ email: `nuevo-${kind}@tienda.cu`, role: "dispatcher", first_name: " Raúl " });
    const result = await addStaff(db, ownerActor(), input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.generatedPassword).toHaveLength(24);
    expect(result.value.user).toMatchObject({ role: "dispatcher", isActive: true, firstName: "Raúl" });
    const [entry] = await db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "operator.create", actorRole: "owner" });
  });

  it("changes a role and removes staff rights; a customer has no role to change", async () => {
    const email = `gerente-${kind}@tienda.cu`;
    await insertUser(db, { email, role: "manager" });
    expect((await changeStaffRole(db, ownerActor(), email, "dispatcher")).ok).toBe(true);
    expect(await roleOf(email)).toBe("dispatcher");
    expect(await changeStaffRole(db, ownerActor(), email, "dispatcher")).toMatchObject({
      ok: false,
      errors: { email: [OPERATOR_ERRORS.alreadyOperator] },
    });
    expect((await removeStaff(db, ownerActor(), email)).ok).toBe(true);
    expect(await roleOf(email)).toBe("customer");
    expect(await changeStaffRole(db, ownerActor(), email, "manager")).toMatchObject({
      ok: false,
      errors: { email: [OPERATOR_ERRORS.notOperator] },
    });
    expect(await roleOf(email)).toBe("customer");
    const entries = await db.select().from(auditLog).orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.actorRole])).toEqual([
      ["operator.role", "owner"],
      ["operator.revoke", "owner"],
    ]);
  });

  it("never demotes or removes the last active owner; with a second owner, it may", async () => {
    // Any other active owners from earlier tests are gone: only `owner` is left.
    await db.update(users).set({ role: "customer" }).where(eq(users.role, "owner"));
    await db.update(users).set({ role: "owner" }).where(eq(users.id, owner.id));
    for (const attempt of [
      () => changeStaffRole(db, ownerActor(), owner.email, "manager"),
      () => removeStaff(db, ownerActor(), owner.email),
    ]) {
      const refused = await attempt();
      expect(refused.ok).toBe(false);
      expect(Object.values(refused.ok ? {} : refused.errors).flat()).toEqual([OPERATOR_ERRORS.lastOwner]);
    }
    expect(await roleOf(owner.email)).toBe("owner");
    // An inactive owner does not count.
    const sleeping = await insertUser(db, { role: "owner", isActive: false });
    expect((await changeStaffRole(db, ownerActor(), owner.email, "manager")).ok).toBe(false);
    expect((await changeStaffRole(db, ownerActor(), sleeping.email, "support")).ok).toBe(true);
    const second = await insertUser(db, { email: `socio-${kind}@tienda.cu`, role: "owner" });
    expect((await changeStaffRole(db, ownerActor(), owner.email, "manager")).ok).toBe(true);
    expect((await removeStaff(db, ownerActor(), second.email)).ok).toBe(false);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "operator.role"))).toHaveLength(2);
  });
});
