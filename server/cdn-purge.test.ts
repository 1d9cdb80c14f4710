import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { applyChange, dataChanged } from "~/features/cache/changes.server";
import { startCdnPurger } from "./cdn-purge";
import { sharedCacheControl } from "./page-cache/response";

// Issue 24 point 8: a CDN may keep anonymous pages briefly (s-maxage), and every data change made
// in this process asks it to drop them (a POST to CDN_PURGE_URL), once per burst.

describe("CDN purges following the change signal", () => {
  const received: Array<{ auth?: string; body: string }> = [];
  let server: http.Server;
  let url = "";
  let hold = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ auth: req.headers.authorization, body });
        setTimeout(() => res.end('{"success":true}'), hold);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/zones/z/purge_cache`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("says s-maxage only when PAGE_CACHE_SHARED_MAX_AGE is set", () => {
    expect(sharedCacheControl(0)).toBe("public, max-age=0, must-revalidate");
    expect(sharedCacheControl(60)).toBe("public, max-age=0, s-maxage=60, must-revalidate");
  });

  it("purges on a change made here, not on one a peer announced; a burst makes at most two purges", async () => {
    const db = {} as Db;
    const other = {} as Db;
    const purger = startCdnPurger(db, { url, token: "cdn-token" });
    dataChanged(db);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toEqual({ auth: "Bearer cdn-token", body: '{"purge_everything":true}' });

    applyChange(db, "all", "peer"); // the process that made it purges
    dataChanged(other); // another database
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(1);

    hold = 150;
    for (let i = 0; i < 10; i++) dataChanged(db, i % 2 ? "stock" : "all");
    await purger.stop();
    expect(received.length).toBe(3);
    dataChanged(db); // stopped
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.length).toBe(3);
  });
});
