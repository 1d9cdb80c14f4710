/**
 * Purging a CDN's copies of the anonymous pages (docs/operations.md, "CDN"). With
 * `PAGE_CACHE_SHARED_MAX_AGE` a CDN or caching proxy may keep an anonymous page for that long
 * (`s-maxage`); with `CDN_PURGE_URL` every data change that drops the page cache (the existing
 * change signal, app/features/cache) also asks the CDN to drop everything: a `POST` of
 * `{"purge_everything":true}`, with `Authorization: Bearer CDN_PURGE_TOKEN` when set (Cloudflare's
 * purge call takes exactly this; for others point the URL at a small hook of your own).
 *
 * Only the process where the change was made purges (its peers hear of it through PostgreSQL and
 * drop their own caches only), and a burst of changes makes one purge in flight and at most one
 * after it. A purge that fails is logged; the pages then expire after `s-maxage` anyway.
 */
import type { Db } from "~/db/client.server";
import { onDataChange } from "~/features/cache/changes.server";
import { logger } from "~/utils/logger.server";

export type CdnPurger = { stop: () => Promise<void>; readonly purges: number };

const PURGE_TIMEOUT_MS = 5_000;

export function startCdnPurger(db: Db, opts: { url: string; token?: string }): CdnPurger {
  let running: Promise<void> | null = null;
  let again = false;
  let purges = 0;

  async function purge(): Promise<void> {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    try {
      const res = await fetch(opts.url, {
        method: "POST",
        headers,
        body: JSON.stringify({ purge_everything: true }),
        signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
      });
      purges++;
      if (!res.ok) logger.warn({ status: res.status }, "The CDN refused the purge");
      await res.body?.cancel();
    } catch (error) {
      logger.warn({ err: error }, "Purging the CDN failed");
    }
  }

  function request() {
    if (running) {
      again = true;
      return;
    }
    running = purge().finally(() => {
      running = null;
      if (again) {
        again = false;
        request();
      }
    });
  }

  const unsubscribe = onDataChange((changed, _kind, origin) => {
    if (changed === db && origin === "local") request();
  });
  return {
    get purges() {
      return purges;
    },
    async stop() {
      unsubscribe();
      while (running) await running;
    },
  };
}
