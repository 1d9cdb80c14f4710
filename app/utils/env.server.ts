import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** LOG_LEVEL's values, most to least verbose; `silent` writes nothing. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

/** The run contract's environment (ARCHITECTURE.md), parsed once at start-up. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SECRET_KEY: z.string().min(16).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** On SIGTERM/SIGINT, how long requests in flight may take to finish (server/main.ts). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * How many reverse proxies in front of the app to trust for `X-Forwarded-For` and
   * `X-Forwarded-Proto` (issue 9): unset, `false` or `0` trusts none; `true` means one.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const v = (value ?? "").trim().toLowerCase();
      if (v === "" || v === "false" || v === "0") return 0;
      if (v === "true") return 1;
      if (/^\d{1,2}$/.test(v)) return Number(v);
      ctx.addIssue({ code: "custom", message: "TRUST_PROXY must be true, false or a number of proxies" });
      return z.NEVER;
    }),
  MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  /** The least severe log lines written (utils/logger.server.ts, issue 13): `info` by default. */
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  CHAT_LLM_URL: z.string().optional(),
  CHAT_LLM_MODEL: z.string().optional(),
  CHAT_LLM_API_KEY: z.string().optional(),
  /**
   * The anonymous page cache (issue 13, server/page-cache.ts): most pages kept (0 turns it off),
   * most bytes kept (raw and deflated copies together), and the oldest a page may be served, a
   * safety net for changes no write announces (the pages are dropped on every data change anyway).
   */
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(2_000),
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(128 * 1024 * 1024),
  PAGE_CACHE_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60_000),
  /**
   * Where images live (docs/decisions/009-media-in-object-storage.md): `s3://bucket[/prefix]` in
   * any S3-compatible store, configured by the AWS SDK's own variables below; unset, DATA_DIR/media.
   */
  MEDIA_URL: z
    .string()
    .regex(
      /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/,
      "MEDIA_URL must look like s3://bucket or s3://bucket/prefix",
    )
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** A CDN in front of the app's `/media/...` (it pulls from the app): image URLs in pages point there. */
  MEDIA_PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, "MEDIA_PUBLIC_URL must be an http(s) URL")
    .transform((url) => url.replace(/\/+$/, ""))
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AWS_ENDPOINT_URL_S3: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AWS_ENDPOINT_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AWS_REGION: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  /**
   * The embedded database's own backups (docs/decisions/010-backups.md): every so many hours (0:
   * never), keeping the newest BACKUP_KEEP, in DATA_DIR/backups or the media bucket.
   */
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(8760).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

export type Env = z.infer<typeof EnvSchema> & { PUBLIC_URL: string; SECRET_KEY: string; DATA_DIR: string };

let cached: Env | undefined;

/** Parses `process.env` once; a bad value stops the start with a message naming the variable. */
export function getEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached && source === process.env) return cached;
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const env: Env = {
    ...e,
    DATA_DIR: dataDir,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    SECRET_KEY: e.SECRET_KEY ?? readOrCreateSecret(dataDir),
  };
  if (source === process.env) cached = env;
  return env;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret_key");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
