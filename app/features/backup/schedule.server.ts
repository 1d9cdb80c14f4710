/**
 * The embedded database backs itself up every BACKUP_INTERVAL_HOURS, keeping the newest
 * BACKUP_KEEP (docs/decisions/011-backups.md). A plain timer in the one process that owns the
 * database; on PostgreSQL the operator's own tools (pg_dump, a managed service's snapshots) or the
 * scheduled work run `backupNow` and `pruneBackups` instead.
 */
import { logger } from "~/utils/logger.server";
import { type BackupDeps, backupLocation, backupNow, listBackups, pruneBackups } from "./backup.server";

const HOUR_MS = 60 * 60 * 1000;
/** A store with no backup yet gets its first this long after it starts (not during its start). */
const FIRST_BACKUP_DELAY_MS = HOUR_MS;
/** After a failure (a full disk, the bucket away), the next try. */
const RETRY_MS = HOUR_MS;
/** setTimeout's longest wait; longer intervals wait in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** When the next backup is due: an interval after the newest, or soon after start when there is none. */
export function nextBackupDue(newest: Date | null, startedAt: number, intervalMs: number): number {
  if (!newest) return startedAt + Math.min(intervalMs, FIRST_BACKUP_DELAY_MS);
  return Math.max(startedAt, newest.getTime() + intervalMs);
}

/** Starts the timer (nothing when BACKUP_INTERVAL_HOURS is 0). `stop` waits for a backup under way. */
export function startBackupSchedule(
  deps: BackupDeps,
  opts: { intervalHours: number; keep: number; now?: () => number },
): { stop: () => Promise<void> } {
  const intervalMs = opts.intervalHours * HOUR_MS;
  if (intervalMs <= 0) return { stop: async () => {} };
  const now = opts.now ?? Date.now;
  const location = backupLocation(deps);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  const wait = (due: number) => {
    if (stopped) return;
    const delay = Math.max(0, due - now());
    timer = setTimeout(
      () => (delay > MAX_TIMER_MS ? wait(due) : void (running = run())),
      Math.min(delay, MAX_TIMER_MS),
    );
    timer.unref();
  };
  async function run() {
    try {
      const started = now();
      const { name, bytes } = await backupNow(deps, new Date(started));
      const removed = await pruneBackups(location, opts.keep);
      logger.info(
        { backup: name, bytes, ms: now() - started, removed: removed.length, location: location.description },
        "Automatic backup written",
      );
      wait(now() + intervalMs);
    } catch (error) {
      logger.error({ err: error }, "Automatic backup failed; trying again in an hour");
      wait(now() + RETRY_MS);
    } finally {
      running = null;
    }
  }

  const startedAt = now();
  void listBackups(location)
    .then((backups) => wait(nextBackupDue(backups[0]?.at ?? null, startedAt, intervalMs)))
    .catch((error: unknown) => {
      logger.error({ err: error }, "Could not list the backups; the next one is due in an hour");
      wait(startedAt + RETRY_MS);
    });

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
