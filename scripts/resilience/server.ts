// The crash-safety check's processes: the build, free ports, the SMTP sink and the server it kills.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { buildDir, FROM_SOURCE, root, SECRET_KEY, sleep, START_TIMEOUT_MS } from "./config";

export function ensureBuild() {
  if (FROM_SOURCE || fs.existsSync(path.join(buildDir, "server/index.js"))) return;
  console.log(`No build in ${buildDir}: building it (npm run build)…`);
  const built = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: path.relative(root, buildDir) },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** A loopback SMTP server that accepts and drops every message: order emails go somewhere real. */
export async function startSmtpSink(port: number): Promise<SMTPServer> {
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => callback());
    },
  });
  // A killed server drops its SMTP connections mid-message: not this run's failure.
  sink.on("error", () => {});
  await new Promise<void>((r) => sink.listen(port, "127.0.0.1", r));
  return sink;
}

/** Open while the server answers; closed from just before a kill until /readyz passes again. */
export class Gate {
  private promise: Promise<void> = Promise.resolve();
  private release = () => {};
  close() {
    this.promise = new Promise((r) => (this.release = r));
  }
  open() {
    this.release();
  }
  wait() {
    return this.promise;
  }
}

/** Servers alive now: killed if this script stops early, so none is left behind. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export type Target = { kind: "pglite" | "postgres"; dataDir: string; databaseUrl: string; log: string };

/** The production build's server, started and killed again and again on one database. */
export class Server {
  child: ChildProcess | null = null;
  starts: number[] = [];
  constructor(
    private target: Target,
    private port: number,
    private smtpPort: number,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and waits for /readyz; returns /readyz's last answer (status 0: never answered). */
  async start(): Promise<{ status: number; body: { migrations?: number } }> {
    const out = fs.openSync(this.target.log, "a");
    const started = Date.now();
    const entry = FROM_SOURCE
      ? ["--import", "tsx", path.join(import.meta.dirname, "source-server.ts")]
      : [path.join(buildDir, "server/index.js")];
    const child = spawn(process.execPath, entry, {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(this.port),
        DATA_DIR: this.target.dataDir,
        DATABASE_URL: this.target.databaseUrl,
        PUBLIC_URL: `http://localhost:${this.port}`,
        SMTP_URL: `smtp://127.0.0.1:${this.smtpPort}`,
        SECRET_KEY,
      },
      stdio: ["ignore", out, out],
    });
    fs.closeSync(out);
    this.child = child;
    running.add(child);
    child.once("exit", () => running.delete(child));
    let last = { status: 0, body: {} };
    while (Date.now() - started < START_TIMEOUT_MS) {
      if (child.exitCode !== null) break;
      try {
        const res = await fetch(`${this.base}/readyz`, { signal: AbortSignal.timeout(5_000) });
        last = { status: res.status, body: (await res.json()) as { migrations?: number } };
        if (res.ok) {
          this.starts.push(Date.now() - started);
          return last;
        }
      } catch {
        /* not listening yet */
      }
      await sleep(100);
    }
    return last;
  }

  async kill(signal: NodeJS.Signals): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.kill(signal);
    return exited;
  }
}
