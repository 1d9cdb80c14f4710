/**
 * Outgoing email (run contract): over SMTP when `SMTP_URL` is set, else each message is written as
 * an `.eml` file under `DATA_DIR/outbox` and its links are logged, so development needs no mail
 * server and nothing is lost.
 */
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

/** One email; `messageId` (`<…@…>`) is set by the outbox so that every try of one row is the same message. */
export type MailMessage = { to: string; subject: string; text: string; html: string; messageId?: string };

/**
 * How long one SMTP exchange may wait (nodemailer's defaults are 2 minutes to connect, 30 s for the
 * greeting and 10 minutes of silence): a mail server that stalls fails the send in seconds, well
 * inside the outbox's 5-minute lease, and the row is retried later.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

const transports = new Map<string, Transporter>();

function transportFor(env: Env): Transporter {
  const key = env.SMTP_URL || `outbox:${env.DATA_DIR}`;
  let transport = transports.get(key);
  if (!transport) {
    transport = env.SMTP_URL
      ? nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    transports.set(key, transport);
  }
  return transport;
}

/** The mail domain: the public host (a real domain in production, `localhost.localdomain` in development). */
export function senderDomain(env: Pick<Env, "PUBLIC_URL">): string {
  const host = new URL(env.PUBLIC_URL).hostname;
  return host.includes(".") ? host : `${host}.localdomain`;
}

/** The sender: no-reply at the public host. */
export function senderAddress(env: Pick<Env, "PUBLIC_URL">): string {
  return `"Tienda Cuba" <no-reply@${senderDomain(env)}>`;
}

/** Outbox directories already created by this process. */
const outboxes = new Set<string>();

/** Sends one message; throws when the SMTP server refuses it (callers decide what the user sees). */
export async function sendMail(env: Env, message: MailMessage): Promise<void> {
  const info = await transportFor(env).sendMail({ from: senderAddress(env), ...message });
  if (env.SMTP_URL) return;
  const outbox = path.join(env.DATA_DIR, "outbox");
  if (!outboxes.has(outbox)) {
    await fs.promises.mkdir(outbox, { recursive: true });
    outboxes.add(outbox);
  }
  const file = path.join(
    outbox,
    `${new Date().toISOString().replaceAll(":", "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`,
  );
  // Written off the event loop: a busy store writes one per order (the create-order bench).
  await fs.promises.writeFile(file, (info as unknown as { message: Buffer }).message);
  const links = message.text.match(/https?:\/\/\S+/g) ?? [];
  logger.info({ to: message.to, file, links }, "Email written to the outbox (SMTP_URL unset)");
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * A titled block of label/value rows under the paragraphs: `amounts` (the default) puts each value
 * on the right and keeps it on one line (an order's lines and totals); `details` puts wrapping
 * values beside their labels (an address). A row without a value is a line of its own.
 */
export type EmailSection = {
  title: string;
  layout?: "amounts" | "details";
  rows: Array<{ label: string; value?: string; strong?: boolean }>;
};

function sectionText(section: EmailSection): string[] {
  return [section.title, ...section.rows.map((r) => (r.value === undefined ? r.label : `${r.label}: ${r.value}`)), ""];
}

function sectionHtml(section: EmailSection): string {
  const cell = "padding:6px 0;border-bottom:1px solid #e2e8f0;vertical-align:top";
  const valueCell =
    section.layout === "details"
      ? `${cell};padding-left:16px`
      : `${cell};padding-left:16px;text-align:right;white-space:nowrap`;
  const labelCell = section.layout === "details" ? `${cell};width:35%;color:#475569` : cell;
  const rows = section.rows.map((r) => {
    const weight = r.strong ? ";font-weight:bold" : "";
    return r.value === undefined
      ? `<tr><td colspan="2" style="${cell}${weight}">${escapeHtml(r.label)}</td></tr>`
      : `<tr><td style="${labelCell}${weight}">${escapeHtml(r.label)}</td><td style="${valueCell}${weight}">${escapeHtml(r.value)}</td></tr>`;
  });
  return `<h2 style="font-size:16px;margin:24px 0 4px">${escapeHtml(section.title)}</h2>
<table role="presentation" style="width:100%;max-width:600px;border-collapse:collapse;font-size:14px">
${rows.join("\n")}
</table>`;
}

/**
 * A plain, light email: a greeting, paragraphs, optional sections of rows, one button with its
 * link also written out (some mail apps strip buttons), and a footer. Text and HTML say the same.
 */
export function actionEmail(opts: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  sections?: EmailSection[];
  action: { label: string; url: string };
  footer: string;
}): MailMessage {
  const sections = opts.sections ?? [];
  const text = [
    opts.greeting,
    "",
    ...opts.paragraphs.flatMap((p) => [p, ""]),
    ...sections.flatMap(sectionText),
    `${opts.action.label}: ${opts.action.url}`,
    "",
    opts.footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(opts.greeting)}</p>
${opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${sections.map((section) => `${sectionHtml(section)}\n`).join("")}<p><a href="${escapeHtml(opts.action.url)}" style="display:inline-block;background:#fbbf24;color:#0f172a;padding:10px 18px;border-radius:6px;font-weight:bold;text-decoration:none">${escapeHtml(opts.action.label)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(opts.action.url)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(opts.footer)}</p>
</body></html>`;
  return { to: opts.to, subject: opts.subject, text, html };
}
