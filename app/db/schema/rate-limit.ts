/** Request counters of the rate limits, owned by app/features/rate-limit. */
import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** Rate-limit counters live in the database so several app processes share them. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
