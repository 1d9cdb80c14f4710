/**
 * The crash-safety run's server from the sources (`RESILIENCE_SERVER=source`, run with
 * `node --import tsx`): the same start-up as the production app (server/main.ts: open the
 * database, migrate, seed when empty), /healthz and /readyz, and the REST API, without pages.
 * For checking the API's crash safety when no production build is at hand; the default run uses
 * the build.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { startDatabase } from "~/db/start.server";
import { getEnv } from "~/utils/env.server";
import { createServerApp } from "../../server/app";
import { createHealthRoutes } from "../../server/health";

const env = getEnv();
const database = await startDatabase(env);
const app = new Hono();
const health = { shuttingDown: false };
app.route("/", createHealthRoutes(database.db, health));
app.route("/", createServerApp({ db: database.db, env }));
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: "127.0.0.1" });

process.once("SIGTERM", () => {
  health.shuttingDown = true;
  server.close(() => void database.close().finally(() => process.exit(0)));
});
