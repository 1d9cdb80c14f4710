import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "~/context";
import type { Db } from "~/db/client.server";
import { type Env, getEnv } from "~/utils/env.server";

/**
 * A run-contract environment for one test file: its own DATA_DIR (outbox, media cache) under the
 * system temp directory and a fixed SECRET_KEY; `overrides` set any variable (SMTP_URL, GOOGLE_*).
 */
export function createTestEnv(overrides: Record<string, string> = {}): Env {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-test-"));
  return getEnv({
    DATA_DIR: dataDir,
    SECRET_KEY: "test-secret-key-0123456789abcdef",
    PUBLIC_URL: "http://localhost:3000",
    ...overrides,
  });
}

/**
 * The router context a loader or action receives from server/main.ts, for calling them in tests.
 * A staff `user` counts as having passed the second factor (decision 017) unless `secondFactor`
 * says otherwise: the two-factor rules themselves are tested through real sessions and real codes
 * (app/features/accounts/two-factor.server.test.ts, tests/factories.ts `signInStaff`).
 */
export function createTestContext(opts: { db: Db; env?: Env } & Partial<Omit<AppContext, "db" | "env">>) {
  const env = opts.env ?? createTestEnv();
  const context = new RouterContextProvider();
  context.set(appContext, {
    db: opts.db,
    env,
    publicUrl: opts.publicUrl ?? "http://localhost",
    googleEnabled: opts.googleEnabled ?? Boolean(env.GOOGLE_CLIENT_ID),
    user: opts.user ?? null,
    clientIp: opts.clientIp ?? "127.0.0.1",
    secondFactor: opts.secondFactor ?? { state: "verified", sid: "0".repeat(32), redirectTo: "/es/two-factor" },
  });
  return context;
}
