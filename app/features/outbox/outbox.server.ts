/**
 * The email outbox (issue 10): emails are written as rows in the transaction of what they tell
 * about and sent after commit by a sender running in the server process, so the shopper's answer
 * never waits for composing or delivering a message and a crash between commit and send loses
 * nothing (the periodic sweep finds the row on the next start).
 *
 * Sending is at least once, and exactly once in the ordinary case: a sender claims rows by setting
 * a lease (`locked_until`) with `FOR UPDATE SKIP LOCKED`, so two senders — two app processes on one
 * PostgreSQL, or two senders in one process — never claim the same row while its lease runs. A row
 * is marked sent once its batch has been handed over (one statement for the batch, milliseconds
 * after the first "250 OK"); a refused send is retried with a growing delay. Only a process that
 * dies in that window can send a row twice, after the lease has run out.
 *
 * The row holds a `kind` and a `payload`; the message is built at send time by the renderer the
 * sender was given for that kind (the orders feature renders its own emails from the order).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { type MailMessage, sendMail } from "~/features/mail/mail.server";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";

export type OutboxRow = { id: number; kind: string; payload: Record<string, unknown>; attempts: number };

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
  /**
   * How long a kick waits before claiming (default 0: the next turn of the event loop). Under load
   * batches form anyway: kicks that arrive during a pass share the one pass after it.
   */
  kickDelayMs?: number;
  /** The periodic sweep for rows nobody kicked (a crash, a retry come due; default 15 s). */
  sweepMs?: number;
  /** How long to wait before the next try of a refused row, after `attempts` tries. */
  backoffMs?: (attempts: number) => number;
  /** Sends one message (default: mail.server's sendMail with `env`). */
  send?: (message: MailMessage) => Promise<void>;
};

/** 10 s, 20 s, 40 s… at most an hour: a mail server that is down is not hammered, and nothing is dropped. */
export const defaultBackoffMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export type OutboxSender = {
  /** Sends every row due now; resolves once a pass started after this call has finished. */
  flush: () => Promise<void>;
  /** Starts the periodic sweep (and sweeps at once: rows a crash left behind). */
  start: () => void;
  /** Stops sweeping and taking rows; resolves once the sends under way have finished. */
  stop: () => Promise<void>;
};

/** A sender over `db`. Nothing runs until `flush` or `start` is called. */
export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const { db, env, renderers } = options;
  const batchSize = options.batchSize ?? 50;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 300_000;
  const kickDelayMs = options.kickDelayMs ?? 0;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const send = options.send ?? ((message: MailMessage) => sendMail(env, message));

  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  /** The pass running now, and the one asked for while it runs (kicks coalesce into it). */
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  /** True while the running pass waits out the kick delay: a kick now is served by it. */
  let gathering = false;

  async function claim(): Promise<OutboxRow[]> {
    const result = await db.execute(sql`
      update ${emailOutbox}
      set locked_until = now() + ${leaseMs} * interval '1 millisecond', attempts = attempts + 1
      where id in (
        select id from ${emailOutbox}
        where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by id
        limit ${batchSize}
        for update skip locked
      )
      returning id, kind, payload, attempts`);
    const rows = (result as unknown as { rows: OutboxRow[] }).rows;
    return rows.sort((a, b) => a.id - b.id);
  }

  const idList = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    );

  /** One statement for the rows a batch sent (the batch takes milliseconds, under its lease). */
  const markSent = (ids: number[]) =>
    ids.length === 0
      ? Promise.resolve()
      : db.execute(sql`update ${emailOutbox} set sent_at = now(), locked_until = null where id in (${idList(ids)})`);

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

  /** Sends one claimed row; true when it is done with (sent, or nothing left to send). */
  async function sendOne(row: OutboxRow, email: RenderedEmail | undefined): Promise<boolean> {
    if (email === null) return true; // nothing to tell any more (the order is gone)
    if (email === undefined) {
      await markFailed(row, new Error(`no renderer for ${row.kind}`));
      return false;
    }
    try {
      await send(email.message);
      return true;
    } catch (error) {
      logger.error({ err: error }, `${email.label} failed`);
      await markFailed(row, error);
      return false;
    }
  }

  async function pass(): Promise<void> {
    while (!stopped) {
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
      const pending = [...rows];
      const done: number[] = [];
      await Promise.all(
        Array.from({ length: Math.min(concurrency, pending.length) }, async () => {
          while (!stopped && pending.length > 0) {
            const row = pending.shift() as OutboxRow;
            if (await sendOne(row, emails.get(row.id))) done.push(row.id);
          }
        }),
      );
      await markSent(done);
      await release(pending.map((row) => row.id)); // left by a stop
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
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void flush(), options.sweepMs ?? 15_000);
      timer.unref();
      void flush();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
