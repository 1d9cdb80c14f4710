import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/utils/env.server";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { type Database, openDatabase } from "./client.server";
import { resolveSecret, sharedSecret } from "./secret.server";

// Issue 24 point 4: without SECRET_KEY, every process on one database signs with the same secret
// (kept in the database, created once), so a shopper sent to another process stays signed in.

describe("SECRET_KEY in the environment", () => {
  it("is a comma-separated list: the first signs, all verify; each must be 16 characters or more", () => {
    const env = getEnv({ DATA_DIR: "/tmp/x", SECRET_KEY: " new-secret-0123456789 , old-secret-0123456789 " });
    expect(env.SECRET_KEY).toBe("new-secret-0123456789");
    expect(env.SECRET_KEYS).toEqual(["new-secret-0123456789", "old-secret-0123456789"]);
    expect(() => getEnv({ DATA_DIR: "/tmp/x", SECRET_KEY: "new-secret-0123456789,short" })).toThrow(
      /SECRET_KEY: each secret in SECRET_KEY must be at least 16 characters/,
    );
    expect(getEnv({ DATA_DIR: "/tmp/x" })).toMatchObject({ SECRET_KEY: "", SECRET_KEYS: [] });
  });
});

describe.each(databaseKinds())("the generated secret on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it("is created once and shared: processes starting together agree on it", async () => {
    // A second connection pool on the same PostgreSQL stands for a second process.
    const url = kind === "postgres" ? await databaseUrlOf(database) : null;
    const other = url ? await openDatabase({ databaseUrl: url, dataDir: null }) : database;
    try {
      const envs = Array.from({ length: 4 }, () => ({ ...createTestEnv(), SECRET_KEY: "", SECRET_KEYS: [] }));
      await Promise.all(envs.map((env, n) => resolveSecret(n % 2 ? other.db : database.db, env)));
      const secrets = new Set(envs.map((env) => env.SECRET_KEY));
      expect(secrets.size).toBe(1);
      const [secret] = secrets;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(envs.every((env) => env.SECRET_KEYS.length === 1 && env.SECRET_KEYS[0] === secret)).toBe(true);
      // A later start reads the same one; a configured SECRET_KEY is left alone.
      expect(await sharedSecret(other.db, createTestEnv().DATA_DIR)).toBe(secret);
      const configured = createTestEnv({ SECRET_KEY: "configured-secret-0123456789" });
      await resolveSecret(database.db, configured);
      expect(configured.SECRET_KEYS).toEqual(["configured-secret-0123456789"]);
    } finally {
      if (other !== database) await other.close();
    }
  });
});

describe("a secret an earlier version kept in DATA_DIR", () => {
  it("becomes the database's secret, so its sessions and links stay valid", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const env = { ...createTestEnv(), SECRET_KEY: "", SECRET_KEYS: [] };
      fs.writeFileSync(path.join(env.DATA_DIR, "secret_key"), "legacy-secret-0123456789abcdef\n");
      await resolveSecret(database.db, env);
      expect(env.SECRET_KEYS).toEqual(["legacy-secret-0123456789abcdef"]);
    } finally {
      await database.close();
    }
  });
});

/** The URL of the PostgreSQL database `database` is connected to. */
async function databaseUrlOf(database: Database): Promise<string> {
  const result = (await database.db.execute("select current_database() as name")) as unknown as {
    rows: Array<{ name: string }>;
  };
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${result.rows[0].name}`;
  return url.toString();
}
