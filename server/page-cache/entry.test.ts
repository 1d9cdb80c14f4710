import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { newNonce } from "../csp-nonce";
import { matchesEtag } from "./response";
import { buildEntry, splitAtHoles } from "./entry";
import {
  acceptsDeflate,
  adler32,
  adler32Combine,
  crc32,
  crc32Combine,
  entryDeflate,
  entryGzip,
  entryHtml,
  pageEncodingFor,
} from "./encoding";

// Issue 13 point 1 (page cache, ETag/304, bounded memory) and point 5 (CSP nonce, no 'unsafe-inline').

describe("entries: nonce substitution, ETag and the precomputed deflate (issue 13 points 1, 5)", () => {
  const html = (nonce: string) =>
    `<!DOCTYPE html><html><head><script nonce="${nonce}">a()</script></head><body>${"<p>Arroz · ñandú</p>".repeat(500)}<script nonce="${nonce}" type="module">b()</script></body></html>`;

  it("keeps only the compressed page, and counts what it keeps", () => {
    const page = html("n0nce");
    const entry = buildEntry(page, "n0nce", new Headers(), 0);
    const kept = entry.deflated.reduce((n, piece) => n + piece.buffer.byteLength, 0);
    expect(kept).toBeLessThan(Buffer.byteLength(page) / 5); // no raw copy, no 16 KB zlib chunk behind a piece
    expect(entry.bytes).toBeGreaterThanOrEqual(entry.deflated.reduce((n, piece) => n + piece.length, 0));
  });

  it("replays the page with the current request's nonce, never the one it was rendered with", () => {
    const entry = buildEntry(html("OLDNONCE1234567890abcd=="), "OLDNONCE1234567890abcd==", new Headers(), 0);
    const served = entryHtml(entry, "NEWnonce0987654321zyxw==").toString("utf8");
    expect(served).toBe(html("NEWnonce0987654321zyxw=="));
    expect(served).not.toContain("OLDNONCE");
  });

  it("gives the same ETag whatever the nonce, and another one when the page differs", () => {
    const a = buildEntry(html("nonceA"), "nonceA", new Headers(), 0);
    const b = buildEntry(html("nonceB"), "nonceB", new Headers(), 0);
    const other = buildEntry(html("nonceC").replace("Arroz", "Frijoles"), "nonceC", new Headers(), 0);
    expect(a.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(a.etag).toBe(b.etag);
    expect(other.etag).not.toBe(a.etag);
  });

  it("the deflate stream with the nonce spliced in inflates to the page (zlib checks its Adler-32)", () => {
    const entry = buildEntry(html("renderNonce"), "renderNonce", new Headers(), 0);
    const nonce = newNonce();
    const deflated = entryDeflate(entry, nonce);
    expect(zlib.inflateSync(deflated).toString("utf8")).toBe(html(nonce));
    expect(deflated.length).toBeLessThan(Buffer.byteLength(html(nonce)) / 5);
    // A page without any nonce (none in its HTML) too.
    const plain = buildEntry("<p>hola</p>", "", new Headers(), 0);
    expect(zlib.inflateSync(entryDeflate(plain, nonce)).toString()).toBe("<p>hola</p>");
  });

  it("cuts a signed-in template at its nonces and names, telling a name in a script from one in the page", () => {
    const page = `<p title="Hola, NAME">Hola, NAME</p><script nonce="NONCE">enqueue("[\\"NAME\\"]")</script><b>NAME</b>`;
    const { parts, holes } = splitAtHoles(page, "NONCE", "NAME");
    expect(holes).toEqual(["name", "name", "nonce", "nameInScript", "name"]);
    expect(parts.join("|")).toBe(
      `<p title="Hola, |">Hola, |</p><script nonce="|">enqueue("[\\"|\\"]")</script><b>|</b>`,
    );
    const entry = buildEntry(page, "NONCE", new Headers(), 0, "NAME");
    const name = `Ana "<b>" & 'Ñ' \\ \u2028`;
    const served = `<p title="Hola, Ana &quot;&lt;b&gt;&quot; &amp; &#x27;Ñ&#x27; \\ \u2028">Hola, Ana &quot;&lt;b&gt;&quot; &amp; &#x27;Ñ&#x27; \\ \u2028</p><script nonce="n2">enqueue("[\\"Ana \\\\\\"\\u003cb\\u003e\\\\\\" \\u0026 'Ñ' \\\\\\\\ \\u2028\\"]")</script><b>Ana &quot;&lt;b&gt;&quot; &amp; &#x27;Ñ&#x27; \\ \u2028</b>`;
    expect(entryHtml(entry, "n2", name).toString("utf8")).toBe(served);
    expect(zlib.inflateSync(entryDeflate(entry, "n2", name)).toString("utf8")).toBe(served);
  });

  it("combines Adler-32 checksums as zlib does", () => {
    const a = Buffer.from("x".repeat(70_000) + "abc");
    const b = Buffer.from("Ñ".repeat(9_000));
    expect(adler32Combine(adler32(a), adler32(b), b.length)).toBe(adler32(Buffer.concat([a, b])));
    expect(adler32(Buffer.from("Wikipedia"))).toBe(0x11e60398);
  });

  // Issue 24 point 8: a gzip-only client (a proxy or CDN fetching from the origin) gets the kept
  // page as gzip built from the same stored pieces, no compression per request.
  it("the gzip stream with the nonce and a name spliced in gunzips to the page (zlib checks its CRC-32 and length)", () => {
    const entry = buildEntry(html("renderNonce"), "renderNonce", new Headers(), 0);
    const nonce = newNonce();
    const gzipped = entryGzip(entry, nonce);
    expect(gzipped.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(zlib.gunzipSync(gzipped).toString("utf8")).toBe(html(nonce));
    expect(gzipped.length - entryDeflate(entry, nonce).length).toBe(10 + 8 - 2 - 4);
    const page = `<b>NAME</b><script nonce="NONCE">x("NAME")</script>`;
    const template = buildEntry(page, "NONCE", new Headers(), 0, "NAME");
    expect(zlib.gunzipSync(entryGzip(template, "n3", "Ñandú")).toString("utf8")).toBe(
      `<b>Ñandú</b><script nonce="n3">x("Ñandú")</script>`,
    );
    expect(zlib.gunzipSync(entryGzip(buildEntry("", "", new Headers(), 0), nonce)).toString()).toBe("");
  });

  it("combines CRC-32 checksums as zlib does", () => {
    const a = Buffer.from("x".repeat(70_000) + "abc");
    const b = Buffer.from("Ñ".repeat(9_000));
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
  });

  it("matches If-None-Match weakly, in lists and with *", () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag("*", 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(null, 'W/"abc"')).toBe(false);
  });

  it("reads whether the client takes deflate", () => {
    expect(acceptsDeflate("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsDeflate("deflate;q=0.5")).toBe(true);
    expect(acceptsDeflate("gzip, deflate;q=0")).toBe(false);
    expect(acceptsDeflate("gzip, br")).toBe(false);
    expect(acceptsDeflate(null)).toBe(false);
    expect(pageEncodingFor("gzip, deflate, br")).toBe("deflate");
    expect(pageEncodingFor("gzip")).toBe("gzip");
    expect(pageEncodingFor("gzip;q=1.0, identity; q=0.5")).toBe("gzip");
    expect(pageEncodingFor("gzip;q=0, br")).toBeNull();
    expect(pageEncodingFor("")).toBeNull();
  });
});
