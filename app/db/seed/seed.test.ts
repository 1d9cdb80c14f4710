import fs from "node:fs";
import path from "node:path";
import { verify } from "@node-rs/argon2";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import type Sharp from "sharp";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema/accounts";
import { categories, products } from "~/db/schema/catalog";
import { companyInfo, slides } from "~/db/schema/content";
import { coupons } from "~/db/schema/coupons";
import { exchangeRates } from "~/db/schema/currency";
import { reviews } from "~/db/schema/reviews";
import { searchTerms } from "~/db/schema/search";
import { createTestDatabase } from "../../../tests/setup/db";
import { buildDemoProducts, DEMO_CATEGORIES } from "./data/catalog";
import { passwordChecks } from "~/features/accounts/schemas";
import { IMAGE_WIDTHS } from "~/features/media/images";
import { contentKey, variantKey } from "~/features/media/keys.server";
import { createMediaRoutes } from "~/features/media/media.server";
import { createS3Store } from "~/features/media/s3-store.server";
import { createLocalStore, keyOfUrl, listKeys, type MediaStore } from "~/features/media/store.server";
import {
  createTestMediaStore,
  MEDIA_STORE_KINDS,
  type S3StandIn,
  s3Settings,
  startS3StandIn,
} from "../../../tests/support/s3";

// Every call of sharp() in this file's process is counted, so a test can show that serving
// images never decodes or resizes one (issue 13 point 2).
const sharpCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof Sharp }>()).default;
  const counted = Object.assign((...args: Parameters<typeof real>) => {
    sharpCalls.count += 1;
    return real(...args);
  }, real);
  return { default: counted };
});
import { DEMO_OPERATOR, seedDemoStore } from "./seed.server";

const TABLES = { categories, products, users, profiles, reviews, slides, coupons, exchangeRates, companyInfo };

async function counts(db: Db): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
      return [name, row.n] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe("seedDemoStore (data only)", () => {
  let database: Database;
  let db: Db;
  let firstResult: boolean;
  let afterFirst: Record<string, number>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    const started = performance.now();
    firstResult = await seedDemoStore(db, { media: null });
    console.info(`demo seed, data only (in-memory PGlite): ${Math.round(performance.now() - started)} ms`);
    afterFirst = await counts(db);
  });

  afterAll(async () => {
    await database?.close();
  });

  it("seeds once and is idempotent", async () => {
    expect(firstResult).toBe(true);
    expect(await seedDemoStore(db, { media: null })).toBe(false);
    expect(await counts(db)).toEqual(afterFirst);
  });

  it("has at least 8 categories with 2-4 subcategories each, named in both languages", async () => {
    const rows = await db.select().from(categories);
    const parents = rows.filter((c) => c.parentId === null);
    expect(parents.length).toBeGreaterThanOrEqual(8);
    for (const parent of parents) {
      const subs = rows.filter((c) => c.parentId === parent.id);
      expect(subs.length, parent.slug).toBeGreaterThanOrEqual(2);
      expect(subs.length, parent.slug).toBeLessThanOrEqual(4);
    }
    for (const c of rows) {
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(c.nameEn).toBeTruthy();
      expect(c.imageUrl).toBe(`/media/categories/${c.slug}.webp`);
    }
    expect(parents.map((c) => c.slug)).toEqual(
      expect.arrayContaining([
        "alimentos",
        "aseo-personal",
        "hogar",
        "electrodomesticos",
        "energia-solar",
        "electronica",
        "ropa-y-calzado",
        "farmacia",
      ]),
    );
    // Products hang from subcategories only.
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(isNull(categories.parentId));
    expect(n).toBe(0);
  });

  it("has at least 200 products with Spanish and English texts and the variety the store needs", async () => {
    const rows = await db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(200);
    for (const p of rows) {
      expect(p.name).toBeTruthy();
      expect(p.nameEn).toBeTruthy();
      expect(p.nameEn).not.toBe(p.name);
      expect(p.description.length).toBeGreaterThan(20);
      expect(p.descriptionEn).toBeTruthy();
      expect(p.features.length).toBeGreaterThanOrEqual(3);
      expect(p.features.length).toBeLessThanOrEqual(5);
      expect(p.featuresEn).toHaveLength(p.features.length);
      expect(p.brand && p.model && p.weight && p.dimensions).toBeTruthy();
      expect(p.priceCents).toBeGreaterThanOrEqual(100);
      expect(p.originalPriceCents).toBeGreaterThanOrEqual(p.priceCents);
      if (p.wholesalePriceCents !== null) expect(p.wholesalePriceCents).toBeLessThan(p.priceCents);
      expect(p.imageUrl).toBe(`/media/products/p${p.id}-1.webp`);
      if (p.colors.length > 0) expect(p.color).toBe(p.colors[0].name);
      expect(p.searchVector).toBeTruthy();
    }
    const share = (f: (p: (typeof rows)[number]) => boolean) => rows.filter(f).length / rows.length;
    expect(share((p) => p.quantity === 0)).toBeGreaterThan(0.03);
    expect(share((p) => p.quantity === 0)).toBeLessThan(0.15);
    expect(share((p) => p.colors.length > 1)).toBeGreaterThan(0.1);
    expect(share((p) => p.varieties.length > 0)).toBeGreaterThan(0.1);
    expect(rows.some((p) => p.colors.length > 1 && p.varieties.length > 0)).toBe(true);
    expect(share((p) => p.wholesalePriceCents !== null)).toBeGreaterThan(0.12);
    expect(share((p) => p.originalPriceCents > p.priceCents)).toBeGreaterThan(0.12);
    expect(share((p) => p.image2Url !== null)).toBeGreaterThan(0.7);
    expect(new Set(rows.map((p) => p.shopCity)).size).toBeGreaterThanOrEqual(5);
    // Every §9 price range is well represented (D12b).
    const usd = rows.map((p) => p.priceCents / 100);
    for (const [min, max] of [
      [1, 19],
      [20, 39],
      [40, 59],
      [60, 79],
      [80, Infinity],
    ]) {
      expect(usd.filter((u) => u >= min && u <= max).length, `${min}-${max}`).toBeGreaterThanOrEqual(8);
    }
    const ages = rows.map((p) => (Date.now() - p.dateCreated.getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeLessThanOrEqual(121);
    expect(Math.min(...ages)).toBeLessThan(5);
    expect(new Set(rows.map((p) => p.name)).size).toBe(rows.length);
  });

  it("indexes the catalogue for search (D12)", async () => {
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(searchTerms);
    expect(n).toBeGreaterThan(100);
  });

  it("has reviews from demo users, one per user and product, with realistic ratings", async () => {
    const rows = await db.select().from(reviews);
    expect(rows.length).toBeGreaterThanOrEqual(120);
    expect(new Set(rows.map((r) => r.productId)).size).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => `${r.userId}:${r.productId}`)).size).toBe(rows.length);
    const ratings = rows.map((r) => Number(r.rating));
    expect(ratings.every((r) => r >= 1 && r <= 5)).toBe(true);
    expect(ratings.filter((r) => r >= 4).length / ratings.length).toBeGreaterThan(0.6);
    expect(ratings.some((r) => r <= 2)).toBe(true);
    for (const r of rows) {
      expect(r.comment.trim().length).toBeGreaterThanOrEqual(10);
      expect(r.comment.length).toBeLessThanOrEqual(500);
    }
    expect(rows.some((r) => r.comment.length > 200)).toBe(true);
    expect(rows.some((r) => r.verifiedPurchase)).toBe(true);
    expect(new Set(rows.map((r) => r.helpfulCount)).size).toBeGreaterThan(5);
  });

  it("has the coupon, slides (one with WhatsApp), company info and exchange rate", async () => {
    const [coupon] = await db.select().from(coupons).where(eq(coupons.name, "BIENVENIDO10"));
    expect(coupon).toMatchObject({ discountPercent: 10, active: true });

    const slideRows = await db.select().from(slides);
    expect(slideRows.length).toBeGreaterThanOrEqual(3);
    for (const s of slideRows) {
      expect(s.titleEn && s.subtitleEn).toBeTruthy();
      expect(s.imageUrl).toMatch(/^\/media\/slides\/slide-\d\.webp$/);
      expect(s.link).toMatch(/^\/shop\//);
    }
    const whatsapp = slideRows.find((s) => s.hasWhatsapp);
    expect(whatsapp?.phoneNumber).toMatch(/^\+53\d{8}$/);
    expect(whatsapp?.whatsappMessage).toBeTruthy();

    const [company] = await db.select().from(companyInfo).where(eq(companyInfo.id, 1));
    expect(company).toMatchObject({ name: "Tienda Cuba", companyLogoUrl: "/media/brand/logo.webp" });
    expect(company.descriptionEn && company.attPhone && company.supportEmail && company.salesEmail).toBeTruthy();

    const [rate] = await db.select().from(exchangeRates);
    expect(Number(rate.rate)).toBe(390);
  });

  it("has the demo customer, whose argon2id hash verifies the README password", async () => {
    const [customer] = await db.select().from(users).where(eq(users.email, "cliente@tienda.cu"));
    expect(customer).toMatchObject({ username: "cliente", firstName: "María", lastName: "González", isActive: true });
    expect(customer.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(customer.passwordHash!, "Habana2026!")).toBe(true);
    expect(await verify(customer.passwordHash!, "habana2026!")).toBe(false);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, customer.id));
    expect(profile).toMatchObject({
      city: "Plaza de la Revolución",
      stateProvinceRegion: "La Habana",
      phone: "+53 5 5512345",
    });

    // The other demo users cannot sign in (but for the demo operator, below).
    const others = await db
      .select()
      .from(users)
      .where(
        and(isNotNull(users.passwordHash), sql`${users.email} not in ('cliente@tienda.cu', 'operador@tienda.cu')`),
      );
    expect(others).toEqual([]);
    expect(customer.role).toBe("customer");
  });

  it("has the demo operator (D24, issue 12), active, whose hash verifies the README password", async () => {
    const [operator] = await db.select().from(users).where(eq(users.email, "operador@tienda.cu"));
    expect(operator).toMatchObject({ username: "operador", role: "owner", isActive: true });
    expect(operator.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(operator.passwordHash!, "Malecon2026!")).toBe(true);
    // The README password passes the §5 password rules against the operator's own data.
    const checks = passwordChecks(DEMO_OPERATOR.password, { ...DEMO_OPERATOR });
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    // Nobody else is an operator.
    const operators = await db.select({ email: users.email }).from(users).where(eq(users.role, "owner"));
    expect(operators).toEqual([{ email: "operador@tienda.cu" }]);
  });
});

describe("demo catalogue tables", () => {
  it("use only icons that lucide-static ships", () => {
    const iconsDir = path.resolve("node_modules/lucide-static/icons");
    const icons = new Set([
      ...DEMO_CATEGORIES.flatMap((c) => [c.icon, ...c.subcategories.map((s) => s.icon)]),
      ...buildDemoProducts().map((p) => p.icon),
    ]);
    const missing = [...icons].filter((name) => !fs.existsSync(path.join(iconsDir, `${name}.svg`)));
    expect(missing).toEqual([]);
  });

  it("are deterministic", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    expect(buildDemoProducts(now)).toEqual(buildDemoProducts(now));
  });
});

describe.each(MEDIA_STORE_KINDS)("seedDemoStore with images in the %s store", (kind) => {
  let database: Database;
  let dataDir: string;
  let store: MediaStore;
  let s3: S3StandIn | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (kind === "s3") s3 = await startS3StandIn();
    ({ store, dataDir } = await createTestMediaStore(kind, s3));
  });

  afterAll(async () => {
    await database?.close();
    await s3?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const keyOf = (url: string) => keyOfUrl(url)!;

  it("draws every referenced image as a small WebP of the right size", { timeout: 300_000 }, async () => {
    const started = performance.now();
    expect(await seedDemoStore(database.db, { media: store })).toBe(true);
    console.info(`demo seed with images (${kind} store): ${Math.round(performance.now() - started)} ms`);

    const rows = await database.db.select().from(products);
    const urls = rows
      .flatMap((p) => [p.imageUrl, p.image2Url, p.image3Url, p.image4Url])
      .filter((u): u is string => !!u);
    const objects = new Map<string, number>();
    for await (const object of store.list()) objects.set(object.key, object.size);
    const missing = urls.filter((u) => !objects.has(keyOf(u)));
    expect(missing).toEqual([]);
    const sizes = urls.map((u) => objects.get(keyOf(u))!);
    console.info(
      `${urls.length} product images, average ${Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length)} bytes, largest ${Math.max(...sizes)} bytes`,
    );
    expect(Math.max(...sizes)).toBeLessThan(15_000);
    const read = async (url: string) => (await store.read(keyOf(url)))!;
    expect(await sharp(await read(urls[0])).metadata()).toMatchObject({ format: "webp", width: 640, height: 640 });

    const categoryRows = await database.db.select().from(categories);
    for (const c of categoryRows) expect(objects.has(keyOf(c.imageUrl!)), c.slug).toBe(true);
    expect(await sharp(await read(categoryRows[0].imageUrl!)).metadata()).toMatchObject({ width: 320, height: 320 });
    const slideRows = await database.db.select().from(slides);
    for (const s of slideRows) {
      expect(await sharp(await read(s.imageUrl)).metadata()).toMatchObject({
        format: "webp",
        width: 1200,
        height: 450,
      });
    }
    expect(objects.has("brand/logo.webp")).toBe(true);

    // A restart finds everything in place: nothing is seeded or redrawn.
    const stamp = (await store.stat(keyOf(urls[0])))!.modified.getTime();
    sharpCalls.count = 0;
    expect(await seedDemoStore(database.db, { media: store })).toBe(false);
    expect(sharpCalls.count).toBe(0);
    expect((await store.stat(keyOf(urls[0])))!.modified.getTime()).toBe(stamp);
  });

  it("issue 13 §2: makes every served width of every stored image at seed time", async () => {
    const urls = new Set<string>();
    for (const p of await database.db.select().from(products)) {
      for (const u of [p.imageUrl, p.image2Url, p.image3Url, p.image4Url]) if (u) urls.add(u);
    }
    for (const c of await database.db.select().from(categories)) if (c.imageUrl) urls.add(c.imageUrl);
    for (const s of await database.db.select().from(slides)) urls.add(s.imageUrl);
    for (const [company] of [await database.db.select().from(companyInfo)]) {
      if (company?.companyLogoUrl) urls.add(company.companyLogoUrl);
    }
    expect(urls.size).toBeGreaterThan(500);
    const existing = await listKeys(store);
    const missing: string[] = [];
    for (const url of urls) {
      const rel = keyOf(url);
      const key = contentKey((await store.read(rel))!);
      for (const w of IMAGE_WIDTHS) if (!existing.has(variantKey(rel, key, w))) missing.push(`${url}?w=${w}`);
    }
    expect(missing).toEqual([]);

    // Served from those objects: the exact width, cacheable for a year, and not one sharp() call.
    const app = new Hono();
    app.route("/media", createMediaRoutes(store));
    const sample = [...urls].filter((_, i) => i % 25 === 0);
    sharpCalls.count = 0;
    for (const url of sample) {
      for (const w of IMAGE_WIDTHS) {
        const res = await app.request(`${url}?w=${w}`);
        expect(res.status, `${url}?w=${w}`).toBe(200);
        expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
        await res.arrayBuffer();
      }
    }
    expect(sharpCalls.count).toBe(0);
    const [product] = [...urls].filter((u) => u.startsWith("/media/products/"));
    const meta = await sharp(Buffer.from(await (await app.request(`${product}?w=320`)).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 320 });
    // Never enlarged: a 640 px product image at w=1200 is the 640 px copy.
    const big = await sharp(Buffer.from(await (await app.request(`${product}?w=1200`)).arrayBuffer())).metadata();
    expect(big.width).toBe(640);
  });

  it("issue 24 §1: a second host on the same database and store draws nothing and answers with the same ETags", async () => {
    // Another process: its own client for the same bucket (or directory), nothing remembered.
    const other =
      kind === "s3" ? createS3Store(store.description, s3Settings(s3!)) : createLocalStore(store.description);
    sharpCalls.count = 0;
    expect(await seedDemoStore(database.db, { media: other })).toBe(false);
    expect(sharpCalls.count).toBe(0);
    const [row] = await database.db.select().from(products).limit(1);
    const one = new Hono().route("/media", createMediaRoutes(store));
    const two = new Hono().route("/media", createMediaRoutes(other));
    for (const url of [row.imageUrl!, `${row.imageUrl}?w=320`]) {
      const [a, b] = await Promise.all([one.request(url), two.request(url)]);
      expect(b.status).toBe(200);
      expect(b.headers.get("ETag")).toBe(a.headers.get("ETag"));
      expect(Buffer.from(await b.arrayBuffer()).equals(Buffer.from(await a.arrayBuffer()))).toBe(true);
    }
  });

  it("redraws images a previous start did not finish", { timeout: 60_000 }, async () => {
    const [first] = await database.db.select().from(products).limit(1);
    const key = keyOf(first.imageUrl!);
    await store.remove([key, ".demo-images-v2"]);
    expect(await seedDemoStore(database.db, { media: store })).toBe(false);
    expect(await store.stat(key)).not.toBeNull();
  });

  it("gives a store drawn before the widths were made ahead (v1) its widths on the next start", async () => {
    const [first] = await database.db.select().from(products).limit(1);
    const rel = keyOf(first.imageUrl!);
    const variant = variantKey(rel, contentKey((await store.read(rel))!), 480);
    await store.remove([variant, ".demo-images-v2"]);
    const stamp = (await store.stat(rel))!.modified.getTime();
    expect(await seedDemoStore(database.db, { media: store })).toBe(false);
    expect(await store.stat(variant)).not.toBeNull();
    // The original is kept (its content, hence every other width's key, is unchanged).
    expect((await store.stat(rel))!.modified.getTime()).toBe(stamp);
  });
});
