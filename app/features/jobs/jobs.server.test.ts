import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { chatConversations } from "~/db/schema/chat";
import { emailOutbox } from "~/db/schema/outbox";
import { rateLimits } from "~/db/schema/rate-limit";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { mediaStore } from "~/features/media/store.server";
import { type ScheduledJob, cronPattern, scheduledJobs } from "./jobs.server";

// Issue 24 point 5: the scheduled jobs and what each one removes (and keeps).

describe("cron patterns of job intervals", () => {
  it("turns seconds into the nearest cron step, minutes being cron's unit", () => {
    expect(cronPattern(15)).toBe("*/1 * * * *");
    expect(cronPattern(60)).toBe("*/1 * * * *");
    expect(cronPattern(5 * 60)).toBe("*/5 * * * *");
    expect(cronPattern(7 * 60)).toBe("*/6 * * * *");
    expect(cronPattern(3600, 17)).toBe("17 */1 * * *");
    expect(cronPattern(6 * 3600, 17)).toBe("17 */6 * * *");
    expect(cronPattern(24 * 3600, 42)).toBe("42 3 * * *");
    expect(cronPattern(7 * 24 * 3600, 42)).toBe("42 3 */7 * *");
  });
});

describe.each(databaseKinds())("the store's scheduled jobs on %s", (kind) => {
  let database: Database;
  const env = createTestEnv();
  const now = new Date();
  const ago = (hours: number) => new Date(now.getTime() - hours * 3600 * 1000);
  const job = (name: string): ScheduledJob => {
    const found = scheduledJobs().find((j) => j.name === name);
    if (!found) throw new Error(`no job ${name}`);
    return found;
  };
  const run = (name: string) => job(name).run({ db: database.db, env, scheduledFor: now });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it("runs the outbox sweep, and prunes sent emails, rate-limit windows and idle conversations", () => {
    expect(scheduledJobs().map((j) => j.name)).toEqual([
      "outbox_sweep",
      "stock_alerts_queue",
      "prune_sent_emails",
      "prune_rate_limits",
      "prune_idle_conversations",
      "prune_orphaned_media",
      "prune_shared_carts",
    ]);
    expect(job("outbox_sweep").everySeconds).toBeLessThanOrEqual(60);
  });

  it("prune_sent_emails removes emails sent more than 30 days ago, never an unsent one", async () => {
    const rows = await database.db
      .insert(emailOutbox)
      .values([
        { kind: "test.old", payload: {}, sentAt: ago(31 * 24), createdAt: ago(31 * 24) },
        { kind: "test.recent", payload: {}, sentAt: ago(29 * 24) },
        { kind: "test.unsent", payload: {}, createdAt: ago(40 * 24) },
      ])
      .returning({ kind: emailOutbox.kind });
    expect(rows).toHaveLength(3);
    expect(await run("prune_sent_emails")).toBe(1);
    const left = await database.db.select({ kind: emailOutbox.kind }).from(emailOutbox);
    expect(left.map((r) => r.kind).sort()).toEqual(["test.recent", "test.unsent"]);
  });

  it("prune_rate_limits removes windows older than a day and keeps the current ones", async () => {
    await database.db.insert(rateLimits).values([
      { key: "signin:ip:1", windowStart: ago(25), hits: 3 },
      { key: "signin:ip:1", windowStart: ago(0.5), hits: 2 },
    ]);
    expect(await run("prune_rate_limits")).toBe(1);
    const left = await database.db.select().from(rateLimits).where(eq(rateLimits.key, "signin:ip:1"));
    expect(left.map((r) => r.hits)).toEqual([2]);
  });

  it("prune_idle_conversations removes conversations idle for a day, not one being answered", async () => {
    const idle = "00000000-0000-4000-8000-000000000001";
    const answering = "00000000-0000-4000-8000-000000000002";
    const active = "00000000-0000-4000-8000-000000000003";
    await database.db.insert(chatConversations).values([
      { sessionId: idle, updatedAt: ago(31 * 24) },
      { sessionId: answering, updatedAt: ago(48), pendingSince: ago(0) },
      { sessionId: active, updatedAt: ago(1) },
    ]);
    expect(await run("prune_idle_conversations")).toBe(1);
    const left = await database.db
      .select({ id: chatConversations.sessionId })
      .from(chatConversations)
      .where(sql`${chatConversations.sessionId} in (${idle}, ${answering}, ${active})`);
    expect(left.map((r) => r.id).sort()).toEqual([answering, active]);
  });

  it("prune_orphaned_media removes a stored image no row points at, once past its day of grace", async () => {
    const media = mediaStore(env);
    await media.write("products/orphan-job-test.webp", Buffer.from("RIFF"), "image/webp");
    const later = new Date(now.getTime() + 2 * 24 * 3600 * 1000);
    const result = await job("prune_orphaned_media").run({ db: database.db, env, scheduledFor: later });
    expect(result).toMatchObject({ skipped: false });
    expect((result as { removed: string[] }).removed).toContain("products/orphan-job-test.webp");
    expect(await media.stat("products/orphan-job-test.webp")).toBeNull();
  });
});
