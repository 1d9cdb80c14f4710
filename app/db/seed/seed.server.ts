/**
 * The demo store (ARCHITECTURE.md run contract, "Demo seed"): seeded on first start when the
 * database is empty, with images drawn offline by sharp from lucide-static icons (no download at
 * run time). Data lives in `./data/*`; this module writes it, demo-images.server.ts draws the images.
 */
import { havanaDate } from "~/utils/dates";
import { hash } from "@node-rs/argon2";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles, users } from "~/db/schema/accounts";
import { categories, products } from "~/db/schema/catalog";
import { companyInfo, slides } from "~/db/schema/content";
import { coupons } from "~/db/schema/coupons";
import { exchangeRates } from "~/db/schema/currency";
import { providerApplications } from "~/db/schema/providers";
import { reviews } from "~/db/schema/reviews";
import type { MediaStore } from "~/features/media/store.server";
import { refreshSearchIndex } from "~/features/search/search-index.server";
import { createCategory, createProduct } from "../../../tests/factories";
import { buildDemoProducts, DEMO_CATEGORIES, type DemoProduct } from "./data/catalog";
import {
  DEMO_COMPANY,
  DEMO_COUPON,
  DEMO_CUSTOMER,
  DEMO_EXCHANGE_RATE,
  DEMO_PROVIDERS,
  DEMO_SLIDES,
} from "./data/content";
import { buildDemoReviews, DEMO_REVIEWERS } from "./data/reviews";
import { insertDemoComboParts } from "./demo-combos.server";
import {
  categoryImageUrl,
  ensureDemoImages,
  LOGO_URL,
  productImageUrl,
  renderDemoImages,
  slideImageUrl,
} from "./demo-images.server";

/** Any fixed number: the advisory lock that keeps two app processes from seeding one PostgreSQL twice. */
const SEED_LOCK_KEY = 5_355_512_345;
const INSERT_CHUNK = 100;

/**
 * The demo operator (decision “The back office”): signs in through the normal login and runs the back office.
 * Its password is in the README, like the demo customer's, and passes the §5 rules.
 */
export const DEMO_OPERATOR = {
  email: "operador@tienda.cu",
  username: "operador",
  firstName: "Carlos",
  lastName: "Pérez",
  password: "Malecon2026!",
} as const;

/**
 * Seeds the demo store when the catalogue is empty and returns true; otherwise adds nothing and
 * returns false, so it is safe on every start. All rows go in one transaction (all or nothing),
 * guarded by an advisory lock and a re-check inside it. With `media`, the images are drawn into
 * that store inside the same transaction, under the same lock (existing objects are kept): a
 * second host starting at the same time waits, then finds the store seeded and every image in
 * the shared bucket, and draws nothing. With null (tests) only the URLs are stored.
 */
export async function seedDemoStore(db: Db, opts: { media: MediaStore | null }): Promise<boolean> {
  if (await hasCatalogue(db)) {
    // A store seeded before images lived in a shared store, or a host with its own empty
    // DATA_DIR/media on a shared PostgreSQL: the images it lacks are drawn now.
    if (opts.media) await ensureDemoImages(db, opts.media);
    return false;
  }
  const now = new Date();
  const plan = buildDemoProducts(now);
  // Hashed before the transaction: argon2 is deliberately slow and the lock should be short.
  const passwordHash = await hash(DEMO_CUSTOMER.password);
  const operatorHash = await hash(DEMO_OPERATOR.password);

  const productIds = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasCatalogue(tx as unknown as Db)) return null;
    const ids = await insertCatalogue(tx as unknown as Db, plan);
    await insertDemoComboParts(tx as unknown as Db, plan, ids);
    await insertPeopleAndReviews(tx as unknown as Db, plan, ids, passwordHash, now);
    const { password: _operatorPassword, ...operator } = DEMO_OPERATOR;
    await tx
      .insert(users)
      .values({ ...operator, passwordHash: operatorHash, isActive: true, role: "owner" })
      .onConflictDoNothing();
    await insertContent(tx as unknown as Db, now);
    // decision “Search forgives the way people type”: the search vectors and typo vocabulary are built from the rows just written.
    await refreshSearchIndex(tx as unknown as Db);
    if (opts.media) await renderDemoImages(opts.media, plan, ids);
    return ids;
  });
  return productIds !== null;
}

async function hasCatalogue(db: Db): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).limit(1);
  return rows.length > 0;
}

/** Inserts categories and products; returns the product ids, in `plan` order. */
async function insertCatalogue(db: Db, plan: DemoProduct[]): Promise<number[]> {
  const parents = await db
    .insert(categories)
    .values(
      DEMO_CATEGORIES.map((c, i) =>
        createCategory({
          slug: c.slug,
          name: c.name[0],
          nameEn: c.name[1],
          imageUrl: categoryImageUrl(c.slug),
          position: i + 1,
        }),
      ),
    )
    .onConflictDoNothing({ target: categories.slug })
    .returning({ id: categories.id, slug: categories.slug });
  const parentId = new Map(parents.map((p) => [p.slug, p.id]));
  const subs = await db
    .insert(categories)
    .values(
      DEMO_CATEGORIES.flatMap((c) =>
        c.subcategories.map((s, i) =>
          createCategory({
            slug: s.slug,
            name: s.name[0],
            nameEn: s.name[1],
            imageUrl: categoryImageUrl(s.slug),
            parentId: parentId.get(c.slug)!,
            position: i + 1,
          }),
        ),
      ),
    )
    .onConflictDoNothing({ target: categories.slug })
    .returning({ id: categories.id, slug: categories.slug });
  const subId = new Map(subs.map((s) => [s.slug, s.id]));

  // Ids are reserved first so that image URLs (which name the id) go in with the row itself.
  const reserved = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('products', 'id'))::int as id from generate_series(1, ${plan.length})`,
  );
  const ids = rowsOf<{ id: number }>(reserved)
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
  const rows = plan.map((p, i) => {
    const id = ids[i];
    const image = (n: number) => (n <= p.imageCount ? productImageUrl(id, n) : null);
    return {
      ...createProduct({
        ...p.fields,
        categoryId: subId.get(p.subcategorySlug)!,
        imageUrl: image(1),
        image2Url: image(2),
        image3Url: image(3),
        image4Url: image(4),
      }),
      id,
    };
  });
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db.insert(products).values(rows.slice(i, i + INSERT_CHUNK));
  }
  return ids;
}

async function insertPeopleAndReviews(
  db: Db,
  plan: DemoProduct[],
  productIds: number[],
  passwordHash: string,
  now: Date,
): Promise<void> {
  const { password: _password, profile, ...customer } = DEMO_CUSTOMER;
  const joined = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  await db
    .insert(users)
    .values([
      { ...customer, passwordHash, isActive: true, dateJoined: joined(90) },
      ...DEMO_REVIEWERS.map((r, i) => ({ ...r, isActive: false, dateJoined: joined(130 - i * 5) })),
    ])
    .onConflictDoNothing();
  const emails = [customer.email, ...DEMO_REVIEWERS.map((r) => r.email)];
  const stored = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const idOf = new Map(stored.map((u) => [u.email, u.id]));
  const customerId = idOf.get(customer.email);
  if (customerId)
    await db
      .insert(profiles)
      .values({ userId: customerId, ...profile })
      .onConflictDoNothing();

  const reviewerIds = DEMO_REVIEWERS.map((r) => idOf.get(r.email)).filter((id): id is number => id !== undefined);
  const targets = plan.map((p, i) => ({
    id: productIds[i],
    categorySlug: p.categorySlug,
    dateCreated: p.fields.dateCreated as Date,
    sold: p.fields.sold ?? 0,
  }));
  const demoReviews = buildDemoReviews(targets, reviewerIds, now);
  for (let i = 0; i < demoReviews.length; i += INSERT_CHUNK) {
    await db
      .insert(reviews)
      .values(demoReviews.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing();
  }
}

async function insertContent(db: Db, now: Date): Promise<void> {
  await db
    .insert(slides)
    .values(
      DEMO_SLIDES.map(({ art: _art, ...slide }, i) => ({ ...slide, imageUrl: slideImageUrl(i + 1), position: i + 1 })),
    );
  await db
    .insert(companyInfo)
    .values({ ...DEMO_COMPANY, companyLogoUrl: LOGO_URL })
    .onConflictDoNothing({ target: companyInfo.id });
  const [rate] = await db.select({ id: exchangeRates.id }).from(exchangeRates).limit(1);
  if (!rate) {
    await db.insert(exchangeRates).values({ ...DEMO_EXCHANGE_RATE, effectiveDate: havanaDate(now) });
  }
  await db.insert(coupons).values(DEMO_COUPON).onConflictDoNothing({ target: coupons.name });
  const [provider] = await db.select({ id: providerApplications.id }).from(providerApplications).limit(1);
  if (!provider) await db.insert(providerApplications).values([...DEMO_PROVIDERS]);
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres returns { rows }, PGlite's drizzle driver too; guard against a bare array.
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
