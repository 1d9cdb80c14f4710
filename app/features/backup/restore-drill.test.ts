import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type Db, openDatabase } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import { orderItems, orders } from "~/db/schema/orders";
import type { User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { createMediaRoutes } from "~/features/media/media.server";
import { keyOfUrl, type MediaStore, mediaStore } from "~/features/media/store.server";
import { storeUploadedImage } from "~/features/media/upload.server";
import { createOrder } from "~/features/orders/create.server";
import { type Env, getEnv } from "~/utils/env.server";
import { cartCheckoutInput, insertCategory, insertProduct, insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { type S3StandIn, startS3StandIn } from "../../../tests/support/s3";
import { startBackupControl } from "./control.server";

// Issue 24 §6, the restore drill: orders placed, a backup taken while the store serves (and
// orders keep coming), more orders and images after it, then the backup restored elsewhere holds
// exactly the orders, stock and images of its moment. On the embedded database (media in
// DATA_DIR, the backup written by the serving process through its socket) and on PostgreSQL
// (media in an S3 bucket, pg_dump). The commands run as processes, as an operator runs them.

const run = promisify(execFile);
const SECRET_KEY = "test-secret-key-0123456789abcdef";
const INITIAL_STOCK = 60;

/** Runs `npm run backup|restore -- file` (node --import tsx scripts/x.ts) with `env`. */
function command(name: "backup" | "restore", file: string, env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, file], {
    env: { ...process.env, DATABASE_URL: "", MEDIA_URL: "", SECRET_KEY, LOG_LEVEL: "warn", ...env },
  });
}

/** Product ids with their stock, and every order with its lines. */
async function snapshot(db: Db) {
  const stock = Object.fromEntries(
    (await db.select({ id: products.id, quantity: products.quantity }).from(products)).map((p) => [p.id, p.quantity]),
  );
  const lines = await db
    .select({
      transactionId: orders.transactionId,
      amount: orders.amountCents,
      productId: orderItems.productId,
      count: orderItems.count,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id));
  const byOrder = new Map<string, { amount: number; lines: [number, number][] }>();
  for (const line of lines) {
    const order = byOrder.get(line.transactionId) ?? { amount: line.amount, lines: [] };
    order.lines.push([line.productId!, line.count]);
    byOrder.set(line.transactionId, order);
  }
  return { stock, orders: byOrder };
}

describe.each(databaseKinds())("restore drill on %s (issue 24 §6)", (kind) => {
  let s3: S3StandIn | undefined;
  let source: Database;
  let env: Env;
  let media: MediaStore;
  let db: Db;
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `drill-${name}-`));
    dirs.push(dir);
    return dir;
  };
  /** The variables that point a command at the source store. */
  let sourceEnv: Record<string, string>;
  const productIds: number[] = [];
  const images: string[] = [];
  let shopper: User;

  beforeAll(async () => {
    const dataDir = tempDir("source");
    if (kind === "pglite") {
      source = await openDatabase({ dataDir });
      await source.migrate();
      sourceEnv = { DATA_DIR: dataDir };
    } else {
      s3 = await startS3StandIn();
      await s3.createBucket("drill-source");
      source = await createTestDatabase("postgres");
      const pool = (source.db as unknown as { $client: { options: { connectionString: string } } }).$client;
      sourceEnv = {
        DATA_DIR: dataDir,
        DATABASE_URL: pool.options.connectionString,
        ...s3.env("drill-source", "media"),
      };
    }
    env = getEnv({ ...sourceEnv, SECRET_KEY } as NodeJS.ProcessEnv);
    media = mediaStore(env);
    db = source.db;

    const category = await insertCategory(db, { slug: `drill-${kind}` });
    for (const colour of ["#ef4444", "#22c55e", "#3b82f6"]) {
      const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const stored = await storeUploadedImage(media, "products", new Blob([new Uint8Array(png)]));
      if (!stored.ok) throw new Error(stored.error);
      images.push(stored.url);
      const product = await insertProduct(db, {
        categoryId: category.id,
        quantity: INITIAL_STOCK,
        priceCents: 1000,
        imageUrl: stored.url,
      });
      productIds.push(product.id);
    }
    shopper = (await insertUser(db)) as User;
  });

  afterAll(async () => {
    await source?.close();
    await s3?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  let next = 0;
  async function placeOrder(productId: number, count: number): Promise<string> {
    const added = await mergeCartLine(db, shopper.id, { productId, count });
    if (!added.ok) throw new Error(added.error);
    const input = await cartCheckoutInput(db, shopper.id);
    const placed = await createOrder({ db, env }, shopper, input, { lang: "es", idempotencyKey: `drill-${next++}` });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    return placed.order.transactionId;
  }

  it("restores exactly the orders, stock and images of the backup's moment", { timeout: 240_000 }, async () => {
    const before = [await placeOrder(productIds[0], 2), await placeOrder(productIds[1], 3)];
    const file = path.join(tempDir("file"), "tienda.tar");

    // The backup, taken while orders keep coming in.
    const control = kind === "pglite" ? await startBackupControl({ database: source, media, env }) : null;
    const during: string[] = [];
    let done = false;
    const backup = command("backup", file, sourceEnv).finally(() => (done = true));
    while (!done && during.length < 40) during.push(await placeOrder(productIds[2], 1));
    const { stdout } = await backup;
    expect(stdout).toMatch(/^Backed up to .*tienda\.tar/);
    expect(during.length, "orders placed while the backup ran").toBeGreaterThan(0);
    await control?.close();

    // After the backup: another order and another image.
    const after = await placeOrder(productIds[0], 5);
    const late = await storeUploadedImage(
      media,
      "slides",
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 90, height: 30, channels: 3, background: "#000" } })
            .png()
            .toBuffer(),
        ),
      ]),
    );
    if (!late.ok) throw new Error(late.error);
    const live = await snapshot(db);
    expect(live.orders.has(after)).toBe(true);

    // Restored elsewhere: an empty DATA_DIR, or an empty database and an empty bucket.
    const targetDir = tempDir("target");
    let targetEnv: Record<string, string> = { DATA_DIR: targetDir };
    let targetUrl: string | undefined;
    if (kind === "postgres") {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `drill_${process.pid}_${Date.now()}`;
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      targetUrl = url.toString();
      await s3!.createBucket("drill-target");
      targetEnv = { ...targetEnv, DATABASE_URL: targetUrl, ...s3!.env("drill-target", "media") };
    }
    const restored = await command("restore", file, targetEnv);
    expect(restored.stdout).toMatch(/^Restored the backup of /);

    const target = await openDatabase({ databaseUrl: targetUrl, dataDir: kind === "pglite" ? targetDir : null });
    try {
      const back = await snapshot(target.db);
      // Every order from before the backup, none from after; of those placed during it, whole ones only:
      for (const id of before) expect(back.orders.get(id), id).toEqual(live.orders.get(id));
      expect(back.orders.has(after)).toBe(false);
      for (const [id, order] of back.orders) expect(order, id).toEqual(live.orders.get(id));
      expect([...back.orders.keys()].every((id) => before.includes(id) || during.includes(id))).toBe(true);
      // ...and the stock says exactly as much: each product's initial stock less what those orders took.
      for (const productId of productIds) {
        const taken = [...back.orders.values()]
          .flatMap((o) => o.lines)
          .filter(([p]) => p === productId)
          .reduce((sum, [, count]) => sum + count, 0);
        expect(back.stock[productId], `product ${productId}`).toBe(INITIAL_STOCK - taken);
      }
      expect(back.stock[productIds[0]]).toBe(INITIAL_STOCK - 2);

      // The images: every one the restored rows point at, byte for byte and with the same ETag; not
      // the one stored after the backup.
      const restoredMedia = mediaStore(getEnv({ ...targetEnv, SECRET_KEY } as NodeJS.ProcessEnv));
      const [sourceRoutes, targetRoutes] = [media, restoredMedia].map((store) =>
        new Hono().route("/media", createMediaRoutes(store)),
      );
      for (const url of images) {
        for (const u of [url, `${url}?w=160`]) {
          const [a, b] = await Promise.all([sourceRoutes.request(u), targetRoutes.request(u)]);
          expect(b.status, u).toBe(200);
          expect(b.headers.get("ETag")).toBe(a.headers.get("ETag"));
          expect(Buffer.from(await b.arrayBuffer()).equals(Buffer.from(await a.arrayBuffer()))).toBe(true);
        }
      }
      expect(await restoredMedia.stat(keyOfUrl(late.url)!)).toBeNull();
    } finally {
      await target.close();
    }

    // A second restore into the same (now full) target is refused, and changes nothing.
    const refused = await command("restore", file, targetEnv).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(
      /^Refused: .*(already holds an embedded database|is not empty)/m,
    );

    if (kind === "postgres") {
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${new URL(targetUrl!).pathname.slice(1)} WITH (FORCE)`);
      await cleanup.end();
    }
  });

  it.runIf(kind === "pglite")(
    "backs up a stopped store too, opening its database itself",
    { timeout: 120_000 },
    async () => {
      await source.close();
      const file = path.join(tempDir("stopped"), "stopped.tar");
      const { stdout } = await command("backup", file, sourceEnv);
      expect(stdout).toMatch(/the embedded database \(\d+ migrations\) and \d+ media objects/);
      // Reopened for afterAll.
      source = await openDatabase({ dataDir: sourceEnv.DATA_DIR });
    },
  );

  it("refuses to overwrite a file, and says what a bad file is", async () => {
    const dir = tempDir("bad");
    const existing = path.join(dir, "exists.tar");
    fs.writeFileSync(existing, "x");
    const overwrite = await command("backup", existing, sourceEnv).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(overwrite).toMatchObject({ code: 1 });
    expect((overwrite as { stderr: string }).stderr).toMatch(/already exists: choose another name/);
    const bad = await command("restore", existing, { DATA_DIR: tempDir("bad-target") }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(bad).toMatchObject({ code: 1 });
    expect((bad as { stderr: string }).stderr).toMatch(/Restore failed: .*(not a backup|Unexpected end|Invalid tar)/i);
  });
});
