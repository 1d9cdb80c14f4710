import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { loggedPath, logger } from "~/utils/logger.server";
import { captureLogs } from "../tests/support/capture-logs";
import { createTestEnv } from "../tests/setup/context";
import { createServerApp } from "./app";
import { isSafeRequestId } from "./request-id";

// Issue 13, point 5: a request id on every log line and in error responses; an error in a request
// handler logged once with its stack while the client gets a JSON or HTML error without it.
// Through the real server app (server/app.ts: the same middleware and API as production).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A database whose every use throws, as when PostgreSQL is gone: the API's handlers fail. */
const failingDb = new Proxy({} as Db, {
  get() {
    throw new Error("database exploded at /secret/path.ts:12");
  },
});

function app(trustProxy = "") {
  const server = createServerApp({ db: failingDb, env: createTestEnv({ TRUST_PROXY: trustProxy }) });
  // A handler that logs before and after waiting, as loaders, mail and chat do.
  server.get("/probe/log", async (c) => {
    logger.info("probe before");
    await new Promise((resolve) => setTimeout(resolve, 5));
    logger.warn("probe after");
    return c.text("ok");
  });
  server.get("/probe/throw", () => {
    throw new Error("page handler exploded at /secret/path.ts:34");
  });
  return server;
}

let capture: ReturnType<typeof captureLogs>;
beforeEach(() => {
  capture = captureLogs();
});
afterEach(() => capture.restore());

describe("request ids (issue 13 point 5)", () => {
  it("gives every request a generated id, in X-Request-Id and on every line it logs, with one access line", async () => {
    const server = app();
    const [first, second] = await Promise.all([server.request("/probe/log"), server.request("/probe/log")]);
    const ids = [first.headers.get("X-Request-Id"), second.headers.get("X-Request-Id")];
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) {
      const mine = capture.lines.filter((l) => l.request_id === id);
      expect(mine.map((l) => l.msg)).toEqual(["probe before", "probe after", "request"]);
      expect(mine[2]).toMatchObject({ level: "info", method: "GET", path: "/probe/log", status: 200 });
      expect(mine[2].ms).toEqual(expect.any(Number));
    }
    // Nothing was written without an id (or with another request's).
    expect(capture.lines).toHaveLength(6);
  });

  it("keeps a safe incoming X-Request-Id behind a trusted proxy (TRUST_PROXY)", async () => {
    const res = await app("1").request("/probe/log", { headers: { "X-Request-Id": "lb-7f3a9c.01:x_y" } });
    expect(res.headers.get("X-Request-Id")).toBe("lb-7f3a9c.01:x_y");
    expect(capture.lines.map((l) => l.request_id)).toEqual([
      "lb-7f3a9c.01:x_y",
      "lb-7f3a9c.01:x_y",
      "lb-7f3a9c.01:x_y",
    ]);
  });

  it("replaces an unsafe incoming id, and any incoming id when no proxy is trusted", async () => {
    for (const unsafe of ["has space", "<script>", "a".repeat(65), "../etc/passwd", "-leading-dash", ""]) {
      const res = await app("1").request("/probe/log", { headers: { "X-Request-Id": unsafe } });
      expect(res.headers.get("X-Request-Id"), unsafe).toMatch(UUID);
    }
    const direct = await app().request("/probe/log", { headers: { "X-Request-Id": "client-chosen" } });
    expect(direct.headers.get("X-Request-Id")).toMatch(UUID);
    expect(capture.lines.some((l) => l.request_id === "client-chosen")).toBe(false);
    expect(isSafeRequestId("a".repeat(64))).toBe(true);
  });

  it("logs paths without the query string or the tokens of emailed links", async () => {
    await app().request("/activate/MTI/c2VjcmV0LXRva2Vu?email=ana@example.cu");
    const access = capture.lines.find((l) => l.msg === "request");
    expect(access?.path).toBe("/activate/MTI/[token]");
    expect(JSON.stringify(capture.lines)).not.toMatch(/c2VjcmV0LXRva2Vu|ana@example/);
    expect(loggedPath("/password/reset/confirm/MTI/abc-123")).toBe("/password/reset/confirm/MTI/[token]");
    expect(loggedPath("/es/product/12")).toBe("/es/product/12");
  });

  it("debug-logs the load balancer's health checks instead of filling the log", async () => {
    await app().request("/healthz");
    expect(capture.lines.filter((l) => l.msg === "request").map((l) => l.level)).not.toContain("info");
  });
});

describe("errors in request handlers (issue 13 point 5)", () => {
  it("an API handler that throws: 500 JSON with the request id and no internals; one error line with the stack", async () => {
    const res = await app().request("/api/product/latest");
    expect(res.status).toBe(500);
    const id = res.headers.get("X-Request-Id");
    expect(id).toMatch(UUID);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: "Internal server error", request_id: id });
    expect(text).not.toMatch(/exploded|secret|\.ts|at /);

    const errors = capture.lines.filter((l) => l.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ request_id: id, method: "GET", path: "/api/product/latest" });
    expect(errors[0].err?.message).toBe("database exploded at /secret/path.ts:12");
    expect(errors[0].err?.stack).toMatch(/\n\s+at /);
    expect(capture.lines.find((l) => l.msg === "request")).toMatchObject({ request_id: id, status: 500 });
  });

  it("a browser gets an HTML page with the reference code, in the path's language, without internals", async () => {
    for (const [path, lang, reference] of [
      ["/probe/throw", "es", "código de referencia"],
      ["/en/probe/throw", "en", "reference code"],
    ] as const) {
      capture.lines.length = 0;
      const server = app();
      server.get("/en/probe/throw", () => {
        throw new Error("page handler exploded at /secret/path.ts:34");
      });
      const res = await server.request(path, { headers: { Accept: "text/html,application/xhtml+xml" } });
      expect(res.status).toBe(500);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      const id = res.headers.get("X-Request-Id") ?? "";
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(reference);
      expect(html).toContain(id);
      expect(html).not.toMatch(/exploded|secret|\.ts/);
      const errors = capture.lines.filter((l) => l.level === "error");
      expect(errors).toHaveLength(1);
      expect(errors[0].request_id).toBe(id);
      expect(errors[0].err?.stack).toContain("request-id.test.ts");
    }
  });

  it("a request whose client went away is logged without a stack, not as an error", async () => {
    const gone = new AbortController();
    gone.abort();
    const res = await app().request(new Request("http://localhost/api/product/latest", { signal: gone.signal }));
    expect(res.status).toBe(500);
    expect(capture.lines.filter((l) => l.level === "error")).toEqual([]);
    expect(capture.lines.map((l) => l.msg)).toContain("The client went away before the answer");
    expect(capture.lines.some((l) => l.err)).toBe(false);
  });
});
