/**
 * Anonymous page cache. Most shoppers are anonymous and see the same HTML for
 * the same path, language, currency and kind of device: each such page is rendered once, kept in
 * memory until the data under it changes (`invalidate()`, wired to features/cache/changes.server.ts),
 * and served with an `ETag` so that a browser or a proxy revalidates it with a 304.
 *
 * This is the store: kept pages by key, bounded by entries and bytes (least recently used out
 * first) and each entry by an age. What goes in a key is key.ts's, how an entry is built
 * entry.ts's (and written out, encoding.ts's), how it is answered response.ts's, and the Hono
 * middleware that ties them together middleware.ts's.
 */
export type PageCacheOptions = {
  /** Most pages kept (PAGE_CACHE_MAX_ENTRIES). 0 turns the cache off. */
  maxEntries: number;
  /** Most bytes kept, raw and compressed together (PAGE_CACHE_MAX_BYTES). */
  maxBytes: number;
  /** Oldest a kept page may be, a safety net for what no write announces (PAGE_CACHE_MAX_AGE_MS). */
  maxAgeMs: number;
  /** How long a shared cache (a CDN) may keep a page, in seconds (PAGE_CACHE_SHARED_MAX_AGE; 0: none). */
  sharedMaxAgeSeconds?: number;
  now?: () => number;
};

/**
 * What goes between two pieces of a kept page: the request's nonce, or (in a signed-in page
 * template, server/signed-in-pages.ts) the shopper's name as HTML text or inside React Router's
 * data script.
 */
export type Hole = "nonce" | "name" | "nameInScript";

/**
 * One kept page: the HTML split at its holes, kept only as deflate pieces (about a fifth of the
 * HTML; sent as deflate or gzip, and inflated for the few clients that take neither), each piece's
 * length and checksums,
 * what goes in each hole, and the headers to replay.
 */
export type PageEntry = {
  etag: string;
  deflated: Buffer[];
  lengths: number[];
  adlers: number[];
  /** Each piece's CRC-32 (the gzip trailer's checksum, combined like the Adler-32). */
  crcs: number[];
  /** `holes[i]` goes between `deflated[i]` and `deflated[i + 1]`. */
  holes: Hole[];
  headers: Array<[string, string]>;
  bytes: number;
  storedAt: number;
};

export class PageCache {
  private readonly entries = new Map<string, PageEntry>();
  private totalBytes = 0;
  /** Bumped by every invalidation: a render that began before it is not stored. */
  generation = 0;
  readonly stats = { hits: 0, misses: 0, stores: 0, evictions: 0, invalidations: 0 };

  constructor(readonly options: PageCacheOptions) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): PageEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.options.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so re-insert.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps `entry` unless the data changed since `generation` was read or it alone exceeds the bound. */
  set(key: string, entry: PageEntry, generation: number): boolean {
    if (generation !== this.generation || this.options.maxEntries <= 0) return false;
    if (entry.bytes > this.options.maxBytes) return false;
    this.delete(key);
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    this.stats.stores++;
    while (this.entries.size > this.options.maxEntries || this.totalBytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
      this.stats.evictions++;
    }
    return true;
  }

  /** The data under the pages changed: drop them all. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.totalBytes = 0;
    this.stats.invalidations++;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }
}
