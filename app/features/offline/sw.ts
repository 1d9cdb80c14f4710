/**
 * The service worker built by scripts/build-sw.mjs into `<build>/client/sw.js`
 * with Serwist; the page never downloads it as part of its bundle. What it does:
 *
 * - precaches the build's hashed assets and icons (Serwist, with revisions: a new build replaces
 *   them) and the offline page of each language, fetched without cookies so no shopper's name is
 *   ever in it;
 * - pages: network first; when the network fails or is too slow, the copy stored on the last visit
 *   (only pages the server marked `public`: cache-rules.ts), else a redirect to the offline page
 *   of the URL's language;
 * - React Router's `.data` requests are never stored: a failed one tells the router to load the
 *   page as a whole document, which then comes from the store or is the offline page;
 * - product images (`/media/`): cache first, at most MAX_IMAGES of them; scripts a visited page
 *   loaded beyond the precache, likewise;
 * - runtime caches carry the build id and older ones are deleted on activation; signing out drops
 *   every stored page.
 */
import { CacheFirst, CacheableResponsePlugin, ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist } from "serwist";
import type { PrecacheEntry, SerwistPlugin } from "serwist";
import {
  LANGUAGES,
  cacheNames,
  documentUrlOfData,
  isBuildAsset,
  isCacheablePage,
  isDataRequest,
  isMediaImage,
  isNeverCached,
  isSignOut,
  languageOf,
  markFromCache,
  offlinePagePath,
  outdatedCaches,
} from "./cache-rules";

/** The few service worker globals used here (the `webworker` lib would clash with the DOM one). */
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request };
declare const self: {
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
};
/** Set by scripts/build-sw.mjs: the build's files with their revisions. */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];
/** Set by scripts/build-sw.mjs: a hash of the precache manifest, so it changes with every build. */
declare const __BUILD_ID__: string;

const BUILD_ID = __BUILD_ID__;
const CACHES = cacheNames(BUILD_ID);
/** Seconds a page may take before the stored copy is shown instead. */
const PAGE_TIMEOUT_SECONDS = 8;
const MAX_IMAGES = 300;
const MAX_ASSETS = 100;

/** Stores a page only when cache-rules.ts says it is anyone's to read. */
const publicPagesOnly: SerwistPlugin = {
  cacheWillUpdate: async ({ request, response }) =>
    isCacheablePage(new URL(request.url).pathname, {
      status: response.status,
      contentType: response.headers.get("content-type"),
      cacheControl: response.headers.get("cache-control"),
    })
      ? response
      : null,
  // A stored copy says so (the notice reads the attribute): its prices may be out of date.
  cachedResponseWillBeUsed: async ({ cachedResponse }) => (cachedResponse ? markedCopy(cachedResponse) : null),
  // Neither the network nor the store: the offline page, in the URL's language.
  handlerDidError: async ({ request }) => offlineAnswer(new URL(request.url)),
};

async function markedCopy(response: Response): Promise<Response> {
  const html = markFromCache(await response.text());
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function offlineAnswer(url: URL): Promise<Response> {
  const lang = languageOf(url.pathname);
  const offlinePath = offlinePagePath(lang);
  if (url.pathname !== offlinePath) {
    const target = new URL(offlinePath, url.origin);
    target.searchParams.set("from", `${url.pathname}${url.search}`);
    return Response.redirect(target.href, 302);
  }
  const stored = await caches.open(CACHES.offline).then((cache) => cache.match(offlinePath));
  if (stored) return markedCopy(stored);
  return new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * A failed client navigation to a page that may be stored: React Router is told to load it as a
 * document (a single-fetch redirect with reload). Resource routes and personal pages (a fetcher's
 * call, the cart) fail as they would without a service worker.
 */
const reloadAsDocument: SerwistPlugin = {
  handlerDidError: async ({ request }) => {
    const page = documentUrlOfData(new URL(request.url));
    if (isNeverCached(new URL(page, request.url).pathname)) return Response.error();
    return new Response(null, {
      status: 204,
      headers: { "X-Remix-Redirect": page, "X-Remix-Status": "302", "X-Remix-Reload-Document": "true" },
    });
  },
};

const serwist = new Serwist({
  precacheEntries: __PRECACHE_MANIFEST__,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: true,
  clientsClaim: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
      handler: new NetworkFirst({
        cacheName: CACHES.pages,
        networkTimeoutSeconds: PAGE_TIMEOUT_SECONDS,
        plugins: [publicPagesOnly],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && isDataRequest(url.pathname),
      handler: new NetworkOnly({ plugins: [reloadAsDocument] }),
    },
    {
      // Scripts a visited page loaded that the precache left out (lazy chunks): kept as used.
      matcher: ({ url, sameOrigin }) => sameOrigin && isBuildAsset(url.pathname),
      handler: new CacheFirst({
        cacheName: CACHES.assets,
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: MAX_ASSETS })],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && isMediaImage(url.pathname) && !isNeverCached(url.pathname),
      handler: new CacheFirst({
        cacheName: CACHES.images,
        plugins: [
          new CacheableResponsePlugin({ statuses: [200] }),
          new ExpirationPlugin({ maxEntries: MAX_IMAGES, purgeOnQuotaError: true }),
        ],
      }),
    },
  ],
});

// The offline pages, without cookies: whoever is signed in, the stored page names no one.
self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHES.offline).then((cache) =>
      Promise.all(
        LANGUAGES.map(async (lang) => {
          const path = offlinePagePath(lang);
          const response = await fetch(path, { credentials: "omit", cache: "no-store" });
          if (!response.ok) throw new Error(`${path} answered ${response.status}`);
          await cache.put(path, response);
        }),
      ),
    ),
  );
});

// A new build: the runtime caches of older ones go (Serwist cleans its own precache).
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(outdatedCaches(names, BUILD_ID).map((name) => caches.delete(name)))),
  );
});

// Signing out: no page stored while signed in may be shown to whoever uses the phone next.
self.addEventListener("fetch", (event) => {
  if (isSignOut(event.request.method, new URL(event.request.url).pathname)) {
    event.waitUntil(caches.delete(CACHES.pages));
  }
});

serwist.addEventListeners();
