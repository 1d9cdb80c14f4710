import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import { RouterContextProvider } from "react-router";
import { createHonoServer } from "react-router-hono-server/node";
import { appContext } from "~/context";
import { startDatabase } from "~/db/start.server";
import { getEnv } from "~/utils/env.server";
import { type HealthState, createHealthRoutes } from "./health";
import { applyHttpMiddleware, configureServer, listStaticFiles, staticMethodsOnly } from "./app";
import { type SessionVariables, sessionMiddleware } from "./session";

const env = getEnv();
// The browser build beside this server bundle (build/server/index.js -> build/client).
const staticFiles = listStaticFiles(fileURLToPath(new URL("../client", import.meta.url)));
const database = await startDatabase(env);
const { db } = database;
/** Set when a shutdown begins: /readyz answers 503 so a load balancer stops sending requests. */
const health: HealthState = { shuttingDown: false };
let httpServer: Server | undefined;

export default await createHonoServer({
  defaultLogger: false,
  port: env.PORT,
  // scripts/compress-assets.mjs writes .br/.gz beside each built asset at build time.
  serveStaticOptions: { clientAssets: { precompressed: true } },
  beforeAll(app) {
    applyHttpMiddleware(app, env);
    // Before the session middleware: load balancers send no cookies and need no session.
    app.route("/", createHealthRoutes(db, health));
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
  configure(app) {
    app.use("*", sessionMiddleware({ db, env }));
    configureServer(app, { db, env });
  },
  getLoadContext(c) {
    const vars = c.var as Partial<SessionVariables>;
    const context = new RouterContextProvider();
    context.set(appContext, {
      db,
      env,
      publicUrl: env.PUBLIC_URL,
      googleEnabled: Boolean(env.GOOGLE_CLIENT_ID),
      user: vars.user ?? null,
      clientIp: vars.clientIp ?? "unknown",
    });
    return context;
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
    console.log(`Tienda listening on http://localhost:${info.port}/es/`);
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
  console.log(`${signal} received: finishing the requests in flight, then closing the database`);
  const finish = (code: number) =>
    void database
      .close()
      .catch((error: unknown) => console.error("Closing the database failed:", error))
      .finally(() => process.exit(code));
  if (!httpServer) return finish(0);
  const server = httpServer;
  const forced = setTimeout(() => {
    console.error(`Requests still in flight after ${env.SHUTDOWN_TIMEOUT_MS} ms: closing anyway`);
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
