/**
 * The server's entry (`build/server/index.js`). A fresh embedded database is prepared first, by a
 * child process running this same file (db/prepare.server.ts); only then is the app loaded, so a
 * first start goes on exactly as every later one does.
 */
import { fileURLToPath } from "node:url";
import { prepareFreshDatabase } from "~/db/prepare.server";
import { getEnv } from "~/utils/env.server";

await prepareFreshDatabase(getEnv(), fileURLToPath(import.meta.url));
const { serve } = await import("./main");
// The browser build beside this server bundle (build/server/index.js -> build/client).
export default await serve({ clientDirectory: fileURLToPath(new URL("../client", import.meta.url)) });
