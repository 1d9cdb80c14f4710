/**
 * The per-request Content-Security-Policy nonce (`script-src 'self' 'nonce-…'`,
 * no 'unsafe-inline'). Hono's secure-headers middleware calls `cspNonce` for the policy; it stores
 * the nonce as `secureHeadersNonce`, where the page render (server/main.ts, into the app context)
 * and the page cache read it. 128 random bits, taken from a pool of random bytes refilled in bulk:
 * a nonce is made for every request, and one system call per request showed in profiles.
 */
import { randomBytes } from "node:crypto";
import type { Context } from "hono";

const NONCE_BYTES = 16;
const POOL_NONCES = 256;
let pool = randomBytes(NONCE_BYTES * POOL_NONCES);
let offset = 0;

/** A fresh nonce (base64, 24 characters); each pool byte is used once. */
export function newNonce(): string {
  if (offset + NONCE_BYTES > pool.length) {
    pool = randomBytes(NONCE_BYTES * POOL_NONCES);
    offset = 0;
  }
  const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}

/** For `secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", cspNonce] } })`. */
export function cspNonce(c: Context): string {
  let nonce = c.get("secureHeadersNonce") as string | undefined;
  if (!nonce) {
    nonce = newNonce();
    c.set("secureHeadersNonce", nonce);
  }
  return `'nonce-${nonce}'`;
}
