/**
 * A real SMTP server on loopback for tests (docs/style.md: mail goes to a real SMTP server started by
 * the test). The app under test sends to `SMTP_URL = smtp.url` with nodemailer, as in production.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  /** The raw RFC 5322 message. */
  raw: string;
  /** The Subject header, encoded words decoded. */
  subject: string;
  /** Every text part (text/plain and text/html) decoded and joined. */
  text: string;
  /** The Message-ID header. */
  messageId: string;
};

export type SmtpMock = {
  url: string;
  messages: ReceivedMail[];
  /** Connections opened so far (a stalled server counts the ones it has not greeted too). */
  connections: () => number;
  /** Resolves with the next message to `address` not yet taken (or already waiting). */
  waitForMail: (address: string, timeoutMs?: number) => Promise<ReceivedMail>;
  /** Messages to `address` received so far and not yet taken by waitForMail. */
  pending: (address: string) => ReceivedMail[];
  close: () => Promise<void>;
};

/**
 * How a mail server may stall (issue 24: email never in a request's way, sent once): hold the
 * greeting after a connection, or hold the reply to DATA after the whole message has arrived.
 * `Infinity` holds it for as long as the client waits. A held message counts as delivered only
 * when the reply "250" is written to a client still connected, as a real server accepts it.
 */
export type SmtpStall = { holdGreetingMs?: number; holdDataReplyMs?: number };

/** Starts the server on 127.0.0.1, port 0 (any free port), stalling as `stall` says. */
export async function startSmtpServer(stall: SmtpStall = {}): Promise<SmtpMock> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<{ address: string; resolve: (mail: ReceivedMail) => void }> = [];

  const deliver = (mail: ReceivedMail) => {
    messages.push(mail);
    const index = waiters.findIndex((w) => mail.to.includes(w.address));
    if (index >= 0) {
      const [waiter] = waiters.splice(index, 1);
      taken.add(mail);
      waiter.resolve(mail);
    }
  };

  const closed = new Set<string>();
  let connections = 0;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const hold = (ms: number | undefined, then: () => void) => {
    if (!ms) return then();
    if (ms === Infinity) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      then();
    }, ms);
    timers.add(timer);
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A stalled client connection must not hold `close()` for smtp-server's default 30 s.
    closeTimeout: 500,
    // The greeting is written once this calls back.
    onConnect(_session, callback) {
      connections++;
      hold(stall.holdGreetingMs, () => callback());
    },
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        hold(stall.holdDataReplyMs, () => {
          if (closed.has(session.id)) return; // the client gave up: nothing was accepted
          deliver({
            to,
            raw,
            subject: decodeHeader(headerOf(raw, "subject")),
            text: decodeBodies(raw),
            messageId: headerOf(raw, "message-id"),
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const pending = (address: string) => messages.filter((m) => !taken.has(m) && m.to.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    connections: () => connections,
    pending,
    waitForMail(address, timeoutMs = 10_000) {
      const waiting = pending(address)[0];
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          address: address.toLowerCase(),
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No email to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Decodes quoted-printable: soft line breaks (`=\r\n`) and `=XX` bytes, as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The first link in `mail` that starts with `prefix` (e.g. `http://localhost:3000/activate/`). */
export function extractLink(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}[^\\s"'<>]*`).exec(mail.text);
  if (!match) throw new Error(`No link starting with ${prefix} in the email:\n${mail.text}`);
  return match[0];
}

function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : "";
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

/** The decoded text of every leaf part of a (possibly multipart) message. */
function decodeBodies(raw: string): string {
  const split = /\r?\n\r?\n/.exec(raw);
  if (!split) return raw;
  const headers = raw.slice(0, split.index);
  const body = raw.slice(split.index + split[0].length);
  const contentType = headerOf(headers, "content-type");
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith("--"))
      .map((part) => decodeBodies(part.replace(/^\r?\n/, "")))
      .join("\n");
  }
  const encoding = headerOf(headers, "content-transfer-encoding").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}
