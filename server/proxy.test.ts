import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { isSecureRequest, sessionCookies } from "~/features/accounts/session.server";
import { createTestEnv } from "../tests/setup/context";
import { createTestDatabase } from "../tests/setup/db";
import { applyHttpMiddleware, createServerApp } from "./app";
import { clientIp, forwardedEntry } from "./proxy";

/** Issue 9.7: behind a TLS-terminating proxy, only when TRUST_PROXY says there is one. */

function probeApp(trustProxy: string | undefined) {
  const env = createTestEnv(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy });
  const app = new Hono();
  applyHttpMiddleware(app, env);
  app.get("/probe", (c) =>
    c.json({
      ip: clientIp(c),
      url: c.req.url,
      cookies: sessionCookies({ access: "a" }, isSecureRequest(c.req.raw)),
    }),
  );
  app.post("/probe", async (c) => c.json({ url: c.req.url, body: await c.req.text() }));
  return app;
}

const FROM_PROXY = { "X-Forwarded-For": "203.0.113.9, 198.51.100.7", "X-Forwarded-Proto": "https" };

describe("TRUST_PROXY (issue 9.7)", () => {
  it("is off by default: forwarded headers are ignored, cookies are not Secure over http", async () => {
    for (const setting of [undefined, "false", "0"]) {
      const res = await probeApp(setting).request("http://shop.example/probe", { headers: FROM_PROXY });
      const json = await res.json();
      expect(json.ip, String(setting)).toBe("unknown");
      expect(json.url).toBe("http://shop.example/probe");
      expect(json.cookies[0]).not.toMatch(/Secure/);
    }
  });

  it("trusts the nearest proxy's address and scheme: Secure cookies, the real client address", async () => {
    const res = await probeApp("true").request("http://shop.example/probe", { headers: FROM_PROXY });
    const json = await res.json();
    // The nearest proxy appended 198.51.100.7; anything to its left may be forged by the client.
    expect(json.ip).toBe("198.51.100.7");
    expect(json.url).toBe("https://shop.example/probe");
    expect(json.cookies[0]).toMatch(/; Secure$/);
    const two = await (await probeApp("2").request("http://shop.example/probe", { headers: FROM_PROXY })).json();
    expect(two.ip).toBe("203.0.113.9");
  });

  it("keeps the body of a rewritten request and ignores a forwarded address that is not one", async () => {
    const app = probeApp("1");
    const posted = await app.request("http://shop.example/probe", {
      method: "POST",
      headers: FROM_PROXY,
      body: "email=ana%40example.cu",
    });
    expect(await posted.json()).toEqual({ url: "https://shop.example/probe", body: "email=ana%40example.cu" });
    const junk = await app.request("http://shop.example/probe", {
      headers: { "X-Forwarded-For": "<script>", "X-Forwarded-Proto": "gopher" },
    });
    expect(await junk.json()).toMatchObject({ ip: "unknown", url: "http://shop.example/probe" });
  });

  it("reads the entry the outermost trusted proxy wrote", () => {
    expect(forwardedEntry("a, b, c", 1)).toBe("c");
    expect(forwardedEntry("a, b, c", 2)).toBe("b");
    expect(forwardedEntry("a", 3)).toBe("a");
    expect(forwardedEntry("a, b", 0)).toBeNull();
    expect(forwardedEntry(" , ", 1)).toBeNull();
    expect(forwardedEntry(undefined, 1)).toBeNull();
  });

  describe("sign-in rate limits count the client the proxy saw", () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => {
      await database.close();
    });

    const attempts = async (trustProxy: string | undefined, addresses: string[]) => {
      const env = createTestEnv({ AUTH_RATE_LIMIT: "2", ...(trustProxy ? { TRUST_PROXY: trustProxy } : {}) });
      const app = createServerApp({ db: database.db, env });
      const statuses: number[] = [];
      for (const [i, address] of addresses.entries()) {
        const res = await app.request("http://shop.example/auth/jwt/create/", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
          // A different account each time: only the per-IP limit can trip.
          body: JSON.stringify({ email: `nadie${trustProxy}${i}@example.cu`, password: "x" }),
        });
        statuses.push(res.status);
      }
      return statuses;
    };

    /**
     * The limit counts in fixed one-minute windows: a burst that straddles two is counted as two
     * (it failed so on a loaded CI machine). Each test starts with at least 15 s of its window left.
     */
    async function earlyInWindow() {
      const into = Date.now() % 60_000;
      if (into > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - into + 50));
    }

    it("with TRUST_PROXY, three shoppers behind one proxy are three clients", { timeout: 90_000 }, async () => {
      await earlyInWindow();
      expect(await attempts("1", ["192.0.2.1", "192.0.2.2", "192.0.2.3"])).toEqual([401, 401, 401]);
      expect(await attempts("1", ["198.51.100.21", "198.51.100.21", "198.51.100.21"])).toEqual([401, 401, 429]);
    });

    it("without it, a forged X-Forwarded-For does not escape the limit", { timeout: 90_000 }, async () => {
      await earlyInWindow();
      expect(await attempts(undefined, ["203.0.113.1", "203.0.113.2", "203.0.113.3"])).toEqual([401, 401, 429]);
    });
  });
});
