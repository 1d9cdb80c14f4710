// Streams large POST bodies at a server from a process of its own, so that the test process's
// memory is the server's alone. Usage: node stream-posts.mjs BASE_URL BYTES PATH... (one post per
// path, at once; even ones declare a Content-Length, odd ones are chunked). Prints a JSON array of
// { status, connection, sentWhenAnswered } on stdout.
import http from "node:http";

const [base, bytes, ...paths] = process.argv.slice(2);
const total = Number(bytes);
const CHUNK = Buffer.alloc(64 * 1024, 0x61);

function streamPost(path, declareLength) {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    let sent = 0;
    let answered = false;
    const req = http.request(url, {
      method: "POST",
      headers: {
        Origin: url.origin,
        "Content-Type": "multipart/form-data; boundary=x",
        ...(declareLength ? { "Content-Length": String(total) } : {}),
      },
    });
    req.on("response", (res) => {
      answered = true;
      const status = res.statusCode ?? 0;
      const connection = res.headers.connection;
      res.resume();
      res.on("end", () => {
        req.destroy();
        resolve({ status, connection, sentWhenAnswered: sent });
      });
    });
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const write = () => {
      while (!answered && sent < total) {
        sent += CHUNK.byteLength;
        if (!req.write(CHUNK)) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

const outcomes = await Promise.all(paths.map((path, i) => streamPost(path, i % 2 === 0)));
process.stdout.write(JSON.stringify(outcomes));
