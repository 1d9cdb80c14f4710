#!/usr/bin/env node
// A real S3-compatible server on loopback for tests and benches (the npm `s3rver`), run as its own
// process: `node --openssl-legacy-provider tests/support/s3-server.mjs [port] [directory]`.
// s3rver signs its list continuation tokens with DES, which OpenSSL 3 (Node 17+) only offers
// through the legacy provider: without it any listing of more than 1,000 keys answers 500.
// Prints {"port":N} once listening; stops on SIGTERM, SIGINT or when its parent goes away.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export const BUCKET = "tienda-media";

const port = Number(process.argv[2] ?? 0);
const directory = process.argv[3] ?? fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
const server = new S3rver({
  port,
  address: "127.0.0.1",
  silent: true,
  directory,
  configureBuckets: [{ name: BUCKET }],
});
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port, directory })}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close().finally(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop);
