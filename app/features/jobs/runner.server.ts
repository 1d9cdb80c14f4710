/**
 * Runs the scheduled jobs (jobs.server.ts) with one owner per run.
 *
 * On PostgreSQL: graphile-worker (pinned; docs/operations.md "Scheduled jobs"). Every process runs a
 * worker and the same crontab; for each cron slot graphile-worker inserts one job whichever process
 * ticks first (its `known_crontabs` row per job is advanced once per slot), and exactly one worker
 * takes it. Each job has its own queue (runs never overlap) and job key (a backlog never piles up
 * while every process is down), and is not retried: the next slot is the retry. Its tables live
 * in the `graphile_worker` schema, created by its own migrations, which are safe against concurrent
 * starts. Its connections come from a small pool of their own, so jobs never wait for, nor make
 * shoppers' requests wait for, a connection.
 *
 * On the embedded database: one process by construction, so plain timers.
 */
import { createHash } from "node:crypto";
import type { Logger as WorkerLogger, Runner, TaskList } from "graphile-worker";
import pg from "pg";
import type { Db } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { type ScheduledJob, cronPattern } from "./jobs.server";

export type JobRunner = {
  /** Stops scheduling; resolves once the runs under way have finished. */
  stop: () => Promise<void>;
};

export type JobRunnerOptions = {
  db: Db;
  env: Env;
  kind: "pglite" | "postgres";
  jobs: ScheduledJob[];
  /** On the embedded database, how long after start the `atStart` runs happen (default 5 s). */
  startDelayMs?: number;
};

/** Starts running `jobs` (on PostgreSQL, `env.DATABASE_URL`'s). */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const jobs = options.jobs.filter((job) => !job.only || job.only === options.kind);
  return options.kind === "postgres" && options.env.DATABASE_URL
    ? startGraphileRunner(options, jobs, options.env.DATABASE_URL)
    : startTimers(options, jobs);
}

async function runJob(job: ScheduledJob, options: JobRunnerOptions, scheduledFor: Date): Promise<void> {
  const started = Date.now();
  try {
    const result = await job.run({ db: options.db, env: options.env, scheduledFor });
    const count = typeof result === "number" ? { count: result } : {};
    logger.debug({ job: job.name, ms: Date.now() - started, ...count }, `Job ${job.name} done`);
  } catch (error) {
    logger.error({ err: error, job: job.name }, `Job ${job.name} failed`);
  }
}

function startTimers(options: JobRunnerOptions, jobs: ScheduledJob[]): JobRunner {
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  const running = new Set<Promise<void>>();
  const busy = new Set<string>();
  let stopped = false;
  const tick = (job: ScheduledJob) => {
    // A run still going when its next tick comes is not doubled: the tick is skipped.
    if (stopped || busy.has(job.name)) return;
    busy.add(job.name);
    const done = runJob(job, options, new Date()).finally(() => {
      busy.delete(job.name);
      running.delete(done);
    });
    running.add(done);
  };
  for (const job of jobs) {
    const every = setInterval(() => tick(job), job.everySeconds * 1000);
    every.unref();
    timers.push(every);
    if (job.atStart ?? true) {
      const first = setTimeout(() => tick(job), options.startDelayMs ?? 5_000);
      first.unref();
      timers.push(first);
    }
  }
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}

/**
 * graphile-worker's log lines through the app's logger: its warnings and errors as such, its
 * chatter (a line per job run) only at `debug`; runJob logs each run's failure itself.
 */
function workerLogger(Logger: typeof WorkerLogger): WorkerLogger {
  return new Logger((scope) => (level, message) => {
    const fields = { job: scope.taskIdentifier, worker: scope.workerId };
    if (level === "error") logger.error(fields, message);
    else if (level === "warning") logger.warn(fields, message);
    else logger.debug(fields, message);
  });
}

/** A minute offset per job name, so hourly and daily jobs do not all start at :00. */
const offsetOf = (name: string) => createHash("sha256").update(name).digest()[0] % 60;

async function startGraphileRunner(
  options: JobRunnerOptions,
  jobs: ScheduledJob[],
  databaseUrl: string,
): Promise<JobRunner> {
  // Loaded only here: the embedded database never pays for it.
  const { Logger, parseCronItems, run } = await import("graphile-worker");
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  // A dropped connection (idle in the pool, or a client checked out by the worker) is logged and
  // replaced, never an uncaught error.
  pool.on("error", (error) => logger.warn(`Job runner: PostgreSQL dropped an idle connection: ${error.message}`));
  pool.on("connect", (client) =>
    client.on("error", (error) => logger.warn(`Job runner: PostgreSQL dropped a connection: ${error.message}`)),
  );
  const taskList: TaskList = Object.fromEntries(
    jobs.map((job) => [
      job.name,
      async (payload: unknown) => {
        const ts = (payload as { _cron?: { ts?: string } } | null)?._cron?.ts;
        await runJob(job, options, ts ? new Date(ts) : new Date());
      },
    ]),
  );
  const cronItems = parseCronItems(
    jobs.map((job) => ({
      task: job.name,
      identifier: job.name,
      match: cronPattern(job.everySeconds, offsetOf(job.name)),
      options: { backfillPeriod: 0, maxAttempts: 1, queueName: `tienda_${job.name}`, jobKey: job.name },
    })),
  );
  let runner: Runner;
  try {
    runner = await run({
      pgPool: pool,
      concurrency: 2,
      noHandleSignals: true,
      pollInterval: 10_000,
      logger: workerLogger(Logger),
      taskList,
      parsedCronItems: cronItems,
    });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    async stop() {
      await runner.stop();
      await pool.end();
    },
  };
}
