/**
 * The demo store (ARCHITECTURE.md run contract, "Demo seed"): seeded on first start when the
 * database is empty, with images drawn offline by sharp from lucide-static icons (no download at
 * run time). Data lives in `./data/*`; this module writes it and draws the images.
 */
import { havanaDate } from "~/utils/dates";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Db } from "~/db/client.server";
import {
  categories,
  companyInfo,
  coupons,
  exchangeRates,
  products,
  profiles,
  providerApplications,
  reviews,
  slides,
  users,
} from "~/db/schema";
import { keyOfUrl, listKeys, type MediaStore } from "~/features/media/store.server";
import { hasAllVariants, writeImageVariants } from "~/features/media/variants.server";
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
  type SlideArt,
} from "./data/content";
import { buildDemoReviews, DEMO_REVIEWERS } from "./data/reviews";

/** Any fixed number: the advisory lock that keeps two app processes from seeding one PostgreSQL twice. */
const SEED_LOCK_KEY = 5_355_512_345;
/**
 * Written in the media store once every demo image exists in every served width, so a restart
 * (or another host on the same bucket) does not look at thousands of objects. v2: the widths are
 * made too (widths of an older directory are remade by `upgradeLegacyWidths`).
 */
const IMAGES_DONE_MARKER = ".demo-images-v2";
const IMAGE_CONCURRENCY = 4;
const INSERT_CHUNK = 100;

export const productImageUrl = (id: number, n: number) => `/media/products/p${id}-${n}.webp`;
export const categoryImageUrl = (slug: string) => `/media/categories/${slug}.webp`;
export const slideImageUrl = (n: number) => `/media/slides/slide-${n}.webp`;
export const LOGO_URL = "/media/brand/logo.webp";

/**
 * The demo operator (D24, issue 12): signs in through the normal login and runs the back office.
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
    await insertPeopleAndReviews(tx as unknown as Db, plan, ids, passwordHash, now);
    const { password: _operatorPassword, ...operator } = DEMO_OPERATOR;
    await tx
      .insert(users)
      .values({ ...operator, passwordHash: operatorHash, isActive: true, role: "operator" })
      .onConflictDoNothing();
    await insertContent(tx as unknown as Db, now);
    // D12: the search vectors and typo vocabulary are built from the rows just written.
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

// ---------------------------------------------------------------------------------------------
// Images: drawn offline from lucide-static icons, no text (fonts may be missing).

type ImageJob = { key: string; width: number; height: number; svg: () => string };

/** Soft background pairs; products cycle through them so their 1-4 images differ. */
const SOFT_BACKGROUNDS = [
  ["#fef3c7", "#fde68a"],
  ["#e0f2fe", "#bae6fd"],
  ["#dcfce7", "#bbf7d0"],
  ["#fce7f3", "#fbcfe8"],
  ["#ede9fe", "#ddd6fe"],
  ["#ffedd5", "#fed7aa"],
  ["#f1f5f9", "#e2e8f0"],
  ["#ccfbf1", "#99f6e4"],
] as const;

/**
 * Draws every demo image that is missing, then leaves a marker. Called right after seeding, and
 * on later starts when a previous start stopped before finishing them.
 */
async function ensureDemoImages(db: Db, media: MediaStore): Promise<void> {
  if (await media.stat(IMAGES_DONE_MARKER)) return;
  const plan = buildDemoProducts();
  const byName = new Map(plan.map((p) => [p.fields.name, p]));
  const stored = await db.select({ id: products.id, name: products.name }).from(products);
  const matched = stored.filter((row) => byName.has(row.name));
  await renderDemoImages(
    media,
    matched.map((row) => byName.get(row.name)!),
    matched.map((row) => row.id),
  );
}

/** Renders the product (`plan[i]` has id `ids[i]`), category, slide and logo images. */
async function renderDemoImages(media: MediaStore, plan: DemoProduct[], ids: number[]): Promise<void> {
  const jobs: ImageJob[] = [];
  const keyOf = (url: string) => keyOfUrl(url)!;
  plan.forEach((p, i) => {
    for (let n = 1; n <= p.imageCount; n++) {
      jobs.push({
        key: keyOf(productImageUrl(ids[i], n)),
        width: 640,
        height: 640,
        svg: () => productSvg(p, ids[i], n),
      });
    }
  });
  DEMO_CATEGORIES.forEach((c, ci) => {
    jobs.push({
      key: keyOf(categoryImageUrl(c.slug)),
      width: 320,
      height: 320,
      svg: () => categorySvg(c.icon, c.accent, ci),
    });
    c.subcategories.forEach((s, si) => {
      jobs.push({
        key: keyOf(categoryImageUrl(s.slug)),
        width: 320,
        height: 320,
        svg: () => categorySvg(s.icon, c.accent, ci + si + 1),
      });
    });
  });
  DEMO_SLIDES.forEach((s, i) => {
    jobs.push({ key: keyOf(slideImageUrl(i + 1)), width: 1200, height: 450, svg: () => slideSvg(s.art) });
  });
  jobs.push({ key: keyOf(LOGO_URL), width: 256, height: 256, svg: logoSvg });

  // One listing instead of a look-up per image (thousands of requests on an object store).
  const existing = await listKeys(media);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const stored = existing.has(job.key) ? await media.read(job.key) : null;
      if (stored) {
        // Drawn by an earlier start (perhaps before the widths were made ahead): widths only.
        if (!hasAllVariants(existing, job.key, stored)) {
          await writeImageVariants(media, job.key, stored, () => sharp(stored), job.width, { existing, effort: 2 });
        }
        continue;
      }
      // Drawn once to pixels; the original and every served width are encoded from them (issue
      // 13 point 2: no shopper's request ever resizes).
      const { data, info } = await sharp(Buffer.from(job.svg()))
        .resize(job.width, job.height)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      // effort 2: a third faster than the default for a few hundred bytes more per image.
      const original = await pixels().webp({ quality: 70, effort: 2 }).toBuffer();
      // The widths first: once the original is there, everything it needs is.
      await writeImageVariants(media, job.key, original, pixels, job.width, { effort: 2, fullSize: original });
      await media.write(job.key, original, "image/webp");
    }
  };
  await Promise.all(Array.from({ length: IMAGE_CONCURRENCY }, worker));
  await media.write(IMAGES_DONE_MARKER, Buffer.from(new Date().toISOString()));
}

const iconCache = new Map<string, string>();
let iconsDir: string | null | undefined;

/** The inner elements of a lucide-static icon (24x24 viewBox, stroke-based). */
function iconInner(name: string): string {
  const hit = iconCache.get(name);
  if (hit) return hit;
  if (iconsDir === undefined) {
    try {
      const require = createRequire(import.meta.url);
      iconsDir = path.join(path.dirname(require.resolve("lucide-static/package.json")), "icons");
    } catch {
      iconsDir = path.resolve("node_modules/lucide-static/icons");
    }
  }
  let inner: string;
  try {
    // Icons are tiny and few (~90), each read once: a sync read keeps the SVG builders simple.
    const svg = readFileSync(path.join(iconsDir!, `${name}.svg`), "utf8");
    inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
  } catch {
    // lucide-static missing (a production install without dev dependencies): a plain box.
    inner = '<path d="M21 8 12 3 3 8v8l9 5 9-5z"/><path d="m3 8 9 5 9-5"/><path d="M12 13v8"/>';
  }
  iconCache.set(name, inner);
  return inner;
}

/** An icon drawn in a `size` square at (x, y), optionally rotated about its centre. */
function icon(
  name: string,
  x: number,
  y: number,
  size: number,
  stroke: string,
  opts: { rotate?: number; width?: number; opacity?: number } = {},
) {
  const c = { x: x + size / 2, y: y + size / 2 };
  const rotate = opts.rotate ? ` transform="rotate(${opts.rotate} ${c.x} ${c.y})"` : "";
  const opacity = opts.opacity !== undefined ? ` opacity="${opts.opacity}"` : "";
  return (
    `<g${rotate}${opacity}><svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" ` +
    `stroke="${stroke}" stroke-width="${opts.width ?? 1.4}" stroke-linecap="round" stroke-linejoin="round">` +
    `${iconInner(name)}</svg></g>`
  );
}

function gradient(id: string, from: string, to: string, vertical = false) {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Image `n` of a product: the icon large and centred, in the product's n-th colour (or the
 * category accent), on a soft background; each n has its own composition so the gallery differs.
 */
function productSvg(p: DemoProduct, id: number, n: number): string {
  const colors = p.fields.colors ?? [];
  const stroke = colors.length > 0 ? colors[(n - 1) % colors.length].hex : p.accent;
  const light = luminance(stroke) > 0.72;
  const [from, to] = light ? ["#475569", "#1e293b"] : SOFT_BACKGROUNDS[(id * 3 + n * 5) % SOFT_BACKGROUNDS.length];
  const plate = light ? 'fill="#ffffff" fill-opacity="0.08"' : 'fill="#ffffff" fill-opacity="0.6"';
  const defs = `<defs>${gradient("bg", from, to)}</defs><rect width="640" height="640" fill="url(#bg)"/>`;
  let body: string;
  switch (n) {
    case 1:
      body = `<circle cx="320" cy="320" r="236" ${plate}/>` + icon(p.icon, 140, 140, 360, stroke);
      break;
    case 2:
      body =
        `<rect x="110" y="110" width="420" height="420" rx="64" ${plate} transform="rotate(-6 320 320)"/>` +
        icon(p.icon, 165, 165, 310, stroke, { rotate: -10 });
      break;
    case 3:
      body =
        `<circle cx="250" cy="390" r="250" ${plate}/>` +
        icon(p.icon, 60, 190, 400, stroke, { width: 1.2 }) +
        `<circle cx="500" cy="150" r="80" fill="${stroke}" fill-opacity="0.18"/>` +
        icon(p.icon, 450, 100, 100, stroke, { width: 2 });
      break;
    default:
      body =
        icon(p.icon, 40, 40, 120, stroke, { opacity: 0.25, width: 2 }) +
        icon(p.icon, 480, 480, 120, stroke, { opacity: 0.25, width: 2 }) +
        `<rect x="150" y="150" width="340" height="340" rx="170" ${plate}/>` +
        icon(p.icon, 200, 200, 240, stroke, { width: 1.6 });
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">${defs}${body}</svg>`;
}

function categorySvg(name: string, accent: string, index: number): string {
  const [from, to] = SOFT_BACKGROUNDS[index % SOFT_BACKGROUNDS.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">` +
    `<defs>${gradient("bg", from, to)}</defs><rect width="320" height="320" fill="url(#bg)"/>` +
    `<circle cx="160" cy="160" r="118" fill="#ffffff" fill-opacity="0.65"/>` +
    icon(name, 75, 75, 170, accent, { width: 1.5 }) +
    `</svg>`
  );
}

function slideSvg(art: SlideArt): string {
  const [a, b, c] = art.icons;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="450" viewBox="0 0 1200 450">` +
    `<defs>${gradient("bg", art.from, art.to)}</defs><rect width="1200" height="450" fill="url(#bg)"/>` +
    `<circle cx="960" cy="225" r="260" fill="#ffffff" fill-opacity="0.12"/>` +
    `<circle cx="1130" cy="40" r="120" fill="#ffffff" fill-opacity="0.08"/>` +
    `<circle cx="90" cy="420" r="160" fill="#000000" fill-opacity="0.06"/>` +
    icon(a, 820, 85, 280, "#ffffff", { width: 1.3 }) +
    (b ? icon(b, 640, 250, 150, "#ffffff", { width: 1.6, opacity: 0.85, rotate: -8 }) : "") +
    (c ? icon(c, 1060, 290, 110, "#ffffff", { width: 1.8, opacity: 0.75, rotate: 10 }) : "") +
    `</svg>`
  );
}

function logoSvg(): string {
  // Cuban flag blue to red, a shopping bag and, on it, the flag's star.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<defs>${gradient("bg", "#1d4ed8", "#dc2626")}</defs>` +
    `<rect width="256" height="256" rx="56" fill="url(#bg)"/>` +
    icon("shopping-bag", 48, 40, 160, "#ffffff", { width: 1.6 }) +
    `<path d="${starPath(128, 163, 17, 7)}" fill="#ffffff"/>` +
    `</svg>`
  );
}

/** A five-pointed star centred at (cx, cy) with outer radius R and inner radius r. */
function starPath(cx: number, cy: number, R: number, r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? R : r;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `M${points.join("L")}Z`;
}
