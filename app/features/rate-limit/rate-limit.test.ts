import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { checkAuthRateLimit } from "~/features/accounts/accounts.server";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { hitRateLimit } from "./rate-limit.server";

describe.each(databaseKinds())("issue 4: database rate limits on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const at = (iso: string) => new Date(iso);

  it("allows `limit` hits per window, then refuses with the seconds left in the window", async () => {
    const opts = { limit: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) {
      expect(await hitRateLimit(database.db, ["k:a"], { ...opts, now: at("2025-01-01T12:00:10Z") })).toEqual({
        ok: true,
      });
    }
    expect(await hitRateLimit(database.db, ["k:a"], { ...opts, now: at("2025-01-01T12:00:45Z") })).toEqual({
      ok: false,
      retryAfterSeconds: 15,
    });
    // A new window starts afresh.
    expect(await hitRateLimit(database.db, ["k:a"], { ...opts, now: at("2025-01-01T12:01:00Z") })).toEqual({
      ok: true,
    });
  });

  it("counts every key, and refuses when any one is over", async () => {
    const opts = { limit: 2, windowSeconds: 60, now: at("2025-01-01T13:00:00Z") };
    expect(await hitRateLimit(database.db, ["ip:1", "acct:x"], opts)).toEqual({ ok: true });
    expect(await hitRateLimit(database.db, ["ip:2", "acct:x"], opts)).toEqual({ ok: true });
    // A third address against the same account: the account key is over.
    expect((await hitRateLimit(database.db, ["ip:3", "acct:x"], opts)).ok).toBe(false);
    // ip:3 was counted even though the request was refused.
    expect(await hitRateLimit(database.db, ["ip:3"], opts)).toEqual({ ok: true });
    expect((await hitRateLimit(database.db, ["ip:3"], opts)).ok).toBe(false);
  });

  it("keeps the actions apart and keys accounts case-insensitively, NUL included (never a database error)", async () => {
    const deps = { db: database.db, env: createTestEnv({ AUTH_RATE_LIMIT: "2" }) };
    const ip = "203.0.113.9";
    expect((await checkAuthRateLimit(deps, { action: "signin", ip, account: "Ana@Example.cu" })).ok).toBe(true);
    expect(
      (await checkAuthRateLimit(deps, { action: "signin", ip: "203.0.113.10", account: " ana@example.cu" })).ok,
    ).toBe(true);
    const refused = await checkAuthRateLimit(deps, {
      action: "signin",
      ip: "203.0.113.11",
      account: "ANA@EXAMPLE.CU\u0000",
    });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // Sign-up from the same address is counted separately.
    expect((await checkAuthRateLimit(deps, { action: "signup", ip, account: "ana@example.cu" })).ok).toBe(true);
  });
});
