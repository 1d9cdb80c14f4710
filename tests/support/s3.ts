import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "~/features/media/s3-store.server";
import { createLocalStore, type MediaEnv, type MediaStore, mediaStore } from "~/features/media/store.server";

/**
 * A real S3-compatible server on loopback (the npm `s3rver` in its own process, tests/support/
 * s3-server.mjs, objects in a temporary directory), for tests of the S3 media store: nothing
 * leaves the machine.
 */
export type S3StandIn = {
  endpoint: string;
  /** The variables a process needs to use bucket `bucket` under `prefix` (MEDIA_URL and AWS_*). */
  env: (bucket?: string, prefix?: string) => Record<string, string>;
  /** Creates another empty bucket. */
  createBucket: (name: string) => Promise<void>;
  close: () => Promise<void>;
};

export const S3_BUCKET = "tienda-media";

// The SDK warns once per process that its releases after January 2027 need Node 22: known (the
// version is pinned), and noise in every test's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

export async function startS3StandIn(opts: { port?: number } = {}): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const child = spawn(
    process.execPath,
    [
      "--openssl-legacy-provider",
      path.resolve(import.meta.dirname, "s3-server.mjs"),
      String(opts.port ?? 0),
      directory,
    ],
    { stdio: ["ignore", "pipe", "inherit", "ipc"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve((JSON.parse(out.split("\n")[0]) as { port: number }).port);
    });
    child.once("exit", (code) => reject(new Error(`the S3 stand-in exited with ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts any key pair that signs consistently.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const admin = new S3Client({ endpoint, forcePathStyle: true, region: "us-east-1", credentials });
  return {
    endpoint,
    env: (bucket = S3_BUCKET, prefix = "") => ({
      MEDIA_URL: `s3://${bucket}${prefix ? `/${prefix}` : ""}`,
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_REGION: "us-east-1",
    }),
    createBucket: async (name) => {
      await admin.send(new CreateBucketCommand({ Bucket: name }));
    },
    close: async () => {
      admin.destroy();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The stand-in's settings for `createS3Store` (a second client, as another process would have). */
export function s3Settings(s3: S3StandIn): S3Settings {
  const env = s3.env();
  return {
    endpoint: env.AWS_ENDPOINT_URL_S3,
    region: env.AWS_REGION,
    accessKeyId: env.AWS_ACCESS_KEY_ID,
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
  };
}

export type MediaStoreKind = "local" | "s3";
export const MEDIA_STORE_KINDS: MediaStoreKind[] = ["local", "s3"];

let buckets = 0;

/**
 * An empty media store of `kind` for one test file: a temporary `DATA_DIR/media`, or a new bucket
 * on `s3` (under a prefix, as a deployment may use one). `dataDir` is the DATA_DIR either way.
 */
export async function createTestMediaStore(
  kind: MediaStoreKind,
  s3?: S3StandIn,
): Promise<{ store: MediaStore; dataDir: string; env: MediaEnv }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `media-${kind}-`));
  if (kind === "local")
    return { store: createLocalStore(path.join(dataDir, "media")), dataDir, env: { DATA_DIR: dataDir } };
  if (!s3) throw new Error("an S3 stand-in is needed for the s3 store");
  const bucket = `test-${process.pid}-${++buckets}`;
  await s3.createBucket(bucket);
  const env = { DATA_DIR: dataDir, ...s3.env(bucket, "shop/media") };
  return { store: mediaStore(env), dataDir, env };
}
