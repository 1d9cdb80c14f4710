import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PageCache } from "./store";
import { buildEntry } from "./entry";

// Issue 13 point 1 (page cache, ETag/304, bounded memory) and point 5 (CSP nonce, no 'unsafe-inline').

describe("PageCache bounds and invalidation", () => {
  const entry = (html: string, at = Date.now()) =>
    buildEntry(html, "", new Headers({ "Content-Type": "text/html" }), at);

  it("drops the least recently used page past the entry bound", () => {
    const cache = new PageCache({ maxEntries: 2, maxBytes: 1e9, maxAgeMs: 1e9 });
    cache.set("a", entry("a"), 0);
    cache.set("b", entry("b"), 0);
    expect(cache.get("a")).toBeDefined(); // a is now the most recent
    cache.set("c", entry("c"), 0);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
    expect(cache.size).toBe(2);
    expect(cache.stats.evictions).toBe(1);
  });

  it("stays under the byte bound and refuses a page larger than it", () => {
    const big = entry("x".repeat(20_000));
    const cache = new PageCache({ maxEntries: 100, maxBytes: big.bytes * 2 + 10, maxAgeMs: 1e9 });
    for (const key of ["a", "b", "c", "d"]) cache.set(key, entry("x".repeat(20_000)), 0);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(cache.options.maxBytes);
    // Kept compressed: a page that does not compress is what exceeds the bound.
    const noise = randomBytes(150_000).toString("base64");
    expect(cache.set("huge", entry(noise), 0)).toBe(false);
    expect(cache.get("huge")).toBeUndefined();
  });

  it("serves a page no longer than the maximum age", () => {
    let now = 1_000;
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9, maxAgeMs: 500, now: () => now });
    cache.set("a", entry("a", now), 0);
    now += 500;
    expect(cache.get("a")).toBeDefined();
    now += 1;
    expect(cache.get("a")).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it("drops everything on invalidation, and does not keep a render that began before it", () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1e9, maxAgeMs: 1e9 });
    cache.set("a", entry("a"), cache.generation);
    const before = cache.generation;
    cache.invalidate();
    expect(cache.get("a")).toBeUndefined();
    expect(cache.bytes).toBe(0);
    expect(cache.set("b", entry("b"), before)).toBe(false);
    expect(cache.set("b", entry("b"), cache.generation)).toBe(true);
  });

  it("keeps nothing when turned off (PAGE_CACHE_MAX_ENTRIES=0)", () => {
    const cache = new PageCache({ maxEntries: 0, maxBytes: 1e9, maxAgeMs: 1e9 });
    expect(cache.set("a", entry("a"), 0)).toBe(false);
  });
});
