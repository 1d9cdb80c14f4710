import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { schema } from "~/db/tables";

// Each feature owns its tables (docs/architecture.md, "Who owns which table"): only the owning
// feature's modules read or write a table; everyone else calls that feature's functions. A module
// touches a table when it imports the table's Drizzle object from `~/db/schema/*` (type-only imports
// do not count) or names it in a raw `sql` template. Pages, the API, scripts and the other tiers
// touch no table at all. The few reads across a boundary that remain are listed in SHARED_READS,
// each with its reason; the list may only shrink.

const root = path.resolve(import.meta.dirname, "..");

/** The feature folder (`app/features/<name>`) that owns each table, by its Drizzle export name. */
const OWNERS: Record<string, string[]> = {
  accounts: ["users", "profiles", "revokedSessions", "staffTotp", "staffRecoveryCodes", "staffVerifiedSessions"],
  audit: ["auditLog"],
  cart: ["carts", "cartItems", "sharedCarts"],
  catalog: ["categories", "products", "comboParts"],
  chat: ["chatConversations", "chatMessages"],
  claims: ["defectClaims"],
  content: ["slides", "companyInfo", "newsletterSubscriptions"],
  coupons: ["coupons"],
  currency: ["exchangeRates"],
  delivery: ["deliveryZones"],
  orders: ["orders", "orderItems", "orderStatusHistory", "salesDaily", "salesDailyProducts", "salesDailyPlaces"],
  outbox: ["emailOutbox"],
  providers: ["providerApplications"],
  "rate-limit": ["rateLimits"],
  recipients: ["recipients"],
  reviews: ["reviews"],
  search: ["searchTerms", "searchSynonyms"],
  "stock-alerts": ["stockAlerts"],
  wishlist: ["wishlistItems"],
};

/**
 * Reads across a feature's boundary that stay, each one join where a call would cost a query per
 * row or per page. Module path to the tables it reads.
 */
const SHARED_READS: Record<string, string[]> = {
  // A cart line is priced and checked against stock from its product, in the same query.
  "app/features/cart/cart-lines.server.ts": ["products"],
  "app/features/cart/cart.server.ts": ["products"],
  // A product's rating and review count are aggregated in the catalogue's product query.
  "app/features/catalog/product-cards.server.ts": ["reviews"],
  // The back office's order list shows each customer's email beside the order.
  "app/features/orders/admin-list.server.ts": ["users"],
  // A review may be written by a customer who received the product (spec §2.10): the check joins
  // the customer's delivered order lines; the reviewed product must exist and the
  // reviewer's name comes from the account.
  "app/features/reviews/reviews.server.ts": ["orders", "orderItems", "products", "users"],
  // Search ranks products: its index columns live on the product rows (search-index.server.ts is
  // their only writer), built from the product's name, description and category.
  "app/features/search/search-index.server.ts": ["categories", "products"],
  "app/features/search/search.server.ts": ["products"],
  "app/features/search/search-analysis.server.ts": ["products"],
  "app/features/search/search-ranking.server.ts": ["products"],
  // A wishlist entry is shown as its product's card, read in the same query.
  "app/features/wishlist/wishlist.server.ts": ["products"],
};

/**
 * What may touch any table: the database tier itself (schema, migrations, demo seed), and the
 * harnesses that fill or check a database from outside the app: tests and their support, the
 * benchmarks' data builders and the crash-safety check's state reader.
 */
const EXEMPT = [
  /^app\/db\//,
  /^tests\//,
  /^server\/api\/test-(client|fixtures)\.ts$/,
  /^bench\//,
  /^scripts\/resilience\//,
];

const tables = Object.entries(schema).flatMap(([name, value]) =>
  is(value, PgTable) ? [{ name, sqlName: getTableName(value) }] : [],
);
const ownerOf = new Map(Object.entries(OWNERS).flatMap(([feature, names]) => names.map((name) => [name, feature])));

function sourceFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "app", "server", "scripts", "bench"], {
    cwd: root,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .filter((file) => !EXEMPT.some((pattern) => pattern.test(file)))
    .filter((file) => fs.existsSync(path.join(root, file)));
}

/** The tables a module touches: value imports from `~/db/schema` and table names in `sql` templates. */
function tablesTouched(source: string): Set<string> {
  const touched = new Set<string>();
  for (const match of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+"~\/db\/schema\/[\w-]+"/g)) {
    if (match[1]) continue;
    for (const specifier of match[2].split(",")) {
      const name = specifier.trim();
      if (name && !name.startsWith("type ") && ownerOf.has(name)) touched.add(name);
    }
  }
  for (const template of source.matchAll(/sql(?:\.raw\()?`([^`]*)`/g)) {
    for (const { name, sqlName } of tables) {
      if (new RegExp(`\\b(from|join|update|into|table)\\s+"?${sqlName}"?\\b`, "i").test(template[1])) touched.add(name);
    }
  }
  return touched;
}

const featureOf = (file: string) => /^app\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

describe("each feature owns its tables", () => {
  it("the one object of every table holds each schema module's tables", async () => {
    const dir = path.join(root, "app/db/schema");
    const inModules = new Set<string>();
    for (const file of fs.readdirSync(dir)) {
      const module: Record<string, unknown> = await import(path.join(dir, file));
      for (const [name, value] of Object.entries(module)) if (is(value, PgTable)) inModules.add(name);
    }
    expect([...inModules].filter((name) => !(name in schema))).toEqual([]);
  });

  it("every table has one owning feature", () => {
    expect(tables.map(({ name }) => name).filter((name) => !ownerOf.has(name) && name !== "serverSettings")).toEqual(
      [],
    );
  });

  it("no module touches a table another feature owns", () => {
    const trespasses: string[] = [];
    for (const file of sourceFiles()) {
      const feature = featureOf(file);
      const allowed = new Set(SHARED_READS[file] ?? []);
      for (const table of tablesTouched(fs.readFileSync(path.join(root, file), "utf8"))) {
        if (ownerOf.get(table) !== feature && !allowed.has(table)) trespasses.push(`${file}: ${table}`);
      }
    }
    expect(trespasses).toEqual([]);
  });

  it("every listed shared read is still made (a read that went away leaves the list)", () => {
    const stale = Object.entries(SHARED_READS).flatMap(([file, names]) => {
      const source = fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), "utf8") : "";
      const touched = tablesTouched(source);
      return names.filter((name) => !touched.has(name)).map((name) => `${file}: ${name}`);
    });
    expect(stale).toEqual([]);
  });
});
