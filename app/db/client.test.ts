import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { DataDirLockedError, openDatabase } from "./client.server";

// Issue "Foundation" point 2: PGlite does not lock its directory itself, so a second process on
// the same DATA_DIR must refuse to start with a clear message instead of corrupting it.
describe("embedded database directory lock", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("refuses to open a directory locked by another live process", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      fs.writeFileSync(path.join(dir, "pglite.lock"), String(other.pid));
      const error = await openDatabase({ dataDir: dir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect(String((error as Error).message)).toContain(`already in use by process ${other.pid}`);
      expect(String((error as Error).message)).toContain("DATA_DIR");
      // Nothing was created or taken over.
      expect(fs.existsSync(path.join(dir, "pglite"))).toBe(false);
      expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  test("takes over a lock left by a process that died, and releases it on close", async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((resolve) => dead.once("exit", resolve));
    fs.writeFileSync(path.join(dir, "pglite.lock"), String(dead.pid));
    const database = await openDatabase({ dataDir: dir });
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(String(process.pid));
    await database.migrate();
    await database.close();
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  });

  test("a second process on the same directory exits with the message", async () => {
    const dir = tempDir();
    const database = await openDatabase({ dataDir: dir });
    try {
      const script = `
        const { openDatabase } = await import(${JSON.stringify(path.resolve("app/db/client.server.ts"))});
        try { await openDatabase({ dataDir: ${JSON.stringify(dir)} }); console.log("opened"); }
        catch (e) { console.log(e.message); process.exit(3); }`;
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(code).toBe(3);
      expect(out).toContain(`already in use by process ${process.pid}`);
    } finally {
      await database.close();
    }
  });
});

// Issue 13 (server memory): PGlite runs with 32 MB of shared_buffers. Its `postgresqlconf` option
// replaces the data directory's postgresql.conf, so the other settings initdb wrote must survive.
describe("embedded database settings", () => {
  test("32 MB of shared buffers, and initdb's other settings kept, in a new and a reopened directory", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-conf-"));
    try {
      for (const round of ["new", "reopened"]) {
        const database = await openDatabase({ dataDir: dir });
        try {
          const result = await database.db.execute(
            "select name, setting from pg_settings where source = 'configuration file' order by name",
          );
          const settings = Object.fromEntries(
            (result as unknown as { rows: Array<{ name: string; setting: string }> }).rows.map((r) => [
              r.name,
              r.setting,
            ]),
          );
          expect(settings, round).toMatchObject({
            shared_buffers: "4096", // 8 kB pages: 32 MB
            TimeZone: "UTC",
            log_timezone: "UTC",
            DateStyle: "ISO, MDY",
            default_text_search_config: "pg_catalog.english",
            lc_messages: "C",
            max_connections: "100",
          });
        } finally {
          await database.close();
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
