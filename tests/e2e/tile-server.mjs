// A stand-in for the map's tile server (MAP_TILE_URL) in the end-to-end tests: any
// /{z}/{x}/{y}.png answers one small generated PNG, so nothing calls the internet.
import http from "node:http";
import zlib from "node:zlib";

const port = Number(process.env.TILE_SERVER_PORT ?? 3443);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, body) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 256 x 256 light-green tile with a grey grid line on two edges. */
function makeTile() {
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0;
      row.set(edge ? [190, 190, 190] : [226, 240, 217], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const tile = makeTile();
const TILE_PATH = /^\/\d{1,2}\/\d{1,7}\/\d{1,7}\.png$/;

http
  .createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path === "/") {
      res.writeHead(200, { "Content-Type": "text/plain" }).end("tiles");
    } else if (TILE_PATH.test(path)) {
      res.writeHead(200, {
        "Content-Type": "image/png",
        "Cache-Control": "max-age=3600",
        "Content-Length": tile.length,
      });
      res.end(tile);
    } else {
      res.writeHead(404).end();
    }
  })
  .listen(port, "127.0.0.1", () => console.log(`tile server on http://127.0.0.1:${port}`));
