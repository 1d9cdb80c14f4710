import { verify } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema/accounts";
import { auditLog } from "~/db/schema/audit";
import { getUserForToken, issueTokens } from "~/features/accounts/accounts.server";
import { allOk, passwordChecks, usernameChecks } from "~/features/accounts/schemas";
import { insertUser } from "../../../tests/factories";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { isStaff } from "~/features/admin/guard.server";
import {
  OPERATOR_ERRORS,
  cliActor,
  createOperator,
  grantOperator,
  listOperators,
  revokeOperator,
  usernameFromEmail,
} from "./operators.server";

const env = createTestEnv();

describe("cliActor", () => {
  it("names the command line and the OS user in the audit log, with no account", () => {
    expect(cliActor("root")).toEqual({ id: null, email: "cli:root", role: "cli" });
    expect(cliActor(null)).toEqual({ id: null, email: "cli", role: "cli" });
  });
});

describe.each(databaseKinds())("operators (D24, issue 12) on %s", (kind) => {
  let database: Database;
  let db: Db;
  const actor = cliActor("tester");

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });

  afterAll(async () => {
    await database?.close();
  });

  beforeEach(async () => {
    await db.delete(auditLog);
  });

  const auditOf = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action));

  it("creates an active operator with the given password (argon2id), a §5 username and an audit entry without secrets", async () => {
    const result = await createOperator(
      { db },
      "  Jefa.Turno@Tienda.cu ",
      { password: "Malecon-Verde-77", firstName: "Ana", lastName: "Ruiz" },
      actor,
    );
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { user, generatedPassword } = result.value;
    expect(generatedPassword).toBeNull();
    expect(user).toMatchObject({
      email: "jefa.turno@tienda.cu",
      username: "jefa_turno",
      firstName: "Ana",
      lastName: "Ruiz",
      isActive: true,
      role: "owner",
    });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(user.passwordHash!, "Malecon-Verde-77")).toBe(true);
    expect(isStaff(user)).toBe(true);
    expect(await db.select().from(profiles).where(eq(profiles.userId, user.id))).toHaveLength(1);

    const [entry] = await auditOf("operator.create");
    expect(entry).toMatchObject({ actorId: null, actorEmail: "cli:tester", entity: "user", entityId: String(user.id) });
    expect(entry.before).toBeNull();
    expect(entry.after).toMatchObject({ email: "jefa.turno@tienda.cu", role: "owner", isActive: true });
    expect(JSON.stringify(entry)).not.toMatch(/argon2|Malecon/);
  });

  it("generates a strong password when none is given and returns it once", async () => {
    const result = await createOperator({ db }, "turno.noche@tienda.cu", {}, actor);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { user, generatedPassword } = result.value;
    expect(generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(allOk(passwordChecks(generatedPassword!, { email: user.email, username: user.username }))).toBe(true);
    expect(await verify(user.passwordHash!, generatedPassword!)).toBe(true);
    const again = await createOperator({ db }, "turno.noche2@tienda.cu", {}, actor);
    expect(again.ok && again.value.generatedPassword).not.toBe(generatedPassword);
  });

  it("derives a valid, free username from any email (§5: 3-30 lowercase letters, digits, - and _)", async () => {
    await insertUser(db, { email: "x1@example.cu", username: "jose_perez" });
    const cases: Array<[string, string]> = [
      ["José.Pérez@tienda.cu", "jose_perez2"],
      ["a@tienda.cu", "a-operador"],
      ["__@tienda.cu", "operador"],
      [`${"muy.largo".repeat(6)}@tienda.cu`, "muy_largomuy_largomuy_largomuy"],
    ];
    for (const [email, expected] of cases) {
      const username = await usernameFromEmail(db, email);
      expect(username).toBe(expected);
      expect(allOk(usernameChecks(username!))).toBe(true);
    }
  });

  it("refuses a malformed or registered email, a password breaking §5 and over-long names", async () => {
    const customer = await insertUser(db);
    const cases: Array<[string, Parameters<typeof createOperator>[2], Record<string, string[]>]> = [
      ["not-an-email", {}, { email: ["accounts.errors.email"] }],
      ["", {}, { email: ["accounts.errors.required"] }],
      [customer.email.toUpperCase(), {}, { email: ["accounts.errors.emailTaken"] }],
      ["nuevo@tienda.cu", { password: "12345678901" }, { password: ["accounts.errors.password"] }],
      ["nuevo@tienda.cu", { password: "password" }, { password: ["accounts.errors.password"] }],
      ["ramonperez@tienda.cu", { password: "ramonperez1" }, { password: ["accounts.errors.password"] }],
      ["nuevo@tienda.cu", { password: "Corto1!" }, { password: ["accounts.errors.password"] }],
      ["nuevo@tienda.cu", { password: "x".repeat(129) }, { password: ["accounts.errors.tooLong"] }],
      ["nuevo@tienda.cu", { firstName: "a".repeat(151) }, { first_name: ["accounts.errors.tooLong"] }],
    ];
    for (const [email, opts, errors] of cases) {
      expect(await createOperator({ db }, email, opts, actor)).toEqual({ ok: false, status: 400, errors });
    }
    expect(await db.select().from(users).where(eq(users.email, "nuevo@tienda.cu"))).toEqual([]);
    expect(await auditOf("operator.create")).toEqual([]);
  });

  it("grants the role to an active account, with before → after in the audit log; clear errors otherwise", async () => {
    const customer = await insertUser(db, { passwordHash: "$argon2id$secret" });
    const pending = await insertUser(db, { isActive: false });
    const fail = (key: string) => ({ ok: false, status: 400, errors: { email: [key] } });

    expect(await grantOperator(db, "nadie@tienda.cu", actor)).toEqual(fail(OPERATOR_ERRORS.unknownEmail));
    expect(await grantOperator(db, pending.email, actor)).toEqual(fail(OPERATOR_ERRORS.inactive));
    const granted = await grantOperator(db, ` ${customer.email.toUpperCase()} `, actor);
    expect(granted.ok && granted.value.role).toBe("owner");
    expect(await grantOperator(db, customer.email, actor)).toEqual(fail(OPERATOR_ERRORS.alreadyOperator));

    const entries = await auditOf("operator.grant");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: "cli:tester",
      entityId: String(customer.id),
      before: { role: "customer" },
      after: { role: "owner" },
    });
    expect(JSON.stringify(entries[0])).not.toContain("secret");
  });

  it("revokes the role, and an open session loses the back office at once (the role is read per request)", async () => {
    const a = await insertUser(db, { role: "owner" });
    await insertUser(db, { role: "owner" });
    const customer = await insertUser(db);
    const deps = { db, env };
    const { access } = await issueTokens(deps, a);
    expect(isStaff((await getUserForToken(deps, access, "access"))?.user)).toBe(true);

    expect(await revokeOperator(db, customer.email, actor)).toEqual({
      ok: false,
      status: 400,
      errors: { email: [OPERATOR_ERRORS.notOperator] },
    });
    const revoked = await revokeOperator(db, a.email, actor);
    expect(revoked.ok && revoked.value.role).toBe("customer");

    // Same token, still a valid session, but no longer an operator.
    const found = await getUserForToken(deps, access, "access");
    expect(found?.user.id).toBe(a.id);
    expect(isStaff(found?.user)).toBe(false);
    const [entry] = await auditOf("operator.revoke");
    expect(entry).toMatchObject({ before: { role: "owner" }, after: { role: "customer" } });
  });

  it("refuses to revoke the last active operator (an inactive one does not count), even two revocations at once", async () => {
    await db.update(users).set({ role: "customer" }).where(eq(users.role, "owner"));
    const inactive = await insertUser(db, { role: "owner", isActive: false });
    const [x, y] = [await insertUser(db, { role: "owner" }), await insertUser(db, { role: "owner" })];

    const both = await Promise.all([revokeOperator(db, x.email, actor), revokeOperator(db, y.email, actor)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.find((r) => !r.ok)).toEqual({
      ok: false,
      status: 400,
      errors: { email: [OPERATOR_ERRORS.lastOwner] },
    });
    const remaining = await db
      .select()
      .from(users)
      .where(and(eq(users.role, "owner"), eq(users.isActive, true)));
    expect(remaining).toHaveLength(1);
    // An inactive operator can always be revoked.
    expect((await revokeOperator(db, inactive.email, actor)).ok).toBe(true);

    const listed = await listOperators(db);
    expect(listed.map((op) => op.email)).toEqual([remaining[0].email]);
    expect(listed[0]).not.toHaveProperty("passwordHash");
  });
});
