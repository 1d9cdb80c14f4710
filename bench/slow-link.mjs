#!/usr/bin/env node
// Arrival speed on a bad link: Chromium with network emulation at 400 kbit/s
// down, 400 ms round trip and a 4x CPU slowdown, on home, a listing, a product page and the
// checkout's place-order step; for each, a first visit (fresh browser context, empty cache) and a
// repeat visit (same context, navigated to again). Prints bytes on the wire, FCP, LCP and the time
// until add-to-cart works: as a plain form post (the button is in the DOM with a box and the page
// has painted) and with JavaScript (React has hydrated: the same marker the e2e `gotoHydrated`
// helper waits for). Home, listing and product are visited signed out (a shopper arriving from a
// search engine); the checkout signed in as the demo customer with an item in the cart, its
// shipping and payment steps done beforehand, unthrottled, in another context (only its cookies
// are carried over, never its HTTP cache).
//
// Standalone: `node bench/slow-link.mjs` starts the production build (BUILD_DIR, default build/)
// on PORT (default 3310) with a fresh data directory; SLOW_LINK_BASE=http://host:port measures a
// server that is already running instead. Figures only, never asserted (tests have no timings).
// `slowLink({ base })` is exported for bench/run.mjs.
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, chromiumPath, requireBuild, startServer, stopServer, tempDataDir } from "./server.mjs";

/** The emulated link (Chrome DevTools' units: bytes per second, milliseconds). */
export const SLOW_LINK = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (200 * 1000) / 8,
};
export const CPU_SLOWDOWN = 4;

const DEMO_CUSTOMER = { email: "cliente@tienda.cu", password: "Habana2026!" };
/** Any add-to-cart form (product cards, the product page's buy box). */
const ADD_TO_CART = 'form[action$="/cart/add"] button[type="submit"]:not([disabled])';
/** The review step's place-order form. */
const PLACE_ORDER = 'form:has(input[name="intent"][value="place"]) button[type="submit"]';
const NAV_TIMEOUT = 180_000;
/** How long after the load event a page may take to hydrate before it is reported as never. */
const SETTLE_TIMEOUT = 60_000;

/**
 * Runs in every document before its own scripts: records FCP, LCP, when the ready control first
 * has a box and when React has hydrated, as milliseconds since the navigation started.
 */
function instrument(selector) {
  const m = { fcp: null, lcp: null, present: null, hydrated: null };
  Object.defineProperty(window, "__slowLink", { value: m });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === "first-contentful-paint") m.fcp = e.startTime;
  }).observe({ type: "paint", buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    m.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  // Same marker as tests/e2e/support.ts waitForHydration.
  const hydrated = () => {
    const form = document.querySelector("#newsletter form");
    if (form) return form.noValidate;
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((k) => k.startsWith("__reactFiber"));
  };
  const present = () =>
    [...document.querySelectorAll(selector)].some((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
  const check = () => {
    const now = performance.now();
    if (m.present === null && present()) m.present = now;
    if (m.hydrated === null && hydrated()) m.hydrated = now;
    if (m.present !== null && m.hydrated !== null) {
      observer.disconnect();
      clearInterval(timer);
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["novalidate"] });
  const timer = setInterval(check, 25);
}

/**
 * Throttles the service workers the page starts, too (each is its own DevTools target, which the
 * page's emulation does not reach): attached paused (non-flattened auto-attach on the page's
 * session), emulated, then resumed; counts what they fetch (a precache, say). Caveat: the worker
 * gets its own 400 kbit/s, it does not share the page's.
 */
async function followWorkers(cdp) {
  const worker = { bytes: 0, pending: 0, lastActivity: Date.now() };
  let seq = 1;
  cdp.on("Target.attachedToTarget", async ({ sessionId, targetInfo }) => {
    const send = (method, params = {}) =>
      cdp
        .send("Target.sendMessageToTarget", {
          sessionId,
          message: JSON.stringify({ id: seq++, method, params }),
        })
        .catch(() => {});
    try {
      if (targetInfo.type === "service_worker") {
        await send("Network.enable");
        await send("Network.emulateNetworkConditions", SLOW_LINK);
      }
    } finally {
      await send("Runtime.runIfWaitingForDebugger");
    }
  });
  cdp.on("Target.receivedMessageFromTarget", ({ message }) => {
    const { method, params } = JSON.parse(message);
    if (method === "Network.requestWillBeSent") worker.pending += 1;
    if (method === "Network.loadingFinished") worker.bytes += params.encodedDataLength;
    if (method === "Network.loadingFinished" || method === "Network.loadingFailed") worker.pending -= 1;
    if (method?.startsWith("Network.")) worker.lastActivity = Date.now();
  });
  await cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return worker;
}

/** Until the service workers have fetched nothing for 2 s (a precache finishing), at most `SETTLE_TIMEOUT`. */
async function workersIdle(worker) {
  const until = Date.now() + SETTLE_TIMEOUT;
  while (Date.now() < until && (worker.pending > 0 || Date.now() - worker.lastActivity < 2000)) {
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One throttled navigation in `page`; returns its figures. */
async function visit(page, cdp, worker, url) {
  const workerBytesBefore = worker.bytes;
  let bytes = 0;
  let requests = 0;
  let network = 0;
  const onSent = (e) => {
    if (!e.request.url.startsWith("data:")) requests += 1;
  };
  // A response from the memory or disk cache, or from a service worker's cache, costs ~0 bytes.
  const onFinished = (e) => {
    bytes += e.encodedDataLength;
    if (e.encodedDataLength > 0) network += 1;
  };
  cdp.on("Network.requestWillBeSent", onSent);
  cdp.on("Network.loadingFinished", onFinished);
  try {
    const response = await page.goto(url, { waitUntil: "load", timeout: NAV_TIMEOUT });
    if (!response || response.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
    // A page that never hydrates (a script refused, say) is reported as such, not waited on forever.
    await page
      .waitForFunction(() => window.__slowLink.present !== null && window.__slowLink.hydrated !== null, null, {
        timeout: SETTLE_TIMEOUT,
        polling: 250,
      })
      .catch(() => {});
    await page.waitForLoadState("networkidle", { timeout: SETTLE_TIMEOUT }).catch(() => {});
    const m = await page.evaluate(() => window.__slowLink);
    await workersIdle(worker);
    const usable = m.present === null || m.fcp === null ? null : Math.max(m.present, m.fcp);
    return {
      kb: Math.round((bytes / 1024) * 10) / 10,
      workerKb: Math.round(((worker.bytes - workerBytesBefore) / 1024) * 10) / 10,
      requests: `${network}/${requests - network}`,
      fcp: m.fcp,
      lcp: m.lcp,
      form: usable,
      hydrated: usable === null || m.hydrated === null ? null : Math.max(usable, m.hydrated),
    };
  } finally {
    cdp.off("Network.requestWillBeSent", onSent);
    cdp.off("Network.loadingFinished", onFinished);
  }
}

/** First visit in a fresh context, then a repeat visit in the same one (via about:blank). */
async function firstAndRepeat(browser, { url, selector, storageState }) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    storageState,
  });
  try {
    await context.addInitScript(instrument, selector);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_LINK);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const worker = await followWorkers(cdp);
    const first = await visit(page, cdp, worker, url);
    // A fresh navigation (not a reload, which would revalidate): what a shopper coming back gets.
    await page.goto("about:blank");
    const repeat = await visit(page, cdp, worker, url);
    return { first, repeat };
  } finally {
    await context.close();
  }
}

/** The listing, product and cookies (signed-in, cart and checkout draft) the run needs. */
async function prepare(browser, base) {
  const get = async (path) => {
    const res = await fetch(`${base}${path}`);
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return res.json();
  };
  const { categories } = await get("/api/category/categories");
  const category = categories.find((c) => c.sub_categories?.length > 0) ?? categories[0];
  const listing = category.sub_categories?.[0]
    ? `/es/shop/${category.slug}/${category.sub_categories[0].slug}`
    : `/es/shop/${category.slug}`;
  const { products } = await get("/api/product/latest?limit=50");
  const product = products.find((p) => p.quantity >= 5 && p.price < 20) ?? products.find((p) => p.quantity > 0);
  if (!product) throw new Error("no product in stock");

  // The checkout's set-up, unthrottled, in its own context: only the cookies go on.
  const setup = await browser.newContext();
  try {
    const request = setup.request;
    const login = await request.post(`${base}/es/login`, { form: DEMO_CUSTOMER, maxRedirects: 0 });
    if (login.status() !== 303) throw new Error(`sign-in: ${login.status()}`);
    const add = await request.post(`${base}/es/cart/add`, { form: { productId: String(product.id), count: "1" } });
    if (add.status() !== 200) throw new Error(`add to cart: ${add.status()}`);
    const shipping = await request.post(`${base}/es/checkout?step=shipping`, {
      form: {
        intent: "shipping",
        first_name: "Yanet",
        last_name: "Castro",
        client_id: "85010112345",
        address: "Calle 23 #456 e/ F y G",
        city: "Plaza de la Revolución",
        state: "La Habana",
        phone: "+53 5 555 1234",
        place: "plaza-de-la-revolucion",
        delivery_option: "standard",
      },
      maxRedirects: 0,
      headers: { Accept: "text/html" },
    });
    if (shipping.status() !== 303) throw new Error(`checkout shipping step: ${shipping.status()}`);
    const payment = await request.post(`${base}/es/checkout?step=payment`, {
      form: { intent: "payment", payment_type: "cash" },
      maxRedirects: 0,
      headers: { Accept: "text/html" },
    });
    if (payment.headers().location !== "/es/checkout?step=review") {
      throw new Error(`checkout payment step: ${payment.status()} ${payment.headers().location}`);
    }
    return { listing, productPath: `/es/product/${product.id}`, storageState: await setup.storageState() };
  } finally {
    await setup.close();
  }
}

/** Measures the four pages against a running server at `base`; returns the table's rows. */
export async function slowLink({ base }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  try {
    const { listing, productPath, storageState } = await prepare(browser, base);
    const pages = [
      { name: "home", path: "/es/", selector: ADD_TO_CART },
      { name: "listing", path: listing, selector: ADD_TO_CART },
      { name: "product", path: productPath, selector: ADD_TO_CART },
      { name: "checkout (review)", path: "/es/checkout?step=review", selector: PLACE_ORDER, storageState },
    ];
    const rows = [];
    const ms = (n) => (n === null ? "never" : Math.round(n));
    for (const p of pages) {
      const { first, repeat } = await firstAndRepeat(browser, { ...p, url: `${base}${p.path}` });
      for (const [visitName, r] of [
        ["first", first],
        ["repeat", repeat],
      ]) {
        rows.push({
          page: p.name,
          visit: visitName,
          "KB on wire": r.kb,
          "SW KB": r.workerKb,
          "requests net/cache": r.requests,
          "FCP ms": ms(r.fcp),
          "LCP ms": ms(r.lcp),
          "add-to-cart form ms": ms(r.form),
          "hydrated ms": ms(r.hydrated),
        });
      }
    }
    return { rows, paths: pages.map((p) => p.path) };
  } finally {
    await browser.close();
  }
}

/** Prints the table with its legend. */
export function printSlowLink({ rows, paths }) {
  console.log(
    `\nSlow link: ${SLOW_LINK.downloadThroughput / 125} kbit/s down, ${SLOW_LINK.uploadThroughput / 125} kbit/s up, ` +
      `${SLOW_LINK.latency} ms round trip, ${CPU_SLOWDOWN}x CPU slowdown (Chromium, 390 px phone; ${paths.join(", ")})`,
  );
  console.table(rows);
  console.log(
    "KB on wire: the page's encoded bytes incl. headers (CDP loadingFinished); SW KB: what its service worker\n" +
      "fetched meanwhile (throttled on its own link; waited for until idle); requests: over the network / from a\n" +
      "cache (memory, disk or the service worker's).\n" +
      "add-to-cart form: the button (checkout: place order) has a box and the page has painted, so it works as a\n" +
      "form post; hydrated: React has hydrated too (the e2e hydration marker). Home, listing, product signed out;\n" +
      "checkout signed in (demo customer, one item, shipping and payment done).",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const external = process.env.SLOW_LINK_BASE;
  if (external) {
    printSlowLink(await slowLink({ base: external.replace(/\/$/, "") }));
  } else {
    requireBuild();
    const port = Number(process.env.PORT ?? 3310);
    const dataDir = tempDataDir();
    const { child, base } = await startServer({ port, dataDir });
    try {
      // One unmeasured request so the first visit measures the link, not the JIT's first render.
      await fetch(`${base}/es/`);
      printSlowLink(await slowLink({ base }));
    } finally {
      await stopServer(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
