// A real SMTP server on loopback for the e2e run (docs/style.md: mail goes to a real SMTP server): it
// accepts every message and writes it, with its envelope recipients, to MAIL_DIR as one .eml file.
// Started by playwright.config.ts; tests/e2e/mail.ts reads the files.
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.SMTP_SINK_PORT ?? 3225);
const dir = process.env.MAIL_DIR ?? "/tmp/tienda-e2e-data-mail";
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  size: 5 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("error", callback);
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(", ");
      const file = path.join(dir, `${Date.now()}-${process.pid}-${++count}.eml`);
      // Written under a temporary name first, so a reader never sees half a message.
      fs.writeFileSync(`${file}.part`, Buffer.concat([Buffer.from(`X-Envelope-To: ${to}\r\n`), ...chunks]));
      fs.renameSync(`${file}.part`, file);
      callback();
    });
  },
});
server.on("error", (error) => console.error("SMTP sink:", error));
server.listen(port, () => console.log(`SMTP sink on port ${port}, writing to ${dir}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
