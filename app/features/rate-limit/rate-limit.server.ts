/**
 * Fixed-window request counters kept in the database (ARCHITECTURE.md: app processes are
 * stateless, so several share one PostgreSQL and the same limits). Used for sign-in, sign-up,
 * activation and password reset (per IP and per account) and, later, chat.
 */
import { lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

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
  const now = opts.now ?? new Date();
  const windowMs = opts.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
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
  // Now and then, forget windows long past (cheap, and keeps the table small without a job).
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 24 * 3600 * 1000)));
  }
  if (!over) return { ok: true };
  return {
    ok: false,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)),
  };
}
