import { Hono } from "hono";
import { createElement } from "react";
import { Outlet, createRequestHandler, data } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureLogs } from "../tests/support/capture-logs";
import { testServerBuild } from "../tests/support/server-build";
import { requestId } from "../server/request-id";
import { ErrorPage } from "./components/status-pages";
import { getPageMessages } from "./i18n/messages.server";

// Issue 13, point 5: a page whose loader throws is answered with the HTML error page showing the
// request id as a reference code, without the error's message or stack, and the error is logged
// exactly once with its stack. Through React Router's own request handler in production mode with
// the real entry.server.tsx (handleRequest, handleError) and the real error page.

/** The root's data as root.tsx gives it: the page's language and the shell's messages. */
function rootLoader({ request }: { request: Request }) {
  const { pathname } = new URL(request.url);
  const lang = pathname.startsWith("/en/") ? "en" : "es";
  return {
    lang,
    messages: getPageMessages(lang, pathname),
    currency: "USD",
    rate: 1,
    categories: [],
    company: null,
    publicUrl: "",
  };
}

const build = testServerBuild([
  {
    id: "root",
    path: "",
    module: { default: () => createElement(Outlet), ErrorBoundary: () => createElement(ErrorPage), loader: rootLoader },
  },
  {
    id: "boom",
    path: ":lang/boom",
    parentId: "root",
    module: {
      default: () => null,
      loader: () => {
        throw new Error("loader exploded at /secret/path.ts:12");
      },
    },
  },
  {
    id: "refused",
    path: ":lang/refused",
    parentId: "root",
    module: {
      default: () => null,
      loader: () => {
        throw data("gone", { status: 404 });
      },
    },
  },
]);

/** The production server's order: the request-id middleware first, then React Router. */
function server() {
  const app = new Hono();
  app.use("*", requestId(0));
  const handle = createRequestHandler(build, "production");
  app.all("*", (c) => handle(c.req.raw));
  return app;
}

let capture: ReturnType<typeof captureLogs>;
beforeEach(() => {
  capture = captureLogs();
});
afterEach(() => capture.restore());

describe("a page whose loader throws (issue 13 point 5)", () => {
  it.each([
    ["es", "Si nos escribes, indica este código de referencia:"],
    ["en", "If you contact us, please quote this reference code:"],
  ])(
    "answers the %s error page with the reference code and no internals; one error line with the stack",
    async (lang, text) => {
      const res = await server().request(`/${lang}/boom`);
      expect(res.status).toBe(500);
      const id = res.headers.get("X-Request-Id") ?? "";
      expect(id).not.toBe("");
      const html = await res.text();
      expect(html).toContain(`${text} ${id}`);
      expect(html).toContain(`data-request-id="${id}"`);
      expect(html).not.toMatch(/exploded|secret|path\.ts/);

      const errors = capture.lines.filter((l) => l.level === "error");
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ request_id: id, method: "GET", path: `/${lang}/boom` });
      expect(errors[0].err?.message).toBe("loader exploded at /secret/path.ts:12");
      expect(errors[0].err?.stack).toContain("entry.server.test.ts");
      // Every line of the request carries its id; React Router printed nothing of its own.
      expect(capture.lines.every((l) => l.request_id === id)).toBe(true);
    },
  );

  it("a page that answers 404 on purpose logs no error", async () => {
    const res = await server().request("/es/refused");
    expect(res.status).toBe(404);
    expect(capture.lines.filter((l) => l.level === "error" || l.level === "warn")).toEqual([]);
  });

  it("a POST to a page without an action is the client's mistake: a warning, no stack", async () => {
    const res = await server().request("/es/refused", { method: "POST", body: new URLSearchParams({ a: "1" }) });
    expect(res.status).toBe(405);
    expect(capture.lines.filter((l) => l.level === "error")).toEqual([]);
    const warning = capture.lines.find((l) => l.level === "warn");
    expect(warning).toMatchObject({ status: 405, msg: "Request refused" });
    expect(warning?.err).toBeUndefined();
  });
});
