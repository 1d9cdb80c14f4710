// One app process of the checkout bench (bench/checkout.ts): the REST API and media of
// `createServerApp`, from the sources (run with `node --import tsx`), on PORT over DATABASE_URL or
// the PGlite of DATA_DIR. No pages and no demo seed: the bench writes its own data first.
import { serve } from "@hono/node-server";
import { openDatabase } from "~/db/client.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { getEnv } from "~/utils/env.server";
import { createServerApp } from "../server/app";

const env = getEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
const app = createServerApp({ db: database.db, env });
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: "127.0.0.1" });
// The order emails, as the app server sends them: from the outbox, after commit.
const mailer = outboxMailer({ db: database.db, env });

process.once("SIGTERM", () => {
  server.close();
  void mailer
    .stop()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
