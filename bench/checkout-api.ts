// The checkout bench's app processes (bench/api-server.ts) and the order every shopper places.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { quoteShipping } from "~/features/shipping/shipping";
import { CHECKOUT_ADDRESS } from "../tests/factories";

const root = path.resolve(import.meta.dirname, "..");
export const SECRET_KEY = randomBytes(32).toString("hex");
const POINT = { latitude: CHECKOUT_ADDRESS.delivery_latitude, longitude: CHECKOUT_ADDRESS.delivery_longitude };
export const PRICE_CENTS = 1500;
const SHIPPING_CUP = (() => {
  const quote = quoteShipping({ to: POINT, option: "standard", goodsAfterCouponCents: PRICE_CENTS, now: new Date() });
  if (!quote.ok) throw new Error(quote.error);
  return quote.costCup;
})();
export const ORDER_BODY = {
  ...CHECKOUT_ADDRESS,
  delivery_option: "standard",
  amount: PRICE_CENTS / 100,
  shipping_price: SHIPPING_CUP,
};

let bundled: string | undefined;

/**
 * How to run bench/api-server.ts: through tsx (default), or with BENCH_API=bundle bundled by
 * esbuild (the app's sources in one file, packages left to node_modules) and run by plain node.
 */
async function apiServerArgs(): Promise<string[]> {
  if (process.env.BENCH_API !== "bundle") return ["--import", "tsx", "bench/api-server.ts"];
  if (!bundled) {
    const outfile = path.join(root, "node_modules", ".cache", "bench-api-server.mjs");
    const esbuild = await import("esbuild");
    await esbuild.build({
      entryPoints: [path.join(root, "bench/api-server.ts")],
      outfile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "error",
    });
    bundled = outfile;
  }
  return [bundled];
}

/** Starts bench/api-server.ts on `port` and resolves once it answers. */
export async function startApi(port: number, vars: Record<string, string>): Promise<ChildProcess> {
  // BENCH_NODE_ARGS: extra node flags for the app processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`.
  const flags = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...flags, ...(await apiServerArgs())], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SECRET_KEY, NODE_ENV: "production", DATABASE_URL: "", ...vars },
    // Each order's email is logged to stdout (no SMTP_URL): nobody reads it, so it must not fill a pipe.
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bench API server on ${port} exited`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/currency/exchange-rate/`)).ok) return child;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > 120_000) throw new Error("bench API server did not start in 120 s");
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function stopApi(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

export async function placeOrder(base: string, access: string) {
  const started = performance.now();
  const res = await fetch(`${base}/api/orders/create-order?lang=en`, {
    method: "POST",
    headers: { authorization: `JWT ${access}`, "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify(ORDER_BODY),
  });
  const body = (await res.json()) as { product_id?: number };
  return { status: res.status, ms: performance.now() - started, body };
}
