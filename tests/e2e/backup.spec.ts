import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";

// Issue 24 §6 end to end: `npm run backup` against the running production build on the embedded
// database. Its database is locked to the server, so the command asks the server (its backup
// socket in DATA_DIR, server/main.ts); the store keeps answering meanwhile.

const ROOT = path.resolve(import.meta.dirname, "../..");
const DATA_DIR = process.env.E2E_DATA_DIR ?? "/tmp/tienda-e2e-data";
const run = promisify(execFile);

test("npm run backup: the serving embedded store writes a whole backup while it keeps answering", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-e2e-backup-"));
  try {
    const file = path.join(dir, "store.tar");
    const backup = run(process.execPath, ["--import", "tsx", "scripts/backup.ts", file], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR, DATABASE_URL: "", MEDIA_URL: "" },
    });
    let answered = 0;
    let done = false;
    void backup.finally(() => (done = true)).catch(() => undefined);
    while (!done) {
      expect((await request.get("/es/shop")).status()).toBe(200);
      answered += 1;
    }
    const { stdout } = await backup;
    expect(stdout).toMatch(
      /^Backed up to .*store\.tar \([\d.]+ MB\): the embedded database \(\d+ migrations\) and (\d+) media objects/,
    );
    expect(Number(/and (\d+) media objects/.exec(stdout)![1])).toBeGreaterThan(1000);
    expect(answered).toBeGreaterThan(0);
    // A tar whose first entry says what it is.
    const head = fs.readFileSync(file).subarray(0, 100).toString("utf8");
    expect(head.startsWith("tienda-backup.json")).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
