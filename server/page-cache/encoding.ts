/**
 * How a kept page (store.ts, entry.ts) is written out for one request without compressing it
 * again: the stored pieces are raw deflate streams, each ending byte-aligned (sync flush), and
 * what fills a hole (the request's nonce, a signed-in shopper's name) goes between them as a
 * stored deflate block. The same blocks make a zlib stream (`Content-Encoding: deflate`, RFC 1950:
 * a 2-byte header and an Adler-32 trailer) or a gzip stream (RFC 1952: a 10-byte header and a
 * CRC-32 and length trailer): each checksum of the whole is combined arithmetically from the
 * pieces' own, computed once when the page was kept. So a gzip-only client (most proxies and CDNs
 * fetching from an origin) costs what a browser does.
 */
import zlib from "node:zlib";
import type { Hole, PageEntry } from "./store";

/** What fills each hole of a page for one request. */
function holeFillings(nonce: string, name: string): Record<Hole, Buffer> {
  return {
    nonce: Buffer.from(nonce, "utf8"),
    name: Buffer.from(escapeHtmlText(name), "utf8"),
    nameInScript: Buffer.from(escapeInDataScript(name), "utf8"),
  };
}

/** As React writes text and attribute values. */
export function escapeHtmlText(text: string): string {
  return text.replace(/["&'<>]/g, (c) => HTML_ESCAPES[c]);
}
const HTML_ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };

/**
 * As a string inside React Router's data script: turbo-stream writes it as JSON, the chunk is
 * written as a JSON string literal, then `&`, `<`, `>`, U+2028 and U+2029 are escaped for the
 * script element. Each step escapes character by character, so a part of a string is escaped as
 * the whole would be.
 */
export function escapeInDataScript(text: string): string {
  const inStream = JSON.stringify(text).slice(1, -1);
  return JSON.stringify(inStream)
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The page's HTML with `nonce` and `name` in its holes (for a client that takes no deflate). */
export function entryHtml(entry: PageEntry, nonce: string, name = ""): Buffer {
  const fillings = holeFillings(nonce, name);
  const pieces: Buffer[] = [];
  entry.deflated.forEach((piece, i) => {
    if (i > 0) pieces.push(fillings[entry.holes[i - 1]]);
    pieces.push(zlib.inflateRawSync(piece, { finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  });
  return Buffer.concat(pieces);
}

const ZLIB_HEADER = Buffer.from([0x78, 0x9c]);
/** Deflate, no file name or time, no extra flags, unknown OS (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** A final, empty block with fixed Huffman codes: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

export type PageEncoding = "deflate" | "gzip";

/**
 * The page as a zlib (`deflate`) or gzip stream with `nonce` and `name` spliced in: the pieces end
 * byte-aligned (sync flush), each filling is a stored block, the checksum is combined.
 */
export function entryStream(entry: PageEntry, nonce: string, name: string, encoding: PageEncoding): Buffer {
  const gzip = encoding === "gzip";
  const sum = gzip ? crc32 : adler32;
  const combine = gzip ? crc32Combine : adler32Combine;
  const fillings = holeFillings(nonce, name);
  const block = (bytes: Buffer) => ({ stored: storedBlock(bytes), sum: sum(bytes), length: bytes.length });
  const blocks: Record<Hole, ReturnType<typeof block>> = {
    nonce: block(fillings.nonce),
    name: block(fillings.name),
    nameInScript: block(fillings.nameInScript),
  };
  const pieces: Buffer[] = [gzip ? GZIP_HEADER : ZLIB_HEADER];
  let total = gzip ? 0 : 1;
  let length = 0;
  entry.deflated.forEach((piece, i) => {
    if (i > 0) {
      const filling = blocks[entry.holes[i - 1]];
      pieces.push(filling.stored);
      total = combine(total, filling.sum, filling.length);
      length += filling.length;
    }
    pieces.push(piece);
    total = combine(total, gzip ? entry.crcs[i] : entry.adlers[i], entry.lengths[i]);
    length += entry.lengths[i];
  });
  const trailer = Buffer.alloc(gzip ? 8 : 4);
  if (gzip) {
    trailer.writeUInt32LE(total >>> 0, 0);
    trailer.writeUInt32LE(length >>> 0, 4);
  } else {
    trailer.writeUInt32BE(total >>> 0);
  }
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/** The page as a zlib stream (`Content-Encoding: deflate`, RFC 1950). */
export const entryDeflate = (entry: PageEntry, nonce: string, name = "") => entryStream(entry, nonce, name, "deflate");

/** The page as a gzip stream (`Content-Encoding: gzip`, RFC 1952). */
export const entryGzip = (entry: PageEntry, nonce: string, name = "") => entryStream(entry, nonce, name, "gzip");

/** A non-final stored deflate block holding `data` (at most 65,535 bytes; a nonce is 24, a name at most ~900). */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = 0x00;
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

const ADLER_BASE = 65521;

export function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  // 5552 bytes is the most that can be summed before the 32-bit sums must be reduced.
  for (let start = 0; start < data.length; start += 5552) {
    const end = Math.min(start + 5552, data.length);
    for (let i = start; i < end; i++) {
      a += data[i];
      b += a;
    }
    a %= ADLER_BASE;
    b %= ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib's adler32_combine: the checksum of A then B from each one's and B's length. */
export function adler32Combine(adler1: number, adler2: number, len2: number): number {
  const rem = len2 % ADLER_BASE;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % ADLER_BASE;
  sum1 += (adler2 & 0xffff) + ADLER_BASE - 1;
  sum2 += ((adler1 >>> 16) & 0xffff) + ((adler2 >>> 16) & 0xffff) + ADLER_BASE - rem;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

/** Whether the client takes `Content-Encoding: deflate` (named, and not with q=0). */
export const acceptsDeflate = (acceptEncoding: string | null | undefined) => accepts(acceptEncoding, "deflate");

/** CRC-32 of `data` (zlib's, native). */
export const crc32 = (data: Uint8Array): number => zlib.crc32(data) >>> 0;

/** The CRC-32 polynomial, bits reversed. */
const CRC_POLY = 0xedb88320;

/** a(x)·b(x) modulo the CRC polynomial, both reflected (zlib's multmodp). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0…31 (zlib's x2n_table). */
const X2N = (() => {
  const table = new Array<number>(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let k = 1; k < 32; k++) table[k] = p = multModP(p, p);
  return table;
})();

/** x^(n·2^k) modulo the polynomial (zlib's x2nmodp). */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) {
    if (n & 1) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/** zlib's crc32_combine: the CRC-32 of A then B from each one's and B's length. */
export function crc32Combine(crc1: number, crc2: number, len2: number): number {
  return (multModP(x2nModP(len2, 3), crc1) ^ crc2) >>> 0;
}

/** Whether `acceptEncoding` names `coding` (or `*`) without q=0. */
function accepts(acceptEncoding: string | null | undefined, coding: string): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(",").some((item) => {
    const [name, ...params] = item.trim().toLowerCase().split(";");
    if (name.trim() !== coding) return false;
    return !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
  });
}

/**
 * The encoding a kept page is sent in: deflate when the client takes it (every browser; the
 * smallest header and trailer), else gzip (proxies and CDNs that ask for gzip only), else none.
 */
export function pageEncodingFor(acceptEncoding: string | null | undefined): PageEncoding | null {
  if (accepts(acceptEncoding, "deflate")) return "deflate";
  if (accepts(acceptEncoding, "gzip")) return "gzip";
  return null;
}
