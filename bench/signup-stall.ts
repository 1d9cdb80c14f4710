// Sign-up while the mail server is stalled (target: p95 ≤ 300 ms):
// `node --import tsx bench/signup-stall.ts` (build first; BENCH_PORT, default 3301; BENCH_SIGNUPS,
// default 60). A loopback SMTP server accepts connections and never greets; the production build on
// a fresh embedded database sends its email there. BENCH_SIGNUPS sign-ups through
// `POST /auth/users/`, 4 at a time, then the same with a mail server that answers at once, for
// comparison: p50, p95 and the slowest. The activation emails wait in the outbox meanwhile.
// Figures are printed, never asserted.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const PORT = Number(process.env.BENCH_PORT ?? 3301);
const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 60);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (n: number) => Math.round(n * 10) / 10;

async function smtpServer(stalled: boolean): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 500,
    onConnect: (_session, callback) => (stalled ? undefined : callback()),
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function startServer(smtpUrl: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(buildDir, "server/index.js")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: smtpUrl,
      NODE_ENV: "production",
      LOG_LEVEL: "fatal",
      AUTH_RATE_LIMIT: "100000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error("the server exited");
    if (
      (await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return child;
    if (Date.now() - started > 300_000) throw new Error("the server did not start in 300 s");
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function signUps(label: string): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < SIGNUPS) {
        const n = next++;
        const body = JSON.stringify({
          username: `${label}${n}`,
          first_name: "María",
          last_name: "Fernández",
          email: `${label}${n}@correo.cu`,
          password: "Malecon#Habana-1959",
          re_password: "Malecon#Habana-1959",
        });
        const started = performance.now();
        const res = await fetch(`http://127.0.0.1:${PORT}/auth/users/`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        await res.arrayBuffer();
        times.push(performance.now() - started);
        if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
      }
    }),
  );
  return times;
}

if (!fs.existsSync(path.join(buildDir, "server/index.js")))
  throw new Error(`No build in ${buildDir}: run npm run build first`);
const rows: Array<Record<string, string | number>> = [];
for (const stalled of [true, false]) {
  const smtp = await smtpServer(stalled);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-bench-signup-"));
  const child = await startServer(smtp.url, dataDir);
  try {
    await signUps(`warm${stalled ? "s" : "o"}`); // the first requests of a process are slower
    const times = await signUps(stalled ? "stalled" : "open");
    rows.push({
      "mail server": stalled ? "never greets" : "answers at once",
      "sign-ups": times.length,
      "p50 ms": round(percentile(times, 50)),
      "p95 ms": round(percentile(times, 95)),
      "max ms": round(Math.max(...times)),
    });
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`\nPOST /auth/users/, 4 at a time (target: p95 ≤ 300 ms while the mail server is stalled)`);
console.table(rows);
