import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase } from "../../../tests/setup/db";
import type { ScheduledJob } from "./jobs.server";
import { startJobRunner } from "./runner.server";

// Issue 24 point 5: a scheduled job runs once across all processes. Two real processes run the job
// runner on one PostgreSQL with a job every minute; each cron slot is run by exactly one of them.

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("scheduled jobs with two processes on one PostgreSQL", () => {
  let database: Database;
  let url: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    await database.db.execute("create table job_test_runs (pid int not null, slot text not null)");
    const result = (await database.db.execute("select current_database() as name")) as unknown as {
      rows: Array<{ name: string }>;
    };
    const target = new URL(baseUrl as string);
    target.pathname = `/${result.rows[0].name}`;
    url = target.toString();
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    await database.close();
  });

  const start = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", "tests/support/job-process.ts"], {
        env: { ...process.env, DATABASE_URL: url, DATA_DIR: createTestEnv().DATA_DIR, LOG_LEVEL: "warn" },
        stdio: ["ignore", "pipe", "inherit"],
      });
      children.push(child);
      child.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("ready")) resolve(child);
      });
      child.once("exit", (code) => reject(new Error(`job process exited with ${code} before it was ready`)));
    });

  const stop = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      child.once("exit", (code) => resolve(code));
      child.kill("SIGTERM");
    });

  it("each minute's run happens in exactly one of the two processes", { timeout: 180_000 }, async () => {
    const [a, b] = await Promise.all([start(), start()]);
    // Past the next two minute boundaries, and a few seconds for the job to run.
    const now = Date.now();
    const secondBoundary = Math.ceil(now / 60_000) * 60_000 + 60_000;
    await new Promise((resolve) => setTimeout(resolve, secondBoundary - now + 8_000));
    expect(await Promise.all([stop(a), stop(b)])).toEqual([0, 0]);
    const runs = (await database.db.execute("select pid, slot from job_test_runs order by slot")) as unknown as {
      rows: Array<{ pid: number; slot: string }>;
    };
    // One run per minute at most, whoever ran it (two processes on timers would run it twice).
    const minutes = runs.rows.map((row) => row.slot.slice(0, "2026-01-01T00:00".length));
    expect(minutes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(minutes).size).toBe(minutes.length);
    for (const { pid } of runs.rows) expect([a.pid, b.pid]).toContain(pid);
  });
});

describe("scheduled jobs on the embedded database (one process: timers)", () => {
  let database: Database;
  // A fresh database takes seconds on a loaded machine: outside the test's own time.
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database.close();
  });

  it("runs each job at start and on its interval, never two runs of one job at once", async () => {
    const runs: string[] = [];
    let concurrent = 0;
    let most = 0;
    const slow: ScheduledJob = {
      name: "slow",
      everySeconds: 0.05,
      run: async () => {
        concurrent++;
        most = Math.max(most, concurrent);
        runs.push("slow");
        await new Promise((resolve) => setTimeout(resolve, 120));
        concurrent--;
      },
    };
    const later: ScheduledJob = {
      name: "later",
      everySeconds: 3600,
      atStart: false,
      run: async () => runs.push("later"),
    };
    const elsewhere: ScheduledJob = {
      name: "pg",
      everySeconds: 0.05,
      only: "postgres",
      run: async () => runs.push("pg"),
    };
    const runner = await startJobRunner({
      db: database.db,
      env: createTestEnv(),
      kind: "pglite",
      jobs: [slow, later, elsewhere],
      startDelayMs: 10,
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await runner.stop();
    const count = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs.length).toBe(count); // stopped
    expect(runs.filter((r) => r === "slow").length).toBeGreaterThanOrEqual(3);
    expect(runs).not.toContain("later");
    expect(runs).not.toContain("pg");
    expect(most).toBe(1);
  });
});
