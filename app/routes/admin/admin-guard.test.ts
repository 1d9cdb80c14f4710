import path from "node:path";
import { sql } from "drizzle-orm";
import { type RouterContextProvider, createStaticHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { User } from "~/features/accounts/accounts.server";
import { insertUser } from "../../../tests/factories";
import { createTestContext, createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import routes from "../../routes";

// Issue 12, point 1 (D24): every back-office route, read from app/routes.ts (so routes added later
// are checked too), answered through React Router's own request handling with the real route
// modules: a visitor or a customer gets the ordinary 404 on GET and POST and changes nothing; an
// operator gets the page.

const APP = path.resolve(import.meta.dirname, "../..");

type ConfigEntry = { id?: string; path?: string; index?: boolean; file: string; children?: ConfigEntry[] };
type AdminRoute = { pattern: string; file: string };
type AgnosticDataRouteObject = Parameters<typeof createStaticHandler>[0][number];

/** The full path pattern of every route under `:lang/admin` (the layout included). */
function adminRoutes(entries: readonly ConfigEntry[], prefix = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const full = [prefix, entry.path ?? ""].filter(Boolean).join("/");
    const own = full.startsWith(":lang/admin") ? [{ pattern: full, file: entry.file }] : [];
    return [...own, ...adminRoutes(entry.children ?? [], full)];
  });
}

/** The `:lang` branch of the route config as data routes with the real modules' loaders and actions. */
async function dataRoutes(entries: readonly ConfigEntry[], parentId = "r"): Promise<AgnosticDataRouteObject[]> {
  return Promise.all(
    entries.map(async (entry, i) => {
      const mod = (await import(/* @vite-ignore */ path.join(APP, entry.file))) as {
        loader?: AgnosticDataRouteObject["loader"];
        action?: AgnosticDataRouteObject["action"];
      };
      const id = entry.id ?? entry.file ?? `${parentId}-${i}`;
      const base = { id, loader: mod.loader, action: mod.action, hasErrorBoundary: true };
      if (entry.index) return { ...base, index: true as const };
      return { ...base, path: entry.path, children: await dataRoutes(entry.children ?? [], id) };
    }),
  );
}

/** A sample value for a dynamic segment; `lang` is es. Routes with params may answer 404 for it. */
const sampleUrl = (pattern: string) =>
  `http://localhost/${pattern
    .replace(":lang", "es")
    .replace(/:(\w+)\??/g, "sample-$1")
    .replace(/\/\*$/, "/x")}`;

const tree = (routes as ConfigEntry[]).filter((entry) => entry.path === ":lang");
const ADMIN = adminRoutes(tree);

describe("the admin routes in app/routes.ts", () => {
  it("include the dashboard and the audit log (the loop below is not empty)", () => {
    expect(ADMIN.map((r) => r.pattern)).toEqual(expect.arrayContaining([":lang/admin", ":lang/admin/audit"]));
    expect(ADMIN.map((r) => r.file)).toEqual(
      expect.arrayContaining(["routes/admin/layout.tsx", "routes/admin/dashboard.tsx", "routes/admin/audit.tsx"]),
    );
  });
});

describe.each(databaseKinds())("back office door on %s (issue 12, D24)", (kind) => {
  let database: Database;
  let handler: ReturnType<typeof createStaticHandler>;
  let customer: User;
  let operator: User;
  let inactiveOperator: User;
  const env = createTestEnv();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handler = createStaticHandler(await dataRoutes(tree));
    customer = (await insertUser(database.db, { firstName: "Eva" })) as User;
    operator = (await insertUser(database.db, { firstName: "Olga", role: "owner" })) as User;
    inactiveOperator = (await insertUser(database.db, { role: "owner", isActive: false })) as User;
  });
  afterAll(() => database.close());

  /** A digest of every row of every table: equal before and after means nothing changed. */
  async function snapshot(): Promise<string> {
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const tables = await rows<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const parts: string[] = [];
    for (const { name } of tables) {
      const digest = await rows<{ d: string | null }>(
        sql`SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS d FROM ${sql.identifier(name)} t`,
      );
      parts.push(`${name}:${digest[0]?.d ?? "-"}`);
    }
    return parts.join("\n");
  }

  /** The status React Router answers `request` with, as the server would send it. */
  async function statusOf(request: Request, user: User | null, onlyLoaderOf?: string): Promise<number> {
    const context = createTestContext({ db: database.db, env, user });
    const result = await handler.query(request, {
      requestContext: context as unknown as RouterContextProvider,
      // A client-side navigation may run one route's loader alone: it must refuse by itself.
      ...(onlyLoaderOf && { filterMatchesToLoad: (match) => match.route.id === onlyLoaderOf }),
    });
    return result instanceof Response ? result.status : result.statusCode;
  }

  const get = (url: string) => new Request(url, { headers: { Accept: "text/html" } });
  const post = (url: string) =>
    new Request(url, {
      method: "POST",
      body: new URLSearchParams({ intent: "delete", id: "1", status: "cancelled", role: "owner" }),
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
    });

  for (const route of ADMIN) {
    const url = sampleUrl(route.pattern);
    const isIndexParent = ADMIN.some((r) => r.pattern === route.pattern && r.file !== route.file);
    // The layout and its index share a URL: a POST reaches the index with `?index`, the layout without.
    const targets =
      isIndexParent && route.file.endsWith("layout.tsx") ? [url] : [url, ...(isIndexParent ? [`${url}?index`] : [])];

    for (const who of ["a visitor", "a customer", "an inactive operator"] as const) {
      it(`${route.pattern} (${route.file}): ${who} gets 404 on GET and POST, and nothing changes`, async () => {
        const user = who === "a visitor" ? null : who === "a customer" ? customer : inactiveOperator;
        const before = await snapshot();
        for (const target of targets) {
          expect(await statusOf(get(target), user), `GET ${target}`).toBe(404);
          expect(await statusOf(post(target), user), `POST ${target}`).toBe(404);
        }
        expect(await statusOf(get(url), user, route.file), `GET ${url}, its own loader alone`).toBe(404);
        expect(await snapshot()).toBe(before);
      });
    }

    it(`${route.pattern} (${route.file}): an operator gets the page`, async () => {
      const status = await statusOf(get(url), operator);
      expect(await statusOf(get(url), operator, route.file)).toBe(status);
      if (/:\w/.test(route.pattern.replace(":lang", ""))) expect(status).toBeLessThan(500);
      else expect(status).toBe(200);
    });
  }

  it("an operator's malformed posts get a 4xx on every admin route, never a 500 (issue 12, point 7)", async () => {
    const bodies: Array<[string, BodyInit]> = [
      ["application/json", '{"intent":'],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\ncut'],
      ["application/x-www-form-urlencoded", "intent=%ZZ&status=%00&id=-1&position=up&page=999999999999"],
    ];
    for (const route of ADMIN) {
      const url = sampleUrl(route.pattern);
      for (const [type, body] of bodies) {
        const request = new Request(url, {
          method: "POST",
          body,
          headers: { Accept: "text/html", "Content-Type": type },
        });
        const status = await statusOf(request, operator);
        expect(status, `POST ${url} (${type})`).toBeGreaterThanOrEqual(400);
        expect(status, `POST ${url} (${type})`).toBeLessThan(500);
      }
    }
  });

  it("an operator's post to a page without an action is refused, not run", async () => {
    expect(await statusOf(post("http://localhost/es/admin?index"), operator)).toBe(405);
    expect(await statusOf(post("http://localhost/es/admin/audit"), operator)).toBe(405);
  });
});
