import { signInStaff } from "./staff-sign-in";
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import sharp from "sharp";
import { freePort, t } from "./support";

// Issue 24 §1 and §11: two hosts of the production build, each with its own DATA_DIR (no shared
// disk), on one PostgreSQL and one S3-compatible bucket (s3rver on loopback). The second host is
// ready without drawing the demo images, answers every image with the same bytes and ETag as the
// first, and serves an image an operator uploads through the first host. Its own servers, its own
// database and bucket: skipped without TEST_DATABASE_URL.

const ROOT = path.resolve(import.meta.dirname, "../..");
const OPERATOR = { email: "operador@tienda.cu", password: "Malecon2026!" };
const databaseUrl = process.env.TEST_DATABASE_URL;

type Host = { child: ChildProcess; base: string; dataDir: string; output: () => string };

async function waitFor(check: () => Promise<boolean>, what: string, child?: ChildProcess, output?: () => string) {
  const started = Date.now();
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what}: the process exited\n${output?.()}`);
    if (await check().catch(() => false)) return;
    if (Date.now() - started > 200_000) throw new Error(`${what}: not in 200 s\n${output?.()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function startHost(env: Record<string, string>): Promise<Host> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-host-"));
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/index.js`], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: "info",
      AUTH_RATE_LIMIT: "1000",
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => (await fetch(`${base}/readyz`)).ok,
    "host ready",
    child,
    () => output,
  );
  return { child, base, dataDir, output: () => output };
}

test.describe("two hosts on one PostgreSQL and one bucket (issue 24 §1)", () => {
  test.skip(!databaseUrl, "TEST_DATABASE_URL is not set");
  test.describe.configure({ mode: "serial" });
  let s3: ChildProcess;
  let s3Dir: string;
  let admin: pg.Client;
  let dbName: string;
  const hosts: Host[] = [];

  test.beforeAll(async () => {
    test.setTimeout(420_000);
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-s3-"));
    s3 = spawn(process.execPath, ["--openssl-legacy-provider", "tests/support/s3-server.mjs", "0", s3Dir], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const s3Port = await new Promise<number>((resolve) => {
      let out = "";
      s3.stdout!.on("data", (d) => {
        out += d;
        if (out.includes("\n")) resolve((JSON.parse(out.split("\n")[0]) as { port: number }).port);
      });
    });
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    dbName = `e2e_hosts_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${dbName}`;
    const env = {
      DATABASE_URL: url.toString(),
      SECRET_KEY: "e2e-two-hosts-secret-0123456789abcdef",
      MEDIA_URL: "s3://tienda-media/store",
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${s3Port}`,
      AWS_ACCESS_KEY_ID: "S3RVER",
      AWS_SECRET_ACCESS_KEY: "S3RVER",
      AWS_REGION: "us-east-1",
    };
    // The first host seeds the store and uploads the demo images; only then does the second start.
    hosts.push(await startHost(env));
    hosts.push(await startHost(env));
  });

  test.afterAll(async () => {
    for (const host of hosts) {
      if (host.child.exitCode === null) host.child.kill("SIGTERM");
      fs.rmSync(host.dataDir, { recursive: true, force: true });
    }
    s3?.kill("SIGTERM");
    if (admin) {
      await new Promise((r) => setTimeout(r, 500));
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  test("the second host drew nothing and serves the demo images as the first does", async () => {
    const [a, b] = hosts;
    expect(a.output()).toMatch(/"msg":"Database ready \(postgres, demo store seeded\)/);
    expect(b.output()).toMatch(/"msg":"Database ready \(postgres\) in \d+ ms"/);
    // Media in the bucket: neither host has a media directory of its own.
    for (const host of hosts) expect(fs.existsSync(path.join(host.dataDir, "media"))).toBe(false);

    const slides = (await (await fetch(`${b.base}/api/carousel_slide/get-slides?lang=es`)).json()) as {
      slides: { image_url: string }[];
    };
    const [product] = (
      (await (await fetch(`${b.base}/api/product/latest?limit=1`)).json()) as { products: { image_url: string }[] }
    ).products;
    for (const url of [product.image_url, `${product.image_url}?w=320`, `${slides.slides[0].image_url}?w=1200`]) {
      const [fromA, fromB] = await Promise.all([fetch(a.base + url), fetch(b.base + url)]);
      expect(fromB.status, url).toBe(200);
      expect(fromB.headers.get("etag"), url).toBe(fromA.headers.get("etag"));
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer())), url).toBe(true);
    }
  });

  test("an image an operator uploads through one host is served by the other", async ({ browser }) => {
    const [a, b] = hosts;
    const context = await browser.newContext({ baseURL: a.base });
    const page = await context.newPage();
    // Two-factor (decision 017) on host a's own database: its secret kept beside that database.
    await signInStaff(page, OPERATOR, "es", { dataDir: a.dataDir, baseURL: a.base });

    const name = `Gorras ${Date.now().toString(36)}`;
    const categories = (await (await fetch(`${a.base}/api/category/categories`)).json()) as {
      categories: { id: number; name: string }[];
    };
    const top = categories.categories[0];
    await page.goto("/es/admin/categories");
    await page.getByRole("link", { name: t("es", "admin.categories.addSubTo", { name: top.name }) }).click();
    await page.getByLabel(t("es", "admin.categories.field.name"), { exact: true }).fill(name);
    await page.getByLabel(t("es", "admin.categories.field.nameEn"), { exact: true }).fill(`${name} en`);
    const upload = await sharp({ create: { width: 500, height: 500, channels: 3, background: "#7c3aed" } })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel(t("es", "admin.categories.field.image"), { exact: true })
      .setInputFiles({ name: "gorra.jpg", mimeType: "image/jpeg", buffer: upload });
    await page.getByRole("button", { name: t("es", "admin.categories.create") }).click();
    await expect(page).toHaveURL(/\/es\/admin\/categories\?created=1/);
    await context.close();

    // Host B reads the new row from PostgreSQL and the image from the bucket.
    let imageUrl = "";
    await waitFor(async () => {
      const all = (await (await fetch(`${b.base}/api/category/categories`)).json()) as {
        categories: { sub_categories: { name: string; image_url: string | null }[] }[];
      };
      imageUrl = all.categories.flatMap((c) => c.sub_categories).find((s) => s.name === name)?.image_url ?? "";
      return imageUrl !== "";
    }, "the new subcategory on host B");
    expect(imageUrl).toMatch(/^\/media\/categories\/[\w-]+\.webp$/);
    for (const url of [imageUrl, `${imageUrl}?w=160`]) {
      const [fromA, fromB] = await Promise.all([fetch(a.base + url), fetch(b.base + url)]);
      expect(fromB.status, url).toBe(200);
      expect(fromB.headers.get("content-type")).toBe("image/webp");
      expect(fromB.headers.get("etag")).toBe(fromA.headers.get("etag"));
      expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    }
    expect(
      (await sharp(Buffer.from(await (await fetch(`${b.base}${imageUrl}?w=160`)).arrayBuffer())).metadata()).width,
    ).toBe(160);
  });
});
