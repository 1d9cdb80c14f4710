import fs from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { issueTokens } from "~/features/accounts/accounts.server";
import { en } from "~/i18n/en";
import routes from "~/routes";
import { es } from "~/i18n/es";
import { insertProduct, insertUser, signInStaff } from "../tests/factories";
import { createTestEnv } from "../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../tests/setup/db";
import { type AppServer, startAppServer } from "../tests/support/app-server";

// Issue 22 point 3, against the whole server (tests/support/app-server.ts): every page action
// answers a body it cannot read as a form — plain text, a broken multipart, JSON — with 400 and the
// error page's own message in the page's language, never a 500, and the error page shows real text
// (never message keys such as "error.title | site.name"), with JavaScript off (the page) and on (.data).

vi.mock("~/app.css?url", () => ({ default: "/assets/app.css" }));

type Who = "visitor" | "customer" | "operator";

/** Every page with an action, and who may post there (others are sent away before the form is read). */
const ACTIONS: Array<[path: string, who: Who]> = [
  ["/es/orders", "customer"],
  ["/es/checkout", "customer"],
  ["/es/checkout/quote", "customer"],
  ["/es/cart", "customer"],
  ["/es/cart/add", "customer"],
  ["/es/wishlist", "customer"],
  ["/es/wishlist/toggle", "customer"],
  ["/es/chat", "visitor"],
  ["/es/sell-with-us", "visitor"],
  ["/es/account", "customer"],
  ["/es/set-currency", "visitor"],
  ["/es/set-data-saver", "visitor"],
  ["/es/delivery", "visitor"],
  ["/es/newsletter", "visitor"],
  ["/es/product/:productId", "customer"],
  ["/en/product/:productId", "customer"],
  ["/es/login", "visitor"],
  ["/en/signup", "visitor"],
  ["/reset_password", "visitor"],
  ["/password/reset/confirm/MQ/x-y", "visitor"],
  ["/es/admin/categories", "operator"],
  ["/es/admin/categories/new", "operator"],
  ["/es/admin/categories/:categoryId", "operator"],
  ["/es/admin/company", "operator"],
  ["/es/admin/coupons/new", "operator"],
  ["/es/admin/products/new", "operator"],
  ["/es/admin/products/import", "operator"],
  ["/es/admin/products/new-combo", "operator"],
  ["/es/admin/products/:productId", "operator"],
  ["/es/admin/orders/TX-1", "operator"],
  ["/es/admin/coupons/1", "operator"],
  ["/es/admin/sellers/1", "operator"],
  ["/es/admin/slides/1", "operator"],
  ["/en/admin/rates", "operator"],
  ["/es/admin/slides", "operator"],
  ["/es/admin/slides/new", "operator"],
  ["/es/admin/synonyms", "operator"],
  ["/es/admin/zones/playa", "operator"],
  // Issue 26 point 5: the claim form (multipart) and the operator's decision.
  ["/es/orders/TX-1/claim", "customer"],
  ["/es/admin/claims/1", "operator"],
  ["/es/admin/staff", "operator"],
  // Issue 27 point 5: the owner's deactivate and reactivate buttons on a customer's page.
  ["/es/admin/customers/1", "operator"],
  // Issue 27 point 2 (decision 017): a staff member's two-factor pages (an unreadable body is refused before the code is read).
  ["/es/two-factor", "operator"],
  ["/en/two-factor/enrol", "operator"],
  ["/es/chat/session", "visitor"],
];
/** Actions that read no body at all: whatever is posted, they answer the same. */
const READ_NO_BODY = [
  "/activate/:uid/:token",
  "/:lang/logout",
  // "Añadir todo a mi carrito" (the token in the URL is the whole request) and a stock-alert link's
  // button (its signed query is): issue 26 points 3 and 4.
  "/:lang/cart/shared/:token",
  "/:lang/stock-alerts/:purpose",
];

/** Each URL pattern of app/routes.ts whose module has an action (read from its source). */
function patternsWithActions(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const source = fs.readFileSync(new URL(`../app/${entry.file}`, import.meta.url), "utf8");
    const own = /export (async function|const) action\b/.test(source) ? [path || "/"] : [];
    return [...own, ...patternsWithActions(entry.children ?? [], path)];
  });
}

it("the list covers every route module with an action (a new form is tested without being listed by hand)", () => {
  const listed = ACTIONS.map(([path]) => path);
  const missing = patternsWithActions(routes).filter((pattern) => {
    const re = new RegExp(`^${pattern.replace(/:lang/g, "(es|en)").replace(/:\w+/g, "[^/]+")}$`);
    return !listed.some((path) => re.test(path.replace(/:\w+/g, "x")));
  });
  expect(missing.filter((pattern) => !READ_NO_BODY.includes(pattern))).toEqual([]);
});

const BODIES: Array<[name: string, contentType: string, body: string]> = [
  ["plain text", "text/plain", "nombre=Ana José"],
  [
    "a broken multipart",
    "multipart/form-data; boundary=XYZ",
    '--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nsin final',
  ],
  ["JSON", "application/json", '{"nombre":"Ana"}'],
];

describe.each(databaseKinds())("page actions with a body that is not a form, on %s (issue 22 point 3)", (kind) => {
  let database: Database;
  let app: AppServer;
  const env = createTestEnv();
  const cookies: Record<Who, string> = { visitor: "", customer: "", operator: "" };
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await startAppServer({ db: database.db, env });
    const product = await insertProduct(database.db);
    ids = { ":productId": String(product.id), ":categoryId": String(product.categoryId) };
    for (const who of ["customer", "operator"] as const) {
      const user = await insertUser(database.db, who === "operator" ? { role: "owner" } : {});
      // Decision 017: the operator's session has passed two-factor (a real code from a real secret).
      cookies[who] =
        who === "operator"
          ? `access=${(await signInStaff(database.db, env, user)).access}`
          : `access=${(await issueTokens({ db: database.db, env }, user)).access}`;
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const post = (path: string, who: Who, [, contentType, body]: (typeof BODIES)[number]) =>
    fetch(`${app.url}${path.replace(/:\w+/g, (param) => ids[param])}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": contentType,
        Origin: app.url,
        Accept: "text/html",
        ...(cookies[who] ? { Cookie: cookies[who] } : {}),
      },
      body,
    });

  it.each(ACTIONS)("%s (as a %s): 400 with the error page's message, for every unreadable body", async (path, who) => {
    const lang = path.startsWith("/en/") ? "en" : "es";
    const messages = lang === "en" ? en : es;
    for (const body of BODIES) {
      const res = await post(path, who, body);
      const html = await res.text();
      const what = `${path} with ${body[0]}`;
      expect(res.status, what).toBe(400);
      if (res.headers.get("Content-Type")?.startsWith("application/json")) {
        // A resource route (no page of its own): the message as JSON, in the API's error style.
        expect(JSON.parse(html), what).toEqual({ error: messages["error.unreadableForm"], code: "unreadable_form" });
        continue;
      }
      expect(html, what).toContain(messages["error.unreadableForm"]);
      // What the page shows (its scripts carry the messages by key): real text, no key anywhere.
      const shown = html.replace(/<script[\s\S]*?<\/script>/g, "");
      expect(shown, what).not.toMatch(/\b(error|site|header|footer|nav|a11y|meta)\.[a-zA-Z]+/);
      expect(shown, what).toContain(messages["error.title"]);
    }
  });

  it("issue 22 point 6: a signed-in post with neither Origin nor Sec-Fetch-Site is refused (403); a browser's passes", async () => {
    const form = { headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies.customer } };
    const bare = await fetch(`${app.url}/es/set-currency`, { ...form, method: "POST", body: "currency=CUP" });
    expect(bare.status).toBe(403);
    const browsers: Array<Record<string, string>> = [{ Origin: app.url }, { "Sec-Fetch-Site": "same-origin" }];
    for (const extra of browsers) {
      const res = await fetch(`${app.url}/es/set-currency`, {
        method: "POST",
        redirect: "manual",
        headers: { ...form.headers, ...extra },
        body: "currency=CUP",
      });
      expect(res.status, JSON.stringify(extra)).toBeLessThan(400);
    }
  });

  it.each(ACTIONS)("%s.data (JavaScript on, as a %s): 400, never 500", async (path, who) => {
    for (const body of BODIES) {
      const res = await post(`${path}.data`, who, body);
      await res.arrayBuffer();
      expect(res.status, `${path}.data with ${body[0]}`).toBe(400);
    }
  });
});
