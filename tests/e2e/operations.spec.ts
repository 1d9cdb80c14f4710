import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// Issue 13, points 4 and 5: the production build's health checks, and SIGTERM draining the
// requests in flight and closing the database before the process exits. A server of its own (its
// own port and embedded database), since this test stops it.

const ROOT = path.resolve(import.meta.dirname, "../..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

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
    if (Date.now() - started > 150_000) throw new Error(`server did not start:\n${output}`);
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
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("GET /healthz and /readyz: up, database answering, every migration applied; no session cookie", async () => {
    test.setTimeout(180_000);
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
