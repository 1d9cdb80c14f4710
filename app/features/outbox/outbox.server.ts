/**
 * The email outbox: every email the store sends (account, seller and order emails) is written as a
 * row in the transaction of what it tells about and sent after commit by a sender in the server
 * process, so no answer ever waits for composing or delivering a message and a crash between
 * commit and send loses nothing (the scheduled sweep, app/features/jobs, finds the row).
 *
 * Sending is at least once, and exactly once whatever the mail server does (docs/operations.md,
 * "Email"):
 * - a sender claims rows by setting a lease (`locked_until`) with `FOR UPDATE SKIP LOCKED`, so two
 *   senders (two app processes on one PostgreSQL, or two senders in one process) never claim the
 *   same row while its lease runs;
 * - the lease is renewed while the sender still holds rows it has not finished, so a mail server
 *   that holds its replies for longer than the lease cannot make another sender take them too;
 *   the SMTP timeouts (mail.server.ts) bound how long one message may take anyway;
 * - each row is marked sent as soon as the mail server has accepted it (rows accepted while a mark
 *   is being written share the next one), not when its batch ends;
 * - the message's `Message-ID` is derived from the row, so a retry after a crash in the one window
 *   left (accepted, not yet marked) is the same message, recognisable by any mail system.
 * A refused send is retried with a growing delay.
 *
 * Bulk kinds (back-in-stock alerts: thousands at once when a product comes back) go after every
 * other row due, and at most `bulkPerSecond` of them a second, so a blast of alerts neither delays an
 * order's email nor takes the process's time from the pages shoppers are loading.
 *
 * The row holds a `kind` and a `payload`; the message is built at send time by the renderer the
 * sender was given for that kind (each feature renders its own emails: app/features/outbox/mailer.server.ts).
 */
import { type SQL, sql } from "drizzle-orm";
import { type Db, affectedRows } from "~/db/client.server";
import { emailOutbox } from "~/db/schema/outbox";
import { type MailMessage, sendMail, senderDomain } from "~/features/mail/mail.server";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

export type OutboxRow = {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
};

/** A message ready to send and how the log names it; null when there is nothing to send any more. */
export type RenderedEmail = { message: MailMessage; label: string } | null;

/** Builds the messages of a batch of rows of one kind (by row id); a row left out is not sendable. */
export type OutboxRenderer = (db: Db, rows: OutboxRow[]) => Promise<Map<number, RenderedEmail>>;

/** Adds an email row inside the caller's transaction (`tx`): sent after that transaction commits. */
export async function enqueueEmail(tx: Db, kind: string, payload: Record<string, unknown>): Promise<void> {
  await tx.insert(emailOutbox).values({ kind, payload });
}

/**
 * The same, as a fragment of a data-modifying `WITH` for a caller that writes everything in one
 * statement: `rows` is an SQL `select <kind>, <payload jsonb>` whose rows become outbox rows.
 */
export function enqueueEmailsSql(rows: SQL): SQL {
  return sql`insert into ${emailOutbox} (kind, payload) ${rows}`;
}

export type OutboxSenderOptions = {
  db: Db;
  env: Env;
  renderers: Record<string, OutboxRenderer>;
  /** Rows claimed at once (default 50). */
  batchSize?: number;
  /** Messages handed to the mail server at once (default 4). */
  concurrency?: number;
  /** How long a claim holds a row before another sender may take it (default 5 minutes). */
  leaseMs?: number;
  /** How often the lease of rows still held is renewed (default a third of the lease). */
  renewMs?: number;
  /**
   * How long a kick waits before claiming (default 0: the next turn of the event loop). Under load
   * batches form anyway: kicks that arrive during a pass share the one pass after it.
   */
  kickDelayMs?: number;
  /** How long to wait before the next try of a refused row, after `attempts` tries. */
  backoffMs?: (attempts: number) => number;
  /** Sends one message (default: mail.server's sendMail with `env`). */
  send?: (message: MailMessage) => Promise<void>;
  /** Kinds sent after every other due row, and at most `bulkPerSecond` a second (default none). */
  bulkKinds?: string[];
  /** How many bulk emails a sender hands to the mail server a second at most (default 50). */
  bulkPerSecond?: number;
};

/** 10 s, 20 s, 40 s… at most an hour: a mail server that is down is not hammered, and nothing is dropped. */
export const defaultBackoffMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** Sent rows are kept this long (what was sent, for support questions), then pruned by a job. */
export const SENT_EMAILS_KEPT_DAYS = 30;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** The Message-ID of a row's email: the same on every try, unique per row and database. */
export function outboxMessageId(env: Pick<Env, "PUBLIC_URL">, row: Pick<OutboxRow, "id" | "createdAt">): string {
  return `<outbox.${row.id}.${row.createdAt.getTime().toString(36)}@${senderDomain(env)}>`;
}

export type OutboxSender = {
  /** Sends every row due now; resolves once a pass started after this call has finished. */
  flush: () => Promise<void>;
  /** Stops taking rows; resolves once the sends under way have finished. */
  stop: () => Promise<void>;
};

/** A sender over `db`. Nothing runs until `flush` is called (by a write, or the scheduled sweep). */
export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { db, env, renderers } = options;
  const batchSize = options.batchSize ?? 50;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 300_000;
  const renewMs = options.renewMs ?? Math.max(10, Math.floor(leaseMs / 3));
  const kickDelayMs = options.kickDelayMs ?? 0;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const send = options.send ?? ((message: MailMessage) => sendMail(env, message));
  const bulkKinds = new Set(options.bulkKinds ?? []);
  const bulkPerSecond = options.bulkPerSecond ?? 50;
  /** Due rows oldest first, bulk kinds after all the others. */
  const claimOrder =
    bulkKinds.size === 0
      ? sql`id`
      : sql`kind in (${sql.join(
          [...bulkKinds].map((kind) => sql`${kind}`),
          sql`, `,
        )}), id`;

  let stopped = false;
  /** The pass running now, and the one asked for while it runs (kicks coalesce into it). */
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  /** True while the running pass waits out the kick delay: a kick now is served by it. */
  let gathering = false;

  const lease = sql`now() + ${leaseMs} * interval '1 millisecond'`;
  const idList = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    );

  async function claim(): Promise<OutboxRow[]> {
    const result = await db.execute(sql`
      update ${emailOutbox}
      set locked_until = ${lease}, attempts = attempts + 1
      where id in (
        select id from ${emailOutbox}
        where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by ${claimOrder}
        limit ${batchSize}
        for update skip locked
      )
      returning id, kind, payload, attempts, created_at as "createdAt"`);
    const rows = (result as unknown as { rows: Array<OutboxRow & { createdAt: Date | string }> }).rows;
    const bulk = (row: OutboxRow) => (bulkKinds.has(row.kind) ? 1 : 0);
    return rows
      .map((row) => ({ ...row, createdAt: new Date(row.createdAt) }))
      .sort((a, b) => bulk(a) - bulk(b) || a.id - b.id);
  }

  /** Extends the lease of rows this sender still holds (claimed, not finished). */
  const renew = (ids: number[]) =>
    ids.length === 0
      ? Promise.resolve()
      : db.execute(
          sql`update ${emailOutbox} set locked_until = ${lease} where sent_at is null and id in (${idList(ids)})`,
        );

  const markFailed = (row: OutboxRow, error: unknown) =>
    db.execute(sql`
      update ${emailOutbox}
      set locked_until = null, last_error = ${errorText(error)},
        next_attempt_at = now() + ${backoffMs(row.attempts)} * interval '1 millisecond'
      where id = ${row.id}`);

  /** Gives back claimed rows not yet sent (a stop): another sender may take them at once. */
  const release = (ids: number[]) =>
    ids.length === 0
      ? Promise.resolve()
      : db.execute(sql`update ${emailOutbox} set locked_until = null, attempts = greatest(attempts - 1, 0)
          where sent_at is null and id in (${idList(ids)})`);

  /**
   * Marks rows sent as soon as they are accepted: one statement at a time, and rows accepted while
   * it runs go in the next, so a busy sender writes few statements and none waits for its batch.
   */
  function sentMarker() {
    let waiting: number[] = [];
    let chain: Promise<void> = Promise.resolve();
    let scheduled: Promise<void> | null = null;
    return (id: number): Promise<void> => {
      waiting.push(id);
      if (!scheduled) {
        scheduled = chain.then(async () => {
          const ids = waiting;
          waiting = [];
          scheduled = null;
          await db.execute(
            sql`update ${emailOutbox} set sent_at = now(), locked_until = null where id in (${idList(ids)})`,
          );
        });
        chain = scheduled.catch(() => {});
      }
      return scheduled;
    };
  }

  async function render(rows: OutboxRow[]): Promise<Map<number, RenderedEmail>> {
    const out = new Map<number, RenderedEmail>();
    const byKind = new Map<string, OutboxRow[]>();
    for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
    for (const [kind, group] of byKind) {
      const renderer = renderers[kind];
      if (!renderer) continue; // left out: retried later (a newer process may know the kind)
      for (const [id, email] of await renderer(db, group)) out.set(id, email);
    }
    return out;
  }

  /** Sends one claimed row; true when it is done with (accepted, or nothing left to send). */
  async function sendOne(row: OutboxRow, email: RenderedEmail | undefined): Promise<boolean> {
    if (email === null) return true; // nothing to tell any more (the order or account is gone)
    if (email === undefined) {
      await markFailed(row, new Error(`no renderer for ${row.kind}`));
      return false;
    }
    try {
      await send({ ...email.message, messageId: outboxMessageId(env, row) });
      return true;
    } catch (error) {
      logger.error({ err: error }, `${email.label} failed`);
      await markFailed(row, error);
      return false;
    }
  }

  async function sendBatch(rows: OutboxRow[], emails: Map<number, RenderedEmail>): Promise<void> {
    const pending = [...rows];
    const held = new Set(rows.map((row) => row.id));
    const markSent = sentMarker();
    const renewal = setInterval(() => {
      renew([...held]).catch((error: unknown) => logger.warn({ err: error }, "Renewing the outbox lease failed"));
    }, renewMs);
    try {
      await Promise.all(
        Array.from({ length: Math.min(concurrency, pending.length) }, async () => {
          while (!stopped && pending.length > 0) {
            const row = pending.shift() as OutboxRow;
            const done = await sendOne(row, emails.get(row.id));
            if (done) await markSent(row.id);
            held.delete(row.id);
          }
        }),
      );
    } finally {
      clearInterval(renewal);
    }
    await release(pending.map((row) => row.id)); // left by a stop
  }

  /** After a batch with bulk rows, waits out the rest of the time those rows may take at the bulk rate. */
  async function paceBulk(rows: OutboxRow[], startedAt: number): Promise<void> {
    const bulk = rows.filter((row) => bulkKinds.has(row.kind)).length;
    const wait = (bulk * 1000) / bulkPerSecond - (Date.now() - startedAt);
    if (bulk > 0 && wait > 0 && !stopped) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  async function pass(): Promise<void> {
    while (!stopped) {
      const startedAt = Date.now();
      const rows = await claim();
      if (rows.length === 0) return;
      let emails: Map<number, RenderedEmail>;
      try {
        emails = await render(rows);
      } catch (error) {
        logger.error({ err: error }, "Rendering outbox emails failed");
        await Promise.all(rows.map((row) => markFailed(row, error)));
        return;
      }
      await sendBatch(rows, emails);
      await paceBulk(rows, startedAt);
      if (rows.length < batchSize) return;
    }
  }

  function flush(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!running) {
      gathering = true;
      running = new Promise<void>((resolve) => setTimeout(resolve, kickDelayMs))
        .then(() => {
          gathering = false;
          return pass();
        })
        .catch((error: unknown) => logger.error({ err: error }, "Sending the email outbox failed"))
        .finally(() => {
          running = null;
        });
      return running;
    }
    if (gathering) return running;
    // A pass is under way and may have claimed before this row was committed: one more after it.
    queued ??= running.then(() => {
      queued = null;
      return flush();
    });
    return queued;
  }

  return {
    flush,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** Unsent emails and how long the oldest has waited, for the metrics (0 when there is none). */
export async function outboxBacklog(db: Db): Promise<{ unsent: number; oldestAgeSeconds: number }> {
  const result = await db.execute(sql`
    select count(*)::int as unsent,
      coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as "oldestAgeSeconds"
    from ${emailOutbox} where sent_at is null`);
  const [row] = (result as unknown as { rows: Array<{ unsent: number; oldestAgeSeconds: number }> }).rows;
  return { unsent: Number(row?.unsent ?? 0), oldestAgeSeconds: Number(row?.oldestAgeSeconds ?? 0) };
}

/** Deletes emails sent more than SENT_EMAILS_KEPT_DAYS ago; returns how many. */
export async function pruneSentEmails(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SENT_EMAILS_KEPT_DAYS * 24 * 3600 * 1000);
  const deleted = await db.execute(
    sql`delete from ${emailOutbox} where sent_at is not null and sent_at < ${before.toISOString()}::timestamptz`,
  );
  return affectedRows(deleted);
}
