/**
 * Who the client is and whether it came over https, behind a TLS-terminating reverse proxy or not
 *. Without `TRUST_PROXY` the socket is the truth and `X-Forwarded-*` headers are ignored
 * (anyone can send them). With `TRUST_PROXY=n` (or `true` for one proxy), the address and scheme
 * that the nearest n proxies recorded are taken, so rate limits count the real client and cookies
 * are `Secure`: the request is rewritten to its https URL here, before anything reads it.
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";

export type ProxyVariables = { clientIp: string };

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The entry that the outermost of `hops` trusted proxies wrote into a comma-separated forwarding
 * header: each proxy appends what it saw, so everything to its left may be forged by the client.
 */
export function forwardedEntry(header: string | null | undefined, hops: number): string | null {
  if (!header || hops <= 0) return null;
  const entries = header
    .slice(0, 2048)
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - hops)] ?? null;
}

/** The client's address: the socket's, or with trusted proxies the one they forwarded. */
export function clientIp(c: Context): string {
  return (c.get("clientIp" as never) as string | undefined) ?? socketAddress(c);
}

export function trustProxy(hops: number): MiddlewareHandler<{ Variables: ProxyVariables }> {
  return async (c, next) => {
    const forwardedIp = forwardedEntry(c.req.header("x-forwarded-for"), hops);
    c.set("clientIp", forwardedIp && /^[0-9a-fA-F.:]{2,45}$/.test(forwardedIp) ? forwardedIp : socketAddress(c));
    const proto = forwardedEntry(c.req.header("x-forwarded-proto"), hops)?.toLowerCase();
    const raw = c.req.raw;
    if (proto === "https" && raw.url.startsWith("http:")) {
      const url = `https:${raw.url.slice("http:".length)}`;
      c.req.raw = new Request(url, {
        method: raw.method,
        headers: raw.headers,
        body: raw.body,
        signal: raw.signal,
        duplex: "half",
      } as RequestInit);
    }
    return next();
  };
}
