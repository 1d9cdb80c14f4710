import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { createElement } from "react";
import { type RouterContextProvider, createRequestHandler } from "react-router";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { appContext } from "~/context";
import { type User, getUserById } from "~/features/accounts/accounts.server";
import { addCartLine } from "~/features/cart/cart.server";
import * as root from "~/root";
import { cspNonce } from "./csp-nonce";
import { routerContext } from "./load-context";
import { type PageCacheVariables, pageCacheMiddleware } from "./page-cache/middleware";
import { PageCache } from "./page-cache/store";
import { PLACEHOLDER_NAME, isTemplatedPath, signedInPagesMiddleware } from "./signed-in-pages";
import { insertProduct, insertUser } from "../tests/factories";
import { testServerBuild } from "../tests/support/server-build";
import { createTestEnv } from "../tests/setup/context";
import { createTestDatabase } from "../tests/setup/db";
import { SHARED_PAGES } from "../tests/support/shared-pages";

// Issue 13 point 1: a signed-in page is its template (rendered once, for no one, with a placeholder
// name) with the shopper's name and the request's nonce spliced in. Through the real root route
// (header, greeting, cart badge, React Router's data script) and the real entry.server: each
// shopper gets exactly the page a render for them gives, whatever their name holds, and nothing of
// any other shopper.

// Vitest gives `?url` imports no file name; React wants one for the root's stylesheet link.
vi.mock("~/app.css?url", () => ({ default: "/assets/app.css" }));

/** The page under the header: its loader reads the shopper, as a product page's would. */
let pageLoaderSaw: Array<User | null> = [];
const page = {
  default: () => createElement("p", null, "Página de prueba"),
  loader: ({ context }: { context: RouterContextProvider }) => {
    pageLoaderSaw.push(context.get(appContext).user);
    return null;
  },
};

const build = testServerBuild([
  { id: "root", path: "", module: root },
  { id: "page", path: ":lang/shop", parentId: "root", module: page },
  { id: "home", path: ":lang/", parentId: "root", module: page },
  { id: "product", path: ":lang/product/:id", parentId: "root", module: page },
]);

type Vars = PageCacheVariables & { user: User | null; clientIp: string };

describe("signed-in page templates (issue 13 point 1)", () => {
  let database: Database;
  const db = () => database.db;
  const env = createTestEnv();
  let cache: PageCache;
  let renders = 0;
  /** Who the stand-in session says is signed in, by access cookie. */
  const sessions = new Map<string, User>();

  /** The server's order: nonce, anonymous cache, session, templates, React Router (server/main.ts). */
  function server() {
    const app = new Hono<{ Variables: Vars }>();
    app.use("*", secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", cspNonce] } }));
    app.use("*", pageCacheMiddleware(cache, SHARED_PAGES));
    app.use("*", async (c, next) => {
      const access = /(?:^|; )access=([^;]+)/.exec(c.req.header("Cookie") ?? "")?.[1];
      c.set("user", (access && sessions.get(access)) || null);
      await next();
    });
    app.use("*", signedInPagesMiddleware(cache, { db: db(), sharedPages: SHARED_PAGES }));
    const handle = createRequestHandler(build, "production");
    app.all("*", (c) => {
      renders++;
      return handle(c.req.raw, routerContext({ db: db(), env }, c.var));
    });
    return app;
  }

  const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
    server().request(path, { headers: cookie ? { Cookie: cookie, ...headers } : headers });
  /** The page without its nonces: two answers to the same page then compare equal. */
  const withoutNonce = (html: string) => html.replace(/nonce="[^"]+"/g, 'nonce=""');

  async function shopper(firstName: string, role: "customer" | "owner" = "customer") {
    const row = await insertUser(db(), { firstName, role });
    const user = (await getUserById(db(), row.id))!;
    const token = `token-${row.id}`;
    sessions.set(token, user);
    return { user, cookie: `access=${token}; refresh=r-${row.id}` };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    cache = new PageCache({ maxEntries: 100, maxBytes: 1e8, maxAgeMs: 1e9 });
  });
  afterAll(() => database.close());

  it("templates the signed-in storefront pages, never a product, account, cart or checkout page", () => {
    for (const path of [
      "/es/",
      "/en",
      "/es/shop/hogar/cocina",
      "/en/home-products/deals",
      "/es/search",
      "/es/about-us",
    ]) {
      expect(isTemplatedPath(path, SHARED_PAGES), path).toBe(true);
    }
    for (const path of [
      "/es/product/3",
      "/es/account",
      "/es/cart",
      "/es/checkout",
      "/es/orders",
      "/es/admin",
      "/es/wishlist",
    ]) {
      expect(isTemplatedPath(path, SHARED_PAGES), path).toBe(false);
    }
  });

  it("gives every shopper the page a render for them gives, whatever their name holds", async () => {
    const names = [
      "María",
      `O'Brien & <b>"Ana"</b>`,
      "</script><script>alert(1)</script>",
      "Back\\slash \u2028 line \u2029 para",
      "Zoë 🌴 {name} $& $1",
    ];
    renders = 0;
    const product = await insertProduct(db(), { quantity: 10 });
    for (const [i, name] of names.entries()) {
      const { user, cookie } = await shopper(name);
      // Some with an item in the cart: the badge is part of the template's key.
      if (i % 2 === 1) await addCartLine(db(), user.id, { productId: product.id, count: 1 });
      // A cookie the templates do not know makes the page render for this shopper alone.
      const own = await get("/es/shop", `${cookie}; other=1`);
      expect(own.headers.get("X-Page-Cache")).toBeNull();
      const templated = await get("/es/shop", cookie);
      expect(templated.headers.get("X-Page-Cache")).toMatch(/^private-(hit|miss)$/);
      expect(templated.headers.get("Cache-Control")).toBe("private, no-store");
      expect(templated.headers.get("ETag")).toBeNull();
      const html = await templated.text();
      expect(withoutNonce(html)).toBe(withoutNonce(await own.text()));
      expect(html).not.toContain(PLACEHOLDER_NAME);
      for (const other of names.filter((n) => n !== name)) expect(html).not.toContain(other);
    }
    // Each shopper's own render, and two templates (an empty cart and one line) rendered once each:
    // every other templated page was a hit.
    expect(cache.size).toBe(2);
    expect(renders).toBe(names.length + 2);
  });

  it("splices each request's own nonce in, the one its Content-Security-Policy names", async () => {
    const { cookie } = await shopper("Yanet");
    await get("/es/shop", cookie);
    const res = await get("/es/shop", cookie);
    expect(res.headers.get("X-Page-Cache")).toBe("private-hit");
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];
    const html = await res.text();
    const nonces = new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1]));
    expect(nonces).toEqual(new Set([nonce]));
    // Deflated for the browsers that take it (all of them): the same page, name and all.
    const deflated = await get("/es/shop", cookie, { "Accept-Encoding": "gzip, deflate, br" });
    expect(deflated.headers.get("Content-Encoding")).toBe("deflate");
    const inflated = zlib.inflateSync(Buffer.from(await deflated.arrayBuffer())).toString("utf8");
    expect(withoutNonce(inflated)).toBe(withoutNonce(html));
    expect(inflated).toContain("Yanet");
  });

  it("keys templates by role and cart count: an operator's back-office link and a fuller badge are not shared", async () => {
    const operator = await shopper("Olga", "owner");
    const customer = await shopper("Carlos");
    await get("/en/shop", operator.cookie);
    const forCustomer = await (await get("/en/shop", customer.cookie)).text();
    const forOperator = await (await get("/en/shop", operator.cookie)).text();
    expect(forOperator).toContain('href="/en/admin"');
    expect(forCustomer).not.toContain('href="/en/admin"');
  });

  it("renders a template for no one: loaders see no shopper; a product page renders for the shopper", async () => {
    const { user, cookie } = await shopper("Lía");
    cache.invalidate();
    pageLoaderSaw = [];
    await get("/es/", cookie);
    expect(pageLoaderSaw).toEqual([null]);
    pageLoaderSaw = [];
    const res = await get("/es/product/1", cookie);
    expect(res.headers.get("X-Page-Cache")).toBeNull();
    expect(pageLoaderSaw.map((u) => u?.id)).toEqual([user.id]);
  });

  it("leaves anonymous visitors, alerts and HEAD alone, and renders again after a data change", async () => {
    const { cookie } = await shopper("Rosa");
    expect((await get("/es/shop")).headers.get("X-Page-Cache")).toMatch(/^(hit|miss)$/);
    expect((await get("/es/shop", `${cookie}; flash=x`)).headers.get("X-Page-Cache")).toBeNull();
    const head = await server().request("/es/shop", { method: "HEAD", headers: { Cookie: cookie } });
    expect(head.headers.get("X-Page-Cache")).toBeNull();
    await get("/es/shop", cookie);
    expect((await get("/es/shop", cookie)).headers.get("X-Page-Cache")).toBe("private-hit");
    cache.invalidate();
    expect((await get("/es/shop", cookie)).headers.get("X-Page-Cache")).toBe("private-miss");
  });
});
