/**
 * Takes the `<link rel="modulepreload">` tags that React hoists into `<head>` out of the markup and
 * has one inline script add them instead, placed before the first script of `<body>` (first
 * paint on a slow link). Every byte that arrives before the render-blocking
 * stylesheet has finished delays the first paint: on the emulated 400 kbit/s link the 120 KB of
 * JavaScript, requested as soon as the preload scanner saw the tags (even at the end of <body>),
 * took a third of the link while the 12 KB stylesheet was still coming. A parser-inserted classic
 * script runs only once the stylesheets above it have loaded, and the preload scanner cannot see
 * links a script makes: the modules are now requested the moment the stylesheet is in, still all
 * at once (no import waterfall), before the lazy images that the first layout starts.
 * Measured with `node bench/slow-link.mjs`: home LCP 1.81 → 1.48 s; hydration about 0.4 s later.
 */
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HEAD_END = "</head>";
/** The first script of the body (React Router's): the preloading script goes just before it. */
const BODY_SCRIPT = Buffer.from("<script");
const TAG_END = Buffer.from(">");
/** A script of the page itself (structured data), not one of React Router's. */
const DATA_SCRIPT = Buffer.from("application/ld+json");

/** One inline script that adds the preloads to <head>, with the request's nonce (CSP). */
export function preloadScript(links: string[]): string {
  const hrefs = links.map((link) => /href="([^"]+)"/.exec(link)?.[1]).filter((href) => href !== undefined);
  const nonce = /nonce="([^"]+)"/.exec(links[0])?.[1];
  return (
    `<script${nonce ? ` nonce="${nonce}"` : ""}>for(const h of ${JSON.stringify(hrefs).replace(/</g, "\\u003c")}){` +
    `const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}</script>`
  );
}

export function deferModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let head = ""; // the document until </head>, while it is still arriving
  let script: Buffer | null = null; // the preloading script, until the body's first script is reached
  let held = Buffer.alloc(0); // the body's last bytes, where a split <script may begin
  let inBody = false;

  /**
   * Body bytes out, with the preloading script put before the first <script that is React
   * Router's. A page's own data script (the product page's JSON-LD, `type="application/ld+json"`)
   * is part of the tree React hydrates: a script put before it made React throw the server HTML
   * away (error #418).
   */
  function body(data: Buffer): Buffer {
    if (!script) return data;
    const all = held.length > 0 ? Buffer.concat([held, data]) : data;
    let from = 0;
    for (;;) {
      const at = all.indexOf(BODY_SCRIPT, from);
      if (at === -1) break;
      const tagEnd = all.indexOf(TAG_END, at);
      if (tagEnd === -1) {
        // The tag is cut in two: keep it back until its end arrives.
        held = Buffer.from(all.subarray(at));
        return all.subarray(0, at);
      }
      if (all.subarray(at, tagEnd).includes(DATA_SCRIPT)) {
        from = tagEnd;
        continue;
      }
      const out = Buffer.concat([all.subarray(0, at), script, all.subarray(at)]);
      script = null;
      held = Buffer.alloc(0);
      return out;
    }
    // Keep back what could be the start of a <script cut in two.
    const keep = Math.max(0, Math.min(BODY_SCRIPT.length - 1, all.length - from));
    held = Buffer.from(all.subarray(all.length - keep));
    return all.subarray(0, all.length - keep);
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (inBody) return callback(null, body(chunk));
      head += decoder.write(chunk);
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const found = head.slice(0, end).match(PRELOAD);
      script = found ? Buffer.from(preloadScript(found)) : null;
      const rest = Buffer.from(head.slice(0, end).replace(PRELOAD, "") + head.slice(end));
      head = "";
      inBody = true;
      callback(null, body(rest));
    },
    flush(callback) {
      if (!inBody) return callback(null, Buffer.from(head + decoder.end()));
      // No script in the body (a stream cut short): the preloads go last, so the modules still load.
      callback(null, Buffer.concat([held, script ?? Buffer.alloc(0)]));
    },
  });
}
