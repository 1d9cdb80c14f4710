import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "./support";

// Issue 13, points 4 and 5: the production build's health checks, and SIGTERM draining the
// requests in flight and closing the database before the process exits. A server of its own (its
// own port and embedded database), since this test stops it.

const ROOT = path.resolve(import.meta.dirname, "../..");

type Running = { child: ChildProcess; base: string; output: () => string; exit: Promise<number | null> };

async function startServer(port: number, dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/index.js`], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      DATABASE_URL: "",
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    // A first start seeds the demo store and draws its images: minutes on a busy two-core machine.
    if (Date.now() - started > 280_000) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, output: () => output, exit };
}

test.describe("operations (issue 13)", () => {
  test.describe.configure({ mode: "serial" });
  let dataDir: string;
  let server: Running | undefined;

  test.beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-ops-"));
  });
  test.afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  test("GET /healthz and /readyz: up, database answering, every migration applied; no session cookie", async () => {
    test.setTimeout(300_000);
    server = await startServer(await freePort(), dataDir);
    const health = await fetch(`${server.base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(health.headers.get("set-cookie")).toBeNull();
    const ready = await fetch(`${server.base}/readyz`);
    expect(ready.status).toBe(200);
    const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "app/db/migrations/meta/_journal.json"), "utf8"));
    expect(await ready.json()).toEqual({ status: "ready", migrations: journal.entries.length });
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });

  test("issue 13 point 2: the fresh database was prepared by a child process that has exited", async () => {
    const running = server!;
    const lines = running
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { pid: number; msg: string });
    const serverPid = running.child.pid;
    const prepared = lines.find((l) => l.msg.includes("demo store seeded"));
    expect(prepared, "the seed's line").toBeDefined();
    expect(prepared!.pid).not.toBe(serverPid); // seeded (images included) by another process...
    expect(lines).toContainEqual(
      expect.objectContaining({ pid: serverPid, msg: expect.stringContaining("child process") }),
    );
    expect(fs.existsSync(`/proc/${prepared!.pid}`)).toBe(false); // ...which is gone
    // The server itself opened an existing database.
    expect(lines).toContainEqual(
      expect.objectContaining({ pid: serverPid, msg: expect.stringMatching(/^Database ready \(pglite\) in \d+ ms$/) }),
    );
  });

  test("issue 13 point 5: the output is JSON lines; a request's lines carry the X-Request-Id it answers with", async () => {
    const running = server!;
    const page = await fetch(`${running.base}/es/?q=private`);
    await page.text();
    const id = page.headers.get("x-request-id") ?? "";
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // No TRUST_PROXY here: an id chosen by the client is not taken.
    const chosen = await fetch(`${running.base}/healthz`, { headers: { "X-Request-Id": "chosen-by-client" } });
    expect(chosen.headers.get("x-request-id")).not.toBe("chosen-by-client");
    const lines = () =>
      running
        .output()
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    await expect.poll(() => lines().some((l) => l.request_id === id)).toBe(true);
    expect(lines().filter((l) => l.request_id === id)).toEqual([
      expect.objectContaining({ level: "info", msg: "request", method: "GET", path: "/es/", status: 200 }),
    ]);
    expect(lines()).toContainEqual(
      expect.objectContaining({ level: "info", msg: expect.stringContaining("listening") }),
    );
  });

  test("SIGTERM: a request in flight is answered, new connections are refused, the database closes cleanly", async () => {
    test.setTimeout(180_000);
    const running = server!;
    const url = new URL(`${running.base}/auth/jwt/create/`);
    const body = JSON.stringify({ email: "nadie@example.cu", password: "not-the-password" });
    // A sign-in whose body arrives in two halves, with SIGTERM between them.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        url,
        { method: "POST", headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        running.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 700);
      }, 300);
    });
    await new Promise((r) => setTimeout(r, 600)); // SIGTERM sent, the request still open
    const refused = await fetch(`${running.base}/healthz`).then(
      () => false,
      () => true,
    );
    expect(refused, "a new connection during the drain").toBe(true);

    const { status, body: text } = await answer;
    expect(status).toBe(401); // the request in flight got its real answer
    expect(JSON.parse(text)).toHaveProperty("detail");
    expect(await running.exit).toBe(0);
    expect(running.output()).toContain("SIGTERM received");

    // The embedded database was closed cleanly: it opens again and serves.
    server = await startServer(await freePort(), dataDir);
    expect((await fetch(`${server.base}/readyz`)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await server.exit).toBe(0);
  });
});

test("issue 13 point 4: a server killed while a child prepares its new database takes the child with it", async () => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-ops-kill-"));
  const port = await freePort();
  const parent = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/index.js`], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "" },
    stdio: "ignore",
  });
  try {
    const children = () => {
      try {
        return fs
          .readFileSync(`/proc/${parent.pid}/task/${parent.pid}/children`, "utf8")
          .trim()
          .split(/\s+/)
          .filter(Boolean);
      } catch {
        return [];
      }
    };
    await expect.poll(children, { timeout: 30_000 }).toHaveLength(1);
    const [child] = children();
    expect(fs.readFileSync(`/proc/${child}/environ`, "utf8")).toContain("TIENDA_PREPARE_DATABASE_ONLY=1");
    // The parent loads the app only once its child is done (server/index.ts), so a first start goes on
    // as a later one (issue 13: cold no slower than 1.2x warm). Waiting, it holds little more than Node
    // itself: about 60 MB, against about 140 MB with the app loaded.
    const parentRssMb =
      Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${parent.pid}/status`, "utf8"))?.[1]) / 1024;
    expect(parentRssMb).toBeLessThan(100);
    // Killed while the child draws the demo images, the longest part.
    // The demo images and their variants (media/products, media/.variants), counted all together.
    const files = () => {
      try {
        return fs.readdirSync(path.join(dataDir, "media"), { recursive: true }).length;
      } catch {
        return 0;
      }
    };
    // The migrations come first (under a minute, longer on a loaded machine), then the images.
    await expect.poll(files, { timeout: 150_000 }).toBeGreaterThan(10);
    parent.kill("SIGKILL");
    // Gone, or a zombie waiting to be reaped: either way it runs no more.
    const running = () => {
      try {
        return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${child}/status`, "utf8"));
      } catch {
        return false;
      }
    };
    await expect.poll(running, { timeout: 10_000 }).toBe(false);
    // And nothing writes into the data directory any more.
    const before = files();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(files()).toBe(before);
  } finally {
    if (parent.exitCode === null) parent.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
});
