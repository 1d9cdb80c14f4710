/**
 * The store's scheduled work (docs/operations.md, "Scheduled jobs"): what runs, and how often.
 * On PostgreSQL each run happens in exactly one process whatever the number of processes
 * (graphile-worker's cron, runner.server.ts); on the embedded database the one process runs them
 * on timers. A job is a plain function of the database and the environment: it must be safe to run
 * again (a process that dies mid-run leaves the rest to the next run).
 */
import type { Db } from "~/db/client.server";
import { pruneSharedCarts } from "~/features/cart/shared-cart.server";
import { deleteIdleConversations } from "~/features/chat/conversations.server";
import { pruneOrphanedMedia } from "~/features/media/prune.server";
import { mediaStore } from "~/features/media/store.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { pruneSentEmails } from "~/features/outbox/outbox.server";
import { pruneRateLimits } from "~/features/rate-limit/rate-limit.server";
import { kickStockAlerts } from "~/features/stock-alerts/queue.server";
import type { Env } from "~/utils/env.server";

export type JobContext = {
  db: Db;
  env: Env;
  /** The moment this run was scheduled for (a cron slot on PostgreSQL, the timer's tick otherwise). */
  scheduledFor: Date;
};

export type ScheduledJob = {
  /** A stable name (letters, digits, `_`): the queue, the cron identifier and the log label. */
  name: string;
  /**
   * How often it runs. Cron has minutes as its unit: on PostgreSQL anything under a minute runs
   * every minute, and hours are counted from midnight UTC (every 6 h: 00:00, 06:00…).
   */
  everySeconds: number;
  /** On the embedded database, also run once shortly after a start (default true). */
  atStart?: boolean;
  /** Only on this database (default both). */
  only?: "pglite" | "postgres";
  run: (context: JobContext) => Promise<unknown>;
};

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

/** Every scheduled job of the store. */
export function scheduledJobs(): ScheduledJob[] {
  return [
    {
      name: "outbox_sweep",
      everySeconds: 15,
      run: ({ db, env }) => outboxMailer({ db, env }).flush(),
    },
    // Back-in-stock alerts made due by a restock whose kick a crash lost (docs/features.md, "Back-in-stock alerts").
    // Kicked, not awaited: a paced drain of thousands of alerts must not hold a shutdown (what it has
    // not moved stays due in stock_alerts for the next start).
    { name: "stock_alerts_queue", everySeconds: 15, run: async ({ db, env }) => void kickStockAlerts({ db, env }) },
    { name: "prune_sent_emails", everySeconds: DAY, run: ({ db, scheduledFor }) => pruneSentEmails(db, scheduledFor) },
    { name: "prune_rate_limits", everySeconds: HOUR, run: ({ db, scheduledFor }) => pruneRateLimits(db, scheduledFor) },
    {
      name: "prune_idle_conversations",
      everySeconds: HOUR,
      run: ({ db, scheduledFor }) => deleteIdleConversations(db, scheduledFor),
    },
    {
      name: "prune_orphaned_media",
      everySeconds: DAY,
      atStart: false,
      run: ({ db, env, scheduledFor }) => pruneOrphanedMedia({ db, media: mediaStore(env) }, { now: scheduledFor }),
    },
    {
      name: "prune_shared_carts",
      everySeconds: DAY,
      run: ({ db, scheduledFor }) => pruneSharedCarts(db, scheduledFor),
    },
  ];
}

/**
 * The cron pattern of a job that runs every `seconds`: each minute below an hour, every n minutes
 * or hours when n divides the hour or the day, else the nearest such step. Hourly and daily jobs
 * run at minute `offset` (spread by name, so not every job starts at :00).
 */
export function cronPattern(seconds: number, offset = 0): string {
  const minutes = Math.max(1, Math.round(seconds / MINUTE));
  const divisorAtMost = (n: number, of: number) => {
    for (let d = Math.min(n, of); d > 1; d--) if (of % d === 0) return d;
    return 1;
  };
  if (minutes < 60) return `*/${divisorAtMost(minutes, 60)} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${offset % 60} */${divisorAtMost(hours, 24)} * * *`;
  const days = Math.max(1, Math.round(hours / 24));
  return days === 1 ? `${offset % 60} 3 * * *` : `${offset % 60} 3 */${days} * *`;
}
