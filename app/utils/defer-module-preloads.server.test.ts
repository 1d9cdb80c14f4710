import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferModulePreloads } from "./defer-module-preloads.server";

// Issue 13 point 2: the module preloads leave <head>; one inline script before the body's first
// script adds them once the stylesheet has loaded, whatever the chunks.

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n0=="/><title>Café ñandú</title>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n0=="/></head><body><main>Arroz · ñandú</main>' +
  '<script nonce="n0==">x()</script></body></html>';
const ADDER =
  '<script nonce="n0==">for(const h of ["/assets/entry.js","/assets/root.js"]){' +
  'const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}</script>';
const MOVED =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/>' +
  "<title>Café ñandú</title></head><body><main>Arroz · ñandú</main>" +
  ADDER +
  '<script nonce="n0==">x()</script></body></html>';

async function through(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const piece of Readable.from(chunks).pipe(deferModulePreloads())) out.push(piece as Buffer);
  return Buffer.concat(out).toString("utf8");
}

/** The page cut every `size` bytes (through multibyte characters and the tags too). */
function cut(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

describe("deferModulePreloads", () => {
  it("replaces the preloads in <head> by a script that adds them, in order, before the body's first script", async () => {
    expect(await through([Buffer.from(PAGE)])).toBe(MOVED);
  });

  it("gives the same page however the stream is cut", async () => {
    for (const size of [1, 2, 3, 5, 7, 64, 200])
      expect(await through(cut(PAGE, size)), `chunks of ${size}`).toBe(MOVED);
  });

  it("leaves a page without preloads, or without a head, as it was", async () => {
    const plain = "<html><head><title>x</title></head><body>y</body></html>";
    expect(await through(cut(plain, 4))).toBe(plain);
    expect(await through([Buffer.from("<p>no head</p>")])).toBe("<p>no head</p>");
  });

  it("still sends the preloads when the body has no script", async () => {
    const cutShort = PAGE.slice(0, PAGE.indexOf("<script"));
    expect(await through(cut(cutShort, 9))).toBe(MOVED.slice(0, MOVED.indexOf(ADDER) + ADDER.length));
  });

  it("passes over the page's own JSON-LD script: the adder goes before React Router's (issue 23 point 7, #418)", async () => {
    const ld = '<script type="application/ld+json">{"@type":"Product","name":"Café \\u003cb>"}</script>';
    const page = PAGE.replace("<main>Arroz · ñandú</main>", `<main>${ld}Arroz · ñandú</main>`);
    const moved = MOVED.replace("<main>Arroz · ñandú</main>", `<main>${ld}Arroz · ñandú</main>`);
    for (const size of [1, 2, 3, 5, 7, 64, 200, 10_000])
      expect(await through(cut(page, size)), `chunks of ${size}`).toBe(moved);
  });
});
