import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "~/db/client.server";
import { type MediaStore, mediaStore } from "~/features/media/store.server";
import { type Env, getEnv } from "~/utils/env.server";
import { type S3StandIn, startS3StandIn } from "../../../tests/support/s3";
import { readArchive } from "./archive.server";
import { backupLocation, backupName, backupNow, listBackups, pruneBackups } from "./backup.server";
import { nextBackupDue, startBackupSchedule } from "./schedule.server";

// Issue 24 §6: the embedded database's own backups, every BACKUP_INTERVAL_HOURS into
// DATA_DIR/backups or the media bucket, keeping BACKUP_KEEP. The functions the scheduled work
// calls (backupNow, pruneBackups) and the timer the server starts.

let s3: S3StandIn;
beforeAll(async () => {
  s3 = await startS3StandIn();
  await s3.createBucket("backups-test");
});
afterAll(() => s3?.close());

describe("nextBackupDue", () => {
  const hour = 3_600_000;
  it("is an interval after the newest backup, never before the start", () => {
    expect(nextBackupDue(new Date(10 * hour), 20 * hour, 24 * hour)).toBe(34 * hour);
    expect(nextBackupDue(new Date(0), 30 * hour, 24 * hour)).toBe(30 * hour);
  });
  it("is an hour after the start when there is no backup yet (or the interval, when shorter)", () => {
    expect(nextBackupDue(null, 5 * hour, 24 * hour)).toBe(6 * hour);
    expect(nextBackupDue(null, 5 * hour, hour / 2)).toBe(5.5 * hour);
  });
});

describe("backupName", () => {
  it("names a backup by its UTC time, in names that sort as the times do", () => {
    expect(backupName(new Date("2026-11-27T03:15:09.123Z"))).toBe("tienda-20261127-031509Z.tar");
  });
});

describe.each(["local", "s3"] as const)("automatic backups of the embedded database, media in the %s store", (kind) => {
  let database: Database;
  let env: Env;
  let media: MediaStore;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `auto-backup-${kind}-`));
    database = await openDatabase({ dataDir });
    await database.migrate();
    const s3Env = kind === "s3" ? s3.env("backups-test", `shop-${process.pid}`) : {};
    // No SECRET_KEY: the generated one lives in the database (server_settings), so the dump carries it.
    env = getEnv({ DATA_DIR: dataDir, ...s3Env } as NodeJS.ProcessEnv);
    media = mediaStore(env);
    await media.write("products/a.webp", Buffer.from("an image"));
  });
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "backupNow writes a whole backup where it belongs; pruneBackups keeps the newest",
    { timeout: 180_000 },
    async () => {
      const location = backupLocation({ media, env });
      expect(location.description).toBe(
        kind === "local" ? path.join(dataDir, "backups") : `${media.description}/.backups`,
      );
      const times = ["2026-11-20T01:00:00Z", "2026-11-21T01:00:00Z", "2026-11-22T01:00:00Z"].map((t) => new Date(t));
      for (const at of times) await backupNow({ database, media, env }, at);
      expect((await listBackups(location)).map((b) => b.name)).toEqual(times.map(backupName).reverse());

      // The newest is a whole backup of the database and the media (and not of older backups).
      const copy = path.join(dataDir, "copy.tar");
      fs.writeFileSync(copy, (await location.read(backupName(times[2])))!);
      const names: string[] = [];
      for await (const item of readArchive(copy)) {
        if ("body" in item) {
          names.push(item.name);
          item.body.resume();
        }
      }
      expect(names).toEqual(["database/pglite.tar.gz", "media/products/a.webp"]);

      expect(await pruneBackups(location, 2)).toEqual([backupName(times[0])]);
      expect((await listBackups(location)).map((b) => b.name)).toEqual([backupName(times[2]), backupName(times[1])]);
      await location.remove((await listBackups(location)).map((b) => b.name));
    },
  );

  it("the server's timer backs up every interval and keeps BACKUP_KEEP", { timeout: 180_000 }, async () => {
    const location = backupLocation({ media, env });
    await location.remove((await listBackups(location)).map((b) => b.name));
    // About 1.1 s between backups (names have whole seconds), the first as soon as it is due.
    const schedule = startBackupSchedule({ database, media, env }, { intervalHours: 0.0003, keep: 2 });
    const seen = new Set<string>();
    try {
      // Until three backups have been written, one after another.
      for (let i = 0; i < 900 && seen.size < 3; i++) {
        for (const backup of await listBackups(location)) seen.add(backup.name);
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await schedule.stop(); // waits for the backup under way and its pruning
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
    const kept = (await listBackups(location)).map((b) => b.name);
    kept.forEach((name) => seen.add(name)); // one may have been written after the last look
    expect(kept).toHaveLength(2);
    // The newest two are kept, the older ones are gone.
    expect(kept).toEqual([...seen].sort().reverse().slice(0, 2));
  });

  it("takes no timer at all with BACKUP_INTERVAL_HOURS=0", async () => {
    const location = backupLocation({ media, env });
    const before = (await listBackups(location)).length;
    const schedule = startBackupSchedule({ database, media, env }, { intervalHours: 0, keep: 2 });
    await new Promise((r) => setTimeout(r, 300));
    await schedule.stop();
    expect((await listBackups(location)).length).toBe(before);
  });
});
