import type { Server } from "node:http";
import type { Hono } from "hono";
import { startDatabase } from "~/db/start.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { type HealthState, createHealthRoutes } from "./health";
import { createHonoServer } from "./hono-server";
import { applyHttpMiddleware, applyPageMiddleware, listStaticFiles, staticMethodsOnly } from "./app";
import { type SessionVariables, operatorUploads, shopperUploads } from "./session";
import type { PageCacheVariables } from "./page-cache/middleware";
import { PageCache } from "./page-cache/store";
import { startCdnPurger } from "./cdn-purge";
import { createMetricsRoutes } from "./metrics";
import { startTracing } from "./tracing";
import { routerContext } from "./load-context";
import { onDataChange } from "~/features/cache/changes.server";
import { startChangeFeed } from "~/features/cache/change-feed.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { scheduledJobs } from "~/features/jobs/jobs.server";
import { startJobRunner } from "~/features/jobs/runner.server";
import { startBackupControl } from "~/features/backup/control.server";
import { startBackupSchedule } from "~/features/backup/schedule.server";
import { mediaStore } from "~/features/media/store.server";

/**
 * Opens the database and serves the app on PORT until SIGTERM/SIGINT; `clientDirectory` is the browser
 * build. Called by the entry (server/index.ts) once a fresh embedded database has been prepared.
 */
export async function serve({ clientDirectory }: { clientDirectory: string }): Promise<Hono> {
  const env = getEnv();
  const staticFiles = listStaticFiles(clientDirectory);
  const tracing = await startTracing(env);
  const database = await startDatabase(env);
  const { db } = database;
  /** Anonymous pages rendered once, dropped on every data change (server/page-cache/). */
  const pageCache = new PageCache({
    maxEntries: env.PAGE_CACHE_MAX_ENTRIES,
    maxBytes: env.PAGE_CACHE_MAX_BYTES,
    maxAgeMs: env.PAGE_CACHE_MAX_AGE_MS,
    sharedMaxAgeSeconds: env.PAGE_CACHE_SHARED_MAX_AGE,
  });
  onDataChange((changed) => {
    if (changed === db) pageCache.invalidate();
  });
  // A CDN keeping anonymous pages (s-maxage) drops them on every change made here.
  const cdnPurger = env.CDN_PURGE_URL
    ? startCdnPurger(db, { url: env.CDN_PURGE_URL, token: env.CDN_PURGE_TOKEN })
    : null;
  // Several processes on one PostgreSQL tell each other about changes (NOTIFY/LISTEN).
  const changeFeed = database.kind === "postgres" && env.DATABASE_URL ? startChangeFeed(db, env.DATABASE_URL) : null;
  // Emails leave from the outbox after commit (each write kicks this process's sender).
  const mailer = outboxMailer({ db, env });
  // Scheduled work (the outbox sweep, pruning), each run in one process only (app/features/jobs).
  const jobs = await startJobRunner({ db, env, kind: database.kind, jobs: scheduledJobs() });
  // The embedded database is this process's alone: it backs itself up (every BACKUP_INTERVAL_HOURS)
  // and answers `npm run backup` on a socket in DATA_DIR (docs/decisions/011-backups.md).
  const backupDeps = { database, media: mediaStore(env), env };
  const backups =
    database.kind === "pglite"
      ? startBackupSchedule(backupDeps, { intervalHours: env.BACKUP_INTERVAL_HOURS, keep: env.BACKUP_KEEP })
      : null;
  const backupControl = database.kind === "pglite" ? await startBackupControl(backupDeps) : null;
  /** Set when a shutdown begins: /readyz answers 503 so a load balancer stops sending requests. */
  const health: HealthState = { shuttingDown: false };
  let httpServer: Server | undefined;

  const app = await createHonoServer({
    port: env.PORT,
    // scripts/compress-assets.mjs writes .br/.gz beside each built asset; they are served as such.
    clientDirectory,
    beforeAll(app) {
      applyHttpMiddleware(app, env, {
        tracing: tracing?.middleware,
        mayUpload: operatorUploads({ db, env }),
        mayUploadAsShopper: shopperUploads({ db, env }),
      });
      // Before the session middleware: load balancers send no cookies and need no session.
      app.route("/", createHealthRoutes(db, health));
      app.route("/", createMetricsRoutes({ database, pageCache }, env.METRICS_TOKEN));
      app.use(
        "*",
        staticMethodsOnly((p) => p.startsWith("/assets/") || staticFiles.has(p)),
      );
      // Built assets carry a content hash in their names: never revalidate them.
      app.use("/assets/*", async (c, next) => {
        await next();
        if (c.res.ok) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
      });
    },
    configure(app, build) {
      applyPageMiddleware(app, { db, env }, pageCache, build.routes);
    },
    getLoadContext(c) {
      return routerContext({ db, env }, c.var as Partial<SessionVariables & PageCacheVariables>);
    },
    onServe(server) {
      httpServer = server as unknown as Server;
      // Node closes idle keep-alive sockets after 5 s; a client reusing one at that moment gets
      // ECONNRESET. Outlive common client and load-balancer idle timeouts (60 s) instead.
      const http = server as unknown as { keepAliveTimeout: number; headersTimeout: number };
      http.keepAliveTimeout = 65_000;
      http.headersTimeout = 66_000;
    },
    listeningListener(info) {
      logger.info({ port: info.port }, `Tienda listening on http://localhost:${info.port}/es/`);
    },
  });

  /**
   * SIGTERM (a deployment, an orchestrator) or SIGINT: stop accepting connections, let the requests in
   * flight finish (at most SHUTDOWN_TIMEOUT_MS), then close the database and exit 0. An order being placed
   * is answered and committed; PGlite's files are closed cleanly.
   */
  function shutdown(signal: string) {
    if (health.shuttingDown) return;
    health.shuttingDown = true;
    logger.info({ signal }, `${signal} received: finishing the requests in flight, then closing the database`);
    const finish = (code: number) =>
      void jobs
        .stop()
        .then(() => mailer.stop()) // lets the email being handed over finish; the rest waits in the outbox
        .then(() => Promise.all([backups?.stop(), backupControl?.close()]))
        .then(() => changeFeed?.close())
        .then(() => cdnPurger?.stop())
        .then(() => tracing?.stop())
        .then(() => database.close())
        .catch((error: unknown) => logger.error({ err: error }, "Closing the database failed"))
        .finally(() => process.exit(code));
    if (!httpServer) return finish(0);
    const server = httpServer;
    const forced = setTimeout(() => {
      logger.error(`Requests still in flight after ${env.SHUTDOWN_TIMEOUT_MS} ms: closing anyway`);
      server.closeAllConnections();
      finish(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    // Keep-alive connections waiting for a next request would hold close() open: end them as they idle.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearTimeout(forced);
      clearInterval(idle);
      finish(0);
    });
    server.closeIdleConnections();
  }
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return app;
}
