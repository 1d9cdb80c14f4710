import path from "node:path";
import { sql } from "drizzle-orm";
import { type RouterContextProvider, createStaticHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import { newOrderId } from "~/features/orders/order-id";
import type { User } from "~/features/accounts/accounts.server";
import { STAFF_ROLES, type StaffRole, can, sectionOfPath } from "~/features/staff/permissions";
import { insertCategory, insertProduct, insertUser } from "../../../tests/factories";
import { createTestContext, createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import routes from "../../routes";

// Issue 12, point 1 (D24) and issue 27, point 1 (decision 016): every back-office route, read from
// app/routes.ts (so routes added later are checked too), answered through React Router's own
// request handling with the real route modules, for a visitor, a customer, an inactive owner and
// every staff role. What each may do comes from the permission table (app/features/staff/
// permissions.ts) through the section that claims the route's path: whoever may not open a page
// gets the ordinary 404 on GET and POST, whoever may open it but not change it gets the page and a
// 404 on POST, and a refused request changes nothing.

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

/**
 * Real rows for some dynamic segments (so a page that exists is what a role is refused), a
 * sample value for the others; `lang` is es. Routes with a sample param may answer 404 for it.
 */
const realParams: Record<string, string> = {};
const sampleUrl = (pattern: string) =>
  `http://localhost/${pattern
    .replace(":lang", "es")
    .replace(/:(\w+)\??/g, (_m, name: string) => realParams[name] ?? `sample-${name}`)
    .replace(/\/\*$/, "/x")}`;

/** The route's path under `:lang/admin`, as the permission table's sections write theirs. */
const adminPathOf = (pattern: string) => pattern.replace(/^:lang\/admin\/?/, "");

const tree = (routes as ConfigEntry[]).filter((entry) => entry.path === ":lang");
const ADMIN = adminRoutes(tree);

describe("the admin routes in app/routes.ts", () => {
  it("each belong to a section of the permission table (a new route needs its line there)", () => {
    for (const route of ADMIN) expect(sectionOfPath(adminPathOf(route.pattern)), route.pattern).not.toBeNull();
    expect(sectionOfPath("orders/:transactionId/sheet")).toBe("deliverySheets");
    expect(sectionOfPath("orders/:transactionId")).toBe("orders");
    expect(sectionOfPath("newsletter.csv")).toBe("newsletter");
    expect(sectionOfPath("")).toBe("dashboard");
  });

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
  const staff = {} as Record<StaffRole, User>;
  const env = createTestEnv();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    handler = createStaticHandler(await dataRoutes(tree));
    customer = (await insertUser(database.db, { firstName: "Eva" })) as User;
    operator = (await insertUser(database.db, { firstName: "Olga", role: "owner" })) as User;
    inactiveOperator = (await insertUser(database.db, { role: "owner", isActive: false })) as User;
    for (const role of STAFF_ROLES) staff[role] = (await insertUser(database.db, { role })) as User;
    const category = await insertCategory(database.db);
    const product = await insertProduct(database.db, { categoryId: category.id });
    const transactionId = newOrderId();
    await database.db.insert(orders).values({
      transactionId,
      userId: customer.id,
      amountCents: 1000,
      goodsCents: 1000,
      shippingPriceCup: 500,
      shippingName: "Estándar",
      shippingTime: "1-2 días",
      fullName: "Eva Guardia",
      clientId: "85010112345",
      address: "Calle 23",
      city: "Plaza",
      stateProvinceRegion: "La Habana",
      phoneNumber: "+53 5 000 0000",
      deliveryLatitude: 23.1,
      deliveryLongitude: -82.4,
    });
    Object.assign(realParams, {
      productId: String(product.id),
      categoryId: String(category.id),
      transactionId,
      customerId: String(customer.id),
    });
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
    const isIndexParent = ADMIN.some((r) => r.pattern === route.pattern && r.file !== route.file);
    /** The URL (known once the rows exist) and what to post to: the layout and its index share a URL, a POST reaches the index with `?index`, the layout without. */
    const urls = () => {
      const url = sampleUrl(route.pattern);
      const targets =
        isIndexParent && route.file.endsWith("layout.tsx") ? [url] : [url, ...(isIndexParent ? [`${url}?index`] : [])];
      return { url, targets };
    };

    for (const who of ["a visitor", "a customer", "an inactive owner"] as const) {
      it(`${route.pattern} (${route.file}): ${who} gets 404 on GET and POST, and nothing changes`, async () => {
        const { url, targets } = urls();
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

    const section = sectionOfPath(adminPathOf(route.pattern));
    for (const role of STAFF_ROLES) {
      const mayView = !!section && can(role, section, "view");
      const mayChange = !!section && can(role, section, "change");
      const does = mayView ? (mayChange ? "gets the page" : "gets the page, 404 on POST") : "gets 404 on GET and POST";
      it(`${route.pattern} (${route.file}): a${role === "owner" ? "n" : ""} ${role} ${does}${mayChange ? "" : ", and nothing changes"}`, async () => {
        const { url, targets } = urls();
        const user = staff[role];
        const before = await snapshot();
        for (const target of targets) {
          if (!mayView) expect(await statusOf(get(target), user), `GET ${target}`).toBe(404);
          // A permitted post is not sent: it could change something, which is the point of it.
          if (!mayChange) expect(await statusOf(post(target), user), `POST ${target}`).toBe(404);
        }
        const alone = await statusOf(get(url), user, route.file);
        if (mayView) {
          const whole = await statusOf(get(url), user);
          expect(alone, `GET ${url}, its own loader alone`).toBe(whole);
          // With real rows the page is there; a sample id may be unknown, but never a crash.
          if (url.includes("sample-")) expect(whole, `GET ${url}`).toBeLessThan(500);
          else expect(whole, `GET ${url}`).toBe(200);
        } else {
          expect(alone, `GET ${url}, its own loader alone`).toBe(404);
        }
        if (!mayChange) expect(await snapshot()).toBe(before);
      });
    }
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
