// The `npm run operator` command (scripts/operator.ts). It lives here because Vitest only collects
// tests under app/, server/ and tests/.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { verify } from "@node-rs/argon2";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type Db, openDatabase } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { auditLog } from "~/db/schema/audit";
import { insertUser } from "../../../tests/factories";
import { createTestDatabase } from "../../../tests/setup/db";
import { USAGE, runOperatorCommand } from "../../../scripts/operator";

const run = promisify(execFile);

/** Runs the command on `db`, collecting what it prints. */
async function cli(db: Db, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperatorCommand(db, argv, { out: (l) => out.push(l), err: (l) => err.push(l) }, "ana");
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("operator command (D24, issue 12), in process on PGlite", () => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });

  afterAll(async () => {
    await database?.close();
  });

  it("create with --password and names, then list", async () => {
    const created = await cli(
      db,
      "create",
      "caja@tienda.cu",
      "--password",
      "Vedado-Sol-2026",
      "--first-name",
      "Lía",
      "--last-name",
      "Soto",
    );
    expect(created).toMatchObject({ code: 0, err: "" });
    expect(created.out).toMatch(/^Created owner caja@tienda\.cu \(username caja, id \d+\)\.$/);
    const [user] = await db.select().from(users).where(eq(users.email, "caja@tienda.cu"));
    expect(user).toMatchObject({ role: "owner", isActive: true, firstName: "Lía", lastName: "Soto" });
    expect(await verify(user.passwordHash!, "Vedado-Sol-2026")).toBe(true);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(entry).toMatchObject({ action: "operator.create", actorId: null, actorEmail: "cli:ana", actorRole: "cli" });

    const listed = await cli(db, "list");
    expect(listed.code).toBe(0);
    expect(listed.out).toBe("caja@tienda.cu\towner\tcaja\tLía Soto\tactive\tnever signed in");
  });

  it("create without --password prints the generated password once, and it signs in", async () => {
    const created = await cli(db, "create", "almacen@tienda.cu");
    expect(created.code).toBe(0);
    const password = /Password \(shown only this once\): (\S+)/.exec(created.out)?.[1];
    expect(password).toHaveLength(24);
    const [user] = await db.select().from(users).where(eq(users.email, "almacen@tienda.cu"));
    expect(await verify(user.passwordHash!, password!)).toBe(true);
  });

  it("grant and revoke, with exit code 1 and a clear message for each refusal", async () => {
    const customer = await insertUser(db, { email: "cliente.fiel@tienda.cu" });
    expect(await cli(db, "grant", customer.email)).toEqual({
      code: 0,
      out: "cliente.fiel@tienda.cu now has the role owner.",
      err: "",
    });
    const again = await cli(db, "grant", customer.email);
    expect(again).toMatchObject({ code: 1, out: "" });
    expect(again.err).toBe("Could not grant: email: that account already has that role.");
    expect((await cli(db, "revoke", customer.email)).out).toMatch(/is no longer staff/);
    expect((await cli(db, "revoke", customer.email)).err).toMatch(/not staff/);
    expect((await cli(db, "grant", "nadie@tienda.cu")).err).toMatch(/no account has that email/);
    expect((await cli(db, "create", customer.email)).err).toMatch(/already exists \(use `grant`/);
    const weak = await cli(db, "create", "nuevo@tienda.cu", "--password", "12345678");
    expect(weak.code).toBe(1);
    expect(weak.err).toMatch(/password: the password does not meet the rules/);

    // The last active owner stays, and keeps the owner role.
    await cli(db, "revoke", "almacen@tienda.cu");
    const last = await cli(db, "revoke", "caja@tienda.cu");
    expect(last.code).toBe(1);
    expect(last.err).toMatch(/last active owner/);
    const demoted = await cli(db, "grant", "caja@tienda.cu", "--role", "manager");
    expect(demoted.code).toBe(1);
    expect(demoted.err).toMatch(/last active owner/);
  });

  it("--role gives each staff role on create and grant, changes a role, and refuses an unknown one", async () => {
    const created = await cli(db, "create", "despacho@tienda.cu", "--role", "dispatcher");
    expect(created.code).toBe(0);
    expect(created.out).toMatch(/^Created dispatcher despacho@tienda\.cu/);
    const customer = await insertUser(db, { email: "ayuda@tienda.cu" });
    expect((await cli(db, "grant", customer.email, "--role", "support")).out).toBe(
      "ayuda@tienda.cu now has the role support.",
    );
    expect((await cli(db, "grant", customer.email, "--role", "manager")).out).toBe(
      "ayuda@tienda.cu now has the role manager.",
    );
    const roles = await db
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(inArray(users.email, ["despacho@tienda.cu", "ayuda@tienda.cu"]));
    expect(Object.fromEntries(roles.map((r) => [r.email, r.role]))).toEqual({
      "despacho@tienda.cu": "dispatcher",
      "ayuda@tienda.cu": "manager",
    });
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(customer.id)));
    expect(entries.map((e) => [e.action, e.actorRole, (e.after as { role: string }).role])).toEqual([
      ["operator.grant", "cli", "support"],
      ["operator.role", "cli", "manager"],
    ]);
    expect((await cli(db, "list")).out).toMatch(/^ayuda@tienda\.cu\tmanager\t/m);

    for (const argv of [
      ["create", "x@tienda.cu", "--role", "operator"],
      ["grant", customer.email, "--role", "admin"],
      ["revoke", customer.email, "--role", "support"],
    ]) {
      const refused = await cli(db, ...argv);
      expect(refused.code, argv.join(" ")).toBe(1);
      expect(refused.err).toContain(USAGE);
    }
    expect((await db.select().from(users).where(eq(users.email, "x@tienda.cu"))).length).toBe(0);
    expect((await cli(db, "grant", customer.email, "--role", "manager")).err).toMatch(/already has that role/);
  });

  it("answers bad usage with exit code 1 and the help, and --help with 0", async () => {
    for (const argv of [
      [],
      ["promote", "a@b.cu"],
      ["grant"],
      ["grant", "a@b.cu", "b@c.cu"],
      ["grant", "a@b.cu", "--password", "x"],
      ["list", "x"],
      ["create", "--bogus"],
    ]) {
      const result = await cli(db, ...argv);
      expect(result.code, argv.join(" ")).toBe(1);
      expect(result.err).toContain(USAGE);
    }
    expect(await cli(db, "--help")).toEqual({ code: 0, out: USAGE, err: "" });
  });
});

describe("operator command as a process (node --import tsx scripts/operator.ts)", { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-operator-cli-"));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SECRET_KEY: "test-secret-key-0123456789abcdef" };
  const script = ["--import", "tsx", "scripts/operator.ts"];

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("migrates the DATA_DIR database, creates and lists an operator; exit code 1 on an error", async () => {
    const created = await run(process.execPath, [...script, "create", "jefe@tienda.cu"], { env });
    expect(created.stdout).toMatch(/Created owner jefe@tienda\.cu/);
    expect(created.stdout).toMatch(/Password \(shown only this once\): \S{24}/);
    const listed = await run(process.execPath, [...script, "list"], { env });
    expect(listed.stdout).toMatch(/^jefe@tienda\.cu\towner\tjefe\tactive\tnever signed in$/m);

    const refused = await run(process.execPath, [...script, "grant", "jefe@tienda.cu"], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(/already has that role/);

    // The audit entry names the OS user.
    const database = await openDatabase({ dataDir });
    try {
      const [entry] = await database.db.select().from(auditLog);
      expect(entry.actorEmail).toMatch(/^cli(:.+)?$/);
    } finally {
      await database.close();
    }
  });

  it("says plainly that the database is in use while the server runs (DataDirLockedError), exit code 1", async () => {
    // The lock file names a live process (this one), as the running server's would.
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(process.pid));
    try {
      const failed = await run(process.execPath, [...script, "list"], { env }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed).toMatchObject({ code: 1 });
      const stderr = (failed as { stderr: string }).stderr;
      expect(stderr).toMatch(/The embedded database is in use, probably by the running server/);
      expect(stderr).toMatch(/stop the server, run the command, then start the server again/);
      expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      fs.rmSync(path.join(dataDir, "pglite.lock"), { force: true });
    }
  });
});
