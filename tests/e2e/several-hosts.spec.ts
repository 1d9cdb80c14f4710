import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";

// Issue 24 points 3, 4 and 8 with the production build: two app processes, each with its own
// DATA_DIR (two hosts without a shared disk), started together on one empty PostgreSQL and no
// SECRET_KEY. Both become ready, the demo store is seeded once, a shopper signed in through one is
// signed in on the other, and the home page has one ETag on both (revalidating across hosts is a
// 304). Needs TEST_DATABASE_URL (a PostgreSQL whose user may create databases).

const ROOT = path.resolve(import.meta.dirname, "../..");
const baseUrl = process.env.TEST_DATABASE_URL;
const PORTS = [Number(process.env.E2E_HOSTS_PORT ?? 3261), Number(process.env.E2E_HOSTS_PORT ?? 3261) + 1];

test.describe("two hosts on one PostgreSQL (issue 24)", () => {
  test.skip(!baseUrl, "TEST_DATABASE_URL is not set");
  test.describe.configure({ mode: "serial" });
  const name = `e2e_hosts_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];
  const bases = PORTS.map((port) => `http://127.0.0.1:${port}`);

  async function admin(query: string) {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      return await client.query(query);
    } finally {
      await client.end();
    }
  }

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(baseUrl as string);
    url.pathname = `/${name}`;
    for (const port of PORTS) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-host-"));
      dataDirs.push(dataDir);
      const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/index.js`], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          DATABASE_URL: url.toString(),
          SECRET_KEY: "",
          NODE_ENV: "production",
          PUBLIC_URL: `http://localhost:${PORTS[0]}`,
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      children.push(child);
    }
    for (const base of bases) {
      await expect
        .poll(
          () =>
            fetch(`${base}/readyz`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 240_000, intervals: [1_000] },
        )
        .toBe(200);
    }
  });

  test.afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  test("both ready; the demo store seeded once; the migrations applied once", async () => {
    const url = new URL(baseUrl as string);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const slugs = await client.query(
        "select slug, count(*)::int as n from categories group by slug having count(*) > 1",
      );
      expect(slugs.rows).toEqual([]);
      const customers = await client.query("select count(*)::int as n from users where email = 'cliente@tienda.cu'");
      expect(customers.rows[0].n).toBe(1);
      const secrets = await client.query("select count(*)::int as n from server_settings where key = 'secret_key'");
      expect(secrets.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });

  test("a shopper signed in through one host is signed in on the other (one secret, from the database)", async () => {
    const signIn = await fetch(`${bases[0]}/auth/jwt/create/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "cliente@tienda.cu", password: "Habana2026!" }),
    });
    expect(signIn.status).toBe(200);
    const { access } = (await signIn.json()) as { access: string };
    const me = await fetch(`${bases[1]}/auth/users/me/`, { headers: { Authorization: `JWT ${access}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe("cliente@tienda.cu");
  });

  test("the home page has one ETag on both hosts; a gzip-only client gets gzip; /metrics on loopback only", async () => {
    const headers = { "Accept-Encoding": "gzip", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120" };
    const [a, b] = await Promise.all(bases.map((base) => fetch(`${base}/es/`, { headers })));
    expect(a.status).toBe(200);
    expect(a.headers.get("etag")).toBeTruthy();
    expect(b.headers.get("etag")).toBe(a.headers.get("etag"));
    expect(b.headers.get("content-encoding")).toBe("gzip");
    const again = await fetch(`${bases[1]}/es/`, { headers: { ...headers, "If-None-Match": a.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect((await fetch(`${bases[0]}/metrics`)).status).toBe(200);
    expect((await fetch(`${bases[0]}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } })).status).toBe(404);
  });
});
