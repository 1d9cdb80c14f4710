/**
 * One app process's job runner, for the two-process test (app/features/jobs/runner.server.test.ts):
 * runs a job every minute on DATABASE_URL's PostgreSQL that records which process ran which cron
 * slot in `job_test_runs`, says "ready" on stdout, and stops cleanly on SIGTERM.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { startJobRunner } from "~/features/jobs/runner.server";
import { getEnv } from "~/utils/env.server";

const env = getEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: null });
const runner = await startJobRunner({
  db: database.db,
  env,
  kind: "postgres",
  jobs: [
    {
      name: "test_tick",
      everySeconds: 60,
      run: ({ db, scheduledFor }) =>
        db.execute(sql`insert into job_test_runs (pid, slot) values (${process.pid}, ${scheduledFor.toISOString()})`),
    },
  ],
});
process.stdout.write("ready\n");
process.once("SIGTERM", () => {
  void runner
    .stop()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
