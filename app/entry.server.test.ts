import { Hono } from "hono";
import { createElement } from "react";
import { Outlet, type ServerBuild, createRequestHandler, data } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureLogs } from "../tests/support/capture-logs";
import { requestId } from "../server/request-id";
import { ErrorPage } from "./components/status-pages";
import * as entry from "./entry.server";
import { getPageMessages } from "./i18n/messages.server";

// Issue 13, point 5: a page whose loader throws is answered with the HTML error page showing the
// request id as a reference code, without the error's message or stack, and the error is logged
// exactly once with its stack. Through React Router's own request handler in production mode with
// the real entry.server.tsx (handleRequest, handleError) and the real error page.

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

function route(id: string, path: string, parentId: string | undefined, module: RouteModule) {
  return { id, path, parentId, index: undefined, caseSensitive: undefined, module };
}

function manifestEntry(id: string, parentId: string | undefined, path: string, hasLoader: boolean) {
  return {
    id,
    parentId,
    path,
    module: `/${id}.js`,
    hasLoader,
    hasAction: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: id === "root",
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
    imports: [],
  };
}

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

const build = {
  entry: { module: entry },
  routes: {
    root: route("root", "", undefined, {
      default: () => createElement(Outlet),
      ErrorBoundary: () => createElement(ErrorPage),
      loader: rootLoader,
    } as unknown as RouteModule),
    boom: route("boom", ":lang/boom", "root", {
      default: () => null,
      loader: () => {
        throw new Error("loader exploded at /secret/path.ts:12");
      },
    } as unknown as RouteModule),
    refused: route("refused", ":lang/refused", "root", {
      default: () => null,
      loader: () => {
        throw data("gone", { status: 404 });
      },
    } as unknown as RouteModule),
  },
  assets: {
    entry: { module: "/entry.client.js", imports: [] },
    routes: {
      root: manifestEntry("root", undefined, "", true),
      boom: manifestEntry("boom", "root", ":lang/boom", true),
      refused: manifestEntry("refused", "root", ":lang/refused", true),
    },
    url: "/manifest.js",
    version: "test",
  },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: { v8_middleware: true },
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

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
