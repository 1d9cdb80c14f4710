/**
 * The media store in any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Ceph,
 * Backblaze B2...), docs/decisions/010-media-in-object-storage.md. Every host of the store reads
 * and writes the same objects, so an image uploaded through one host is served by all of them.
 */
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { MediaStore, StoredObject } from "./store.server";

export type S3Settings = {
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** DeleteObjects takes at most this many keys per call (an S3 limit). */
const DELETE_BATCH = 1000;

/**
 * `mediaUrl` is `s3://bucket[/prefix]`. Unset settings fall to the AWS SDK's own chain (its
 * environment variables, `~/.aws`, an instance role); an endpoint means another S3-compatible
 * server: path-style addressing (`endpoint/bucket/key`), and `us-east-1` when no region is set,
 * which such servers accept.
 */
export function createS3Store(mediaUrl: string, settings: S3Settings): MediaStore {
  const url = new URL(mediaUrl);
  const bucket = url.hostname;
  const prefix = url.pathname.replace(/^\/+|\/+$/g, "");
  const full = (key: string) => (prefix ? `${prefix}/${key}` : key);
  const client = new S3Client({
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    region: settings.region || (settings.endpoint ? "us-east-1" : undefined),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible servers do not understand the
    // SDK's newer default (CRC32 trailers in aws-chunked bodies).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // An image request waits on the store: a store that hangs must not hang the shopper.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    maxAttempts: 3,
  });

  async function get(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: full(key) }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    kind: "s3",
    description: `s3://${bucket}${prefix ? `/${prefix}` : ""}`,
    async read(key) {
      const object = await get(key);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: full(key) }));
        return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async write(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: full(key), Body: body, ContentType: contentType }));
    },
    async writeFile(key, file, contentType) {
      // In parts when large (a backup may pass S3's 5 GB limit for one request).
      const { size } = await fs.stat(file);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: full(key), Body: createReadStream(file), ContentType: contentType },
        queueSize: 2,
        partSize: Math.max(8 * 1024 * 1024, Math.ceil(size / 9000)),
      });
      await upload.done();
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH);
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((key) => ({ Key: full(key) })), Quiet: true },
          }),
        );
        const failed = (result.Errors ?? []).filter((e) => e.Code !== "NoSuchKey");
        if (failed.length)
          throw new Error(`Could not delete ${failed.length} objects: ${failed[0].Code} ${failed[0].Message}`);
      }
    },
    list(listPrefix = "") {
      return (async function* (): AsyncIterable<StoredObject> {
        let token: string | undefined;
        const strip = prefix ? prefix.length + 1 : 0;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: bucket, Prefix: full(listPrefix), ContinuationToken: token }),
          );
          for (const object of page.Contents ?? []) {
            if (!object.Key) continue;
            yield {
              key: object.Key.slice(strip),
              size: object.Size ?? 0,
              modified: object.LastModified ?? new Date(0),
            };
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      })();
    },
  };
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}
