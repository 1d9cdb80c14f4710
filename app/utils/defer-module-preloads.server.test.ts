import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferModulePreloads } from "./defer-module-preloads.server";

// Issue 13 point 2: the module preloads leave <head> for the end of <body>, whatever the chunks.

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n0=="/><title>Café ñandú</title>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n0=="/></head><body><main>Arroz · ñandú</main>' +
  '<script nonce="n0==">x()</script></body></html>';
const MOVED =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/>' +
  "<title>Café ñandú</title></head><body><main>Arroz · ñandú</main>" +
  '<script nonce="n0==">x()</script><link rel="modulepreload" href="/assets/entry.js" nonce="n0=="/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n0=="/></body></html>';

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
  it("moves every preload from <head> to just before </body>, in order", async () => {
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

  it("still sends the preloads when the body never closes", async () => {
    const cutShort = PAGE.slice(0, PAGE.indexOf("</body>"));
    expect(await through(cut(cutShort, 9))).toBe(MOVED.slice(0, MOVED.indexOf("</body>")));
  });
});
