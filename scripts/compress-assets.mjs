#!/usr/bin/env node
// After `react-router build`: writes .br and .gz copies of the hashed client assets, at the
// strongest levels, once. The server sends them as they are (serveStatic `precompressed`) to
// browsers that accept them: fewer bytes for shoppers on slow mobile data and no CPU per request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build", "client/assets");
let files = 0;
for (const name of fs.readdirSync(dir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(dir, name);
  const data = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  files++;
}
console.log(`Compressed ${files} assets (.br, .gz).`);
