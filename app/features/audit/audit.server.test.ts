import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { auditLog } from "~/db/schema/audit";
import { insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { auditChanges, listAudit, recordAudit, redact } from "./audit.server";

describe("redact (D24, issue 12: no secret in the audit log)", () => {
  it("drops keys named like a password, hash, token or secret, at any depth", () => {
    const value = {
      email: "ana@tienda.cu",
      passwordHash: "$argon2id$v=19$...",
      password: "Habana2026!",
      nested: { refreshToken: "abc", apiKey: "k", keep: 1, list: [{ secret: "s", name: "x" }] },
      tokenVersion: 3,
      when: new Date("2026-01-15T12:00:00Z"),
    };
    expect(redact(value)).toEqual({
      email: "ana@tienda.cu",
      nested: { keep: 1, list: [{ name: "x" }] },
      when: "2026-01-15T12:00:00.000Z",
    });
    expect(JSON.stringify(redact(value))).not.toMatch(/argon2|Habana|abc/);
    expect(redact(undefined)).toBeNull();
    expect(redact("plain")).toBe("plain");
  });
});

describe("auditChanges", () => {
  it("lists the changed fields only, shallow, JSON-equal values unchanged whatever their key order", () => {
    expect(
      auditChanges(
        { role: "customer", email: "a@b.cu", address: { city: "Habana", zip: "10400" }, tags: [1, 2] },
        { role: "owner", email: "a@b.cu", address: { zip: "10400", city: "Habana" }, tags: [1, 2], isActive: true },
      ),
    ).toEqual([
      { field: "role", before: "customer", after: "owner" },
      { field: "isActive", before: null, after: true },
    ]);
  });

  it("treats a missing record as empty (creation, deletion) and compares plain values as one change", () => {
    expect(auditChanges(null, { status: "paid" })).toEqual([{ field: "status", before: null, after: "paid" }]);
    expect(auditChanges({ status: "paid" }, undefined)).toEqual([{ field: "status", before: "paid", after: null }]);
    expect(auditChanges(390, 400)).toEqual([{ field: "", before: 390, after: 400 }]);
    expect(auditChanges(390, 390)).toEqual([]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});

describe.each(databaseKinds())("audit log on %s", (kind) => {
  let database: Database;
  let db: Db;
  const actor = { id: null, email: "cli:test", role: "cli" };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });

  afterAll(async () => {
    await database?.close();
  });

  it("records an entry with its actor, time and redacted before → after", async () => {
    const operator = await insertUser(db, { role: "owner" });
    const started = Date.now();
    await recordAudit(db, {
      actor: { id: operator.id, email: operator.email, role: "owner" },
      action: "rate.set",
      entity: "exchange_rate",
      entityId: 7,
      before: { rate: 390, passwordHash: "x" },
      after: { rate: 400, session: { token: "t" } },
    });
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, "rate.set"));
    expect(row).toMatchObject({
      actorId: operator.id,
      actorEmail: operator.email,
      entity: "exchange_rate",
      entityId: "7",
      before: { rate: 390 },
      after: { rate: 400, session: {} },
    });
    expect(new Date(row.createdAt).getTime()).toBeGreaterThanOrEqual(started - 5_000);
  });

  it("commits with the change in one transaction and rolls back with it", async () => {
    const user = await insertUser(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.update(users).set({ role: "owner" }).where(eq(users.id, user.id));
        await recordAudit(tx as unknown as Db, { actor, action: "rollback.probe", entity: "user", entityId: user.id });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "rollback.probe"))).toEqual([]);
    const [unchanged] = await db.select().from(users).where(eq(users.id, user.id));
    expect(unchanged.role).toBe("customer");

    await db.transaction(async (tx) => {
      await tx.update(users).set({ firstName: "Committed" }).where(eq(users.id, user.id));
      await recordAudit(tx as unknown as Db, { actor, action: "commit.probe", entity: "user", entityId: user.id });
    });
    expect(await db.select().from(auditLog).where(eq(auditLog.action, "commit.probe"))).toHaveLength(1);
  });

  it("lists newest first, pages, filters by entity and searches actor, action, entity and id case-insensitively", async () => {
    await db.delete(auditLog);
    for (let i = 1; i <= 7; i++) {
      await recordAudit(db, {
        actor: { id: null, email: i % 2 ? "Operador@Tienda.cu" : "cli:root", role: "cli" },
        action: i <= 5 ? "order.status" : "coupon.update",
        entity: i <= 5 ? "order" : "coupon",
        entityId: `TX-${i}00`,
        before: { n: i - 1 },
        after: { n: i },
      });
    }
    // Same-millisecond inserts are ordered by id; spread them so createdAt decides too.
    await db.execute(sql`update audit_log set created_at = created_at + (id * interval '1 second')`);

    const first = await listAudit(db, { page: 1, pageSize: 3 });
    expect(first.total).toBe(7);
    expect(first.entries.map((e) => e.entityId)).toEqual(["TX-700", "TX-600", "TX-500"]);
    expect(first.entries[0].createdAt).toBeInstanceOf(Date);
    expect(first.entries[0]).toMatchObject({ before: { n: 6 }, after: { n: 7 }, actorId: null });
    const third = await listAudit(db, { page: 3, pageSize: 3 });
    expect(third.entries.map((e) => e.entityId)).toEqual(["TX-100"]);
    expect((await listAudit(db, { page: 4, pageSize: 3 })).entries).toEqual([]);
    // A nonsense page is the first.
    expect((await listAudit(db, { page: Number.NaN, pageSize: 3 })).entries[0].entityId).toBe("TX-700");

    expect((await listAudit(db, { page: 1, entity: "coupon" })).total).toBe(2);
    expect((await listAudit(db, { page: 1, q: "OPERADOR@tienda" })).total).toBe(4);
    expect((await listAudit(db, { page: 1, q: "Coupon.Upd" })).total).toBe(2);
    expect((await listAudit(db, { page: 1, q: "tx-3" })).entries.map((e) => e.entityId)).toEqual(["TX-300"]);
    expect((await listAudit(db, { page: 1, q: "order", entity: "coupon" })).total).toBe(0);
    // LIKE wildcards typed in the box are literal; a NUL is ignored rather than failing the query.
    expect((await listAudit(db, { page: 1, q: "%" })).total).toBe(0);
    expect((await listAudit(db, { page: 1, q: "_" })).total).toBe(0);
    expect((await listAudit(db, { page: 1, q: "\u0000" })).total).toBe(7);
    // Default page size is 50.
    expect((await listAudit(db, { page: 1 })).entries).toHaveLength(7);
  });
});
