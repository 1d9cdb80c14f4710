import { fileURLToPath } from "node:url";
import { RouterContextProvider } from "react-router";
import { createHonoServer } from "react-router-hono-server/node";
import { appContext } from "~/context";
import { startDatabase } from "~/db/start.server";
import { getEnv } from "~/utils/env.server";
import { applyHttpMiddleware, configureServer, listStaticFiles, staticMethodsOnly } from "./app";
import { type SessionVariables, sessionMiddleware } from "./session";

const env = getEnv();
// The browser build beside this server bundle (build/server/index.js -> build/client).
const staticFiles = listStaticFiles(fileURLToPath(new URL("../client", import.meta.url)));
const { db } = await startDatabase(env);

export default await createHonoServer({
  defaultLogger: false,
  port: env.PORT,
  // scripts/compress-assets.mjs writes .br/.gz beside each built asset at build time.
  serveStaticOptions: { clientAssets: { precompressed: true } },
  beforeAll(app) {
    applyHttpMiddleware(app, env);
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
