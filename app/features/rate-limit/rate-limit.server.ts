/**
 * Fixed-window request counters kept in the database (ARCHITECTURE.md: app processes are
 * stateless, so several share one PostgreSQL and the same limits). Used for sign-in, sign-up,
 * activation and password reset (per IP and per account), chat and seller applications. Windows
 * long past are pruned by a scheduled job.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema/rate-limit";

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** The window `now` falls in, and the refusal it gives: retry when the window ends. */
function windowOf(opts: { windowSeconds: number; now?: Date }) {
  const now = opts.now ?? new Date();
  const windowMs = opts.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { windowStart, refused: { ok: false, retryAfterSeconds } as const };
}

/**
 * Counts one hit for each key and refuses when any key has gone over `limit` hits in the current
 * window of `windowSeconds`. Every key is counted even when one refuses, so an attacker cannot
 * spread attempts to dodge a limit.
 */
export async function hitRateLimit(
  db: Db,
  keys: string[],
  opts: { limit: number; windowSeconds: number; now?: Date },
): Promise<RateLimitResult> {
  const { windowStart, refused } = windowOf(opts);
  let over = false;
  for (const key of new Set(keys)) {
    const [row] = await db
      .insert(rateLimits)
      .values({ key: key.slice(0, 300), windowStart, hits: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { hits: sql`${rateLimits.hits} + 1` },
      })
      .returning({ hits: rateLimits.hits });
    if (row.hits > opts.limit) over = true;
  }
  if (!over) return { ok: true };
  return refused;
}

/** Windows this old count for no limit any more (the longest window is an hour). */
export const RATE_LIMIT_KEPT_HOURS = 24;

/** Forgets windows long past (a scheduled job, app/features/jobs); returns how many rows went. */
export async function pruneRateLimits(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - RATE_LIMIT_KEPT_HOURS * 3600 * 1000);
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, before))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

/**
 * Whether any key is already over `limit` hits in the current window, without counting a hit: for
 * limits on failures only (staff two-factor codes: a right code costs nothing, a wrong one is
 * counted afterwards with `hitRateLimit`).
 */
export async function peekRateLimit(
  db: Db,
  keys: string[],
  opts: { limit: number; windowSeconds: number; now?: Date },
): Promise<RateLimitResult> {
  const { windowStart, refused } = windowOf(opts);
  const rows = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(
      and(
        inArray(
          rateLimits.key,
          keys.map((key) => key.slice(0, 300)),
        ),
        eq(rateLimits.windowStart, windowStart),
      ),
    );
  if (!rows.some((row) => row.hits >= opts.limit)) return { ok: true };
  return refused;
}
