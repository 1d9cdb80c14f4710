import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

/** Where tests/e2e/smtp-sink.mjs writes the run's emails (derived as in playwright.config.ts). */
export const MAIL_DIR = `${process.env.E2E_DATA_DIR ?? "/tmp/tienda-e2e-data"}-mail`;

export type Mail = { to: string; subject: string; text: string; links: string[] };

/** Quoted-printable: soft line breaks (`=\r\n`, `=\n`) joined, `=XX` bytes decoded as UTF-8. */
export function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** `=?UTF-8?Q?...?=` / `=?UTF-8?B?...?=` words of a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** The decoded text of every MIME part of a raw message, concatenated (crude but enough here). */
function decodeBodies(raw: string): string {
  const out: string[] = [];
  const partRe = /Content-Transfer-Encoding:\s*([\w-]+)[^]*?\r?\n\r?\n([^]*?)(?=\r?\n--|$)/gi;
  for (const match of raw.matchAll(partRe)) {
    const [, encoding, body] = match;
    if (/quoted-printable/i.test(encoding)) out.push(decodeQuotedPrintable(body));
    else if (/base64/i.test(encoding)) out.push(Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8"));
    else out.push(Buffer.from(body, "latin1").toString("utf8"));
  }
  return out.length ? out.join("\n") : raw;
}

function parse(file: string): Mail {
  const raw = fs.readFileSync(file).toString("latin1");
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(headers)?.[1] ?? "";
  const text = decodeBodies(raw);
  const links = [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
  return { to: header("X-Envelope-To"), subject: decodeHeader(header("Subject")), text, links };
}

/** Waits for the first email to `to` whose links include one matching `link`, and returns it. */
export async function waitForMail(to: string, link: RegExp, timeout = 20_000): Promise<Mail & { link: string }> {
  let found: (Mail & { link: string }) | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(MAIL_DIR)) return false;
        for (const name of fs
          .readdirSync(MAIL_DIR)
          .filter((n) => n.endsWith(".eml"))
          .sort()) {
          const mail = parse(path.join(MAIL_DIR, name));
          if (!mail.to.split(", ").includes(to.toLowerCase())) continue;
          const match = mail.links.find((l) => link.test(l));
          if (match) {
            found = { ...mail, link: match };
            return true;
          }
        }
        return false;
      },
      { timeout, message: `an email to ${to} with a link like ${link}` },
    )
    .toBe(true);
  return found!;
}

/** Every email received for `to` so far. */
export function mailsTo(to: string): Mail[] {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .filter((n) => n.endsWith(".eml"))
    .sort()
    .map((name) => parse(path.join(MAIL_DIR, name)))
    .filter((mail) => mail.to.split(", ").includes(to.toLowerCase()));
}
