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
  /**
   * The signing secret, or several separated by commas to rotate: the first signs, all verify
   * (docs/configuration.md). Unset: one is generated once and kept in the database
   * (app/db/secret.server.ts), so every process on one database agrees.
   */
  SECRET_KEY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const keys = (value ?? "")
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean);
      if (keys.some((key) => key.length < 16)) {
        ctx.addIssue({ code: "custom", message: "each secret in SECRET_KEY must be at least 16 characters" });
        return z.NEVER;
      }
      return keys;
    }),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default("https://accounts.google.com"),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** On SIGTERM/SIGINT, how long requests in flight may take to finish (server/main.ts). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * How many reverse proxies in front of the app to trust for `X-Forwarded-For` and
   * `X-Forwarded-Proto`: unset, `false` or `0` trusts none; `true` means one.
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
  /** The least severe log lines written (utils/logger.server.ts): `info` by default. */
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  /** Back-in-stock alerts handed to the mail server a second at most (app/features/outbox). */
  OUTBOX_BULK_PER_SECOND: z.coerce.number().positive().default(50),
  CHAT_LLM_URL: z.string().optional(),
  CHAT_LLM_MODEL: z.string().optional(),
  CHAT_LLM_API_KEY: z.string().optional(),
  /**
   * The anonymous page cache (server/page-cache/): most pages kept (0 turns it off),
   * most bytes kept (raw and deflated copies together), and the oldest a page may be served, a
   * safety net for changes no write announces (the pages are dropped on every data change anyway).
   */
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(2_000),
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(128 * 1024 * 1024),
  /**
   * How long a CDN or caching proxy may keep an anonymous page (`s-maxage`, seconds; 0, the
   * default, lets it keep none), and where to ask it to drop them on every data change
   * (server/cdn-purge.ts).
   */
  /** Lets a scraper from elsewhere than loopback read `/metrics` with this bearer token (server/metrics.ts). */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** Where OpenTelemetry traces go (OTLP over HTTP); unset, none are made (server/tracing.ts). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  PAGE_CACHE_SHARED_MAX_AGE: z.coerce.number().int().min(0).max(86_400).default(0),
  CDN_PURGE_URL: z.string().url().optional(),
  CDN_PURGE_TOKEN: z.string().optional(),
  PAGE_CACHE_MAX_AGE_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 60_000),
  /**
   * Where images live (docs/decisions/010-media-in-object-storage.md): `s3://bucket[/prefix]` in
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
   * The embedded database's own backups (docs/decisions/011-backups.md): every so many hours (0:
   * never), keeping the newest BACKUP_KEEP, in DATA_DIR/backups or the media bucket.
   */
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(8760).default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

export type Env = Omit<z.infer<typeof EnvSchema>, "SECRET_KEY"> & {
  PUBLIC_URL: string;
  DATA_DIR: string;
  /** The secret that signs (the first of SECRET_KEYS); empty until the database has given one. */
  SECRET_KEY: string;
  /** Every secret that verifies, the signing one first. */
  SECRET_KEYS: string[];
};

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
    SECRET_KEY: e.SECRET_KEY[0] ?? "",
    SECRET_KEYS: e.SECRET_KEY,
  };
  if (source === process.env) cached = env;
  return env;
}
