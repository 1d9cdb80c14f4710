import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema/outbox";
import type { User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import type { MailMessage } from "~/features/mail/mail.server";
import { orderConfirmationEmail } from "~/features/orders/emails.server";
import { ORDER_CONFIRMATION, type OrderEmailPayload } from "~/features/orders/mailer.server";
import { createOrder } from "~/features/orders/create.server";
import { getOrder } from "~/features/orders/orders.server";
import { changeOrderStatus } from "~/features/orders/status.server";
import type { Env } from "~/utils/env.server";
import { cartCheckoutInput, insertProduct, insertUser } from "../../../tests/factories";
import { type SmtpMock, startSmtpServer } from "../../../tests/mocks/smtp";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { outboxMailer } from "./mailer.server";
import { type OutboxRenderer, createOutboxSender, enqueueEmail, outboxMessageId } from "./outbox.server";

// Issue 10 point 2: the order emails leave the request through a durable outbox. The row is
// written in the order's transaction; a sender sends each row once, marks it sent, retries a
// refused one later and, with several senders on one database, never sends a row twice.

const NOTE = "test.note";

/** A renderer for plain test rows: the payload is the message. */
const noteRenderer: OutboxRenderer = async (_db, rows) =>
  new Map(rows.map((row) => [row.id, { message: row.payload as MailMessage, label: `Note ${row.id}` }]));

const note = (to: string, n = 0): MailMessage => ({ to, subject: `Note ${n}`, text: `Note ${n}`, html: `<p>${n}</p>` });

describe.each(databaseKinds())("email outbox on %s (issue 10)", (kind) => {
  let database: Database;
  let db: Db;
  let smtp: SmtpMock;
  let env: Env;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    smtp = await startSmtpServer();
    env = createTestEnv({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await database.close();
    await smtp.close();
  });

  const rowsOf = async (kindName: string) =>
    (await db.select().from(emailOutbox).where(eq(emailOutbox.kind, kindName))).sort((a, b) => a.id - b.id);

  async function shopperWithCart(quantity = 5): Promise<User> {
    const user = (await insertUser(db, { firstName: "Eva" })) as User;
    const product = await insertProduct(db, { name: "Arroz 1 kg", priceCents: 1500, quantity });
    const added = await mergeCartLine(db, user.id, { productId: product.id, count: 1 });
    if (!added.ok) throw new Error(added.error);
    return user;
  }

  const checkoutInput = (user: User, overrides: { amount?: number } = {}) =>
    cartCheckoutInput(db, user.id, { first_name: "Eva", last_name: "Paz", ...overrides });

  it("writes the confirmation row in the order's transaction; a refused order leaves none", async () => {
    const user = await shopperWithCart();
    const before = (await rowsOf(ORDER_CONFIRMATION)).length;
    // 409 on changed totals: rolled back, no email row.
    const refused = await createOrder({ db, env }, user, await checkoutInput(user, { amount: 0.01 }), { lang: "es" });
    expect(refused).toMatchObject({ ok: false, status: 409, error: "checkout.errors.totalChanged" });
    expect(await rowsOf(ORDER_CONFIRMATION)).toHaveLength(before);

    const placed = await createOrder({ db, env }, user, await checkoutInput(user), {
      lang: "es",
      idempotencyKey: "outbox-1",
    });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    // Committed with the order, before any sending.
    expect((await rowsOf(ORDER_CONFIRMATION)).slice(before)).toHaveLength(1);
    await placed.notified;
    await smtp.waitForMail(user.email);
    const rows = (await rowsOf(ORDER_CONFIRMATION)).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0].payload).toMatchObject({ to: { email: user.email } });
    expect(rows[0].sentAt).toBeInstanceOf(Date);

    // A replay of the same key returns the first order and writes no second email.
    const replay = await createOrder({ db, env }, user, await checkoutInput(user), {
      lang: "es",
      idempotencyKey: "outbox-1",
    });
    expect(replay).toMatchObject({ ok: true, created: false });
    expect((await rowsOf(ORDER_CONFIRMATION)).slice(before)).toHaveLength(1);
  });

  it("the confirmation built from the row's payload is the one built from the stored order", async () => {
    const user = await shopperWithCart();
    const placed = await createOrder({ db, env }, user, await checkoutInput(user), { lang: "en" });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    await placed.notified;
    const [row] = (await rowsOf(ORDER_CONFIRMATION)).filter(
      (r) => (r.payload as { to: { email: string } }).to.email === user.email,
    );
    const payload = row.payload as OrderEmailPayload;
    const stored = await getOrder(db, user.id, placed.order.transactionId);
    if (!stored || !payload.order || !payload.dateIssued) throw new Error("missing");
    const fromPayload = { ...payload.order, dateIssued: new Date(payload.dateIssued), history: [] };
    expect(fromPayload.dateIssued.getTime()).toBe(stored.dateIssued.getTime());
    expect(orderConfirmationEmail(fromPayload, payload.to, env.PUBLIC_URL)).toEqual(
      orderConfirmationEmail(stored, payload.to, env.PUBLIC_URL),
    );
  });

  it("a failed transaction leaves no row: the email only exists if what it tells about was committed", async () => {
    const to = `rolled-back-${kind}@example.cu`;
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx as unknown as Db, NOTE, note(to));
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    expect((await rowsOf(NOTE)).filter((r) => (r.payload as MailMessage).to === to)).toHaveLength(0);
  });

  it("sends the confirmation once over SMTP and marks it sent; a second flush sends nothing", async () => {
    const user = await shopperWithCart();
    const placed = await createOrder({ db, env }, user, await checkoutInput(user), { lang: "en" });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    await placed.notified;
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toContain(placed.order.transactionId);
    expect(mail.text).toContain(`/en/orders?order=${placed.order.transactionId}`);
    await outboxMailer({ db, env }).flush();
    await outboxMailer({ db, env }).flush();
    expect(smtp.pending(user.email)).toHaveLength(0);
    const [row] = (await rowsOf(ORDER_CONFIRMATION)).filter(
      (r) => (r.payload as { to: { email: string } }).to.email === user.email,
    );
    expect(row).toMatchObject({ attempts: 1, lockedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);

    // A status change goes the same way: one email telling the status it was written for.
    const moved = await changeOrderStatus({ db, env }, { transactionId: placed.order.transactionId }, "processed");
    if (!moved.ok) throw new Error(JSON.stringify(moved));
    await moved.notified;
    const update = await smtp.waitForMail(user.email);
    expect(update.subject).toContain(placed.order.transactionId);
    expect(update.subject).not.toBe(mail.subject);
  });

  it("two senders racing over the same rows send each one exactly once", async () => {
    const to = `race-${kind}@example.cu`;
    for (let n = 0; n < 30; n++) await enqueueEmail(db, NOTE, note(to, n));
    const sent: string[] = [];
    const sender = () =>
      createOutboxSender({
        db,
        env,
        renderers: { [NOTE]: noteRenderer },
        batchSize: 7,
        concurrency: 3,
        send: async (message) => {
          await new Promise((resolve) => setTimeout(resolve, 2));
          sent.push(message.subject);
        },
      });
    const [a, b, c] = [sender(), sender(), sender()];
    await Promise.all([a.flush(), b.flush(), c.flush(), a.flush(), b.flush()]);
    const subjects = Array.from({ length: 30 }, (_, n) => `Note ${n}`);
    expect([...sent].sort()).toEqual([...subjects].sort());
    const rows = (await rowsOf(NOTE)).filter((r) => (r.payload as MailMessage).to === to);
    expect(rows.every((r) => r.sentAt instanceof Date && r.attempts === 1)).toBe(true);
  });

  it("bulk kinds go after every other due row, at most bulkPerSecond a second (issue 26 restock target)", async () => {
    const BULK = "test.bulk";
    const to = `bulk-${kind}@example.cu`;
    for (let n = 0; n < 20; n++) await enqueueEmail(db, BULK, note(to, 100 + n));
    // Written after the alerts, sent before them.
    for (let n = 0; n < 2; n++) await enqueueEmail(db, NOTE, note(to, n));
    const sent: string[] = [];
    const sender = createOutboxSender({
      db,
      env,
      renderers: { [NOTE]: noteRenderer, [BULK]: noteRenderer },
      batchSize: 5,
      bulkKinds: [BULK],
      bulkPerSecond: 40,
      send: async (message) => void (message.to === to && sent.push(message.subject)),
    });
    const started = Date.now();
    await sender.flush();
    const elapsed = Date.now() - started;
    expect(sent.slice(0, 2).sort()).toEqual(["Note 0", "Note 1"]);
    expect(sent).toHaveLength(22);
    // 20 bulk rows at 40 a second: the batches after the first wait their turn (a floor, never a ceiling).
    expect(elapsed).toBeGreaterThanOrEqual(((20 - 5) / 40) * 1000);
  });

  it("SMTP down: the email is kept and retried after the backoff, then sent once", async () => {
    const to = `smtp-down-${kind}@example.cu`;
    await enqueueEmail(db, NOTE, note(to, 1));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const down = createOutboxSender({
      db,
      env: createTestEnv({ SMTP_URL: "smtp://127.0.0.1:1" }),
      renderers: { [NOTE]: noteRenderer },
      backoffMs: () => 3_600_000,
    });
    await down.flush();
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/"msg":"Note \d+ failed"/));
    errors.mockRestore();
    const [failed] = (await rowsOf(NOTE)).filter((r) => (r.payload as MailMessage).to === to);
    expect(failed).toMatchObject({ sentAt: null, lockedUntil: null, attempts: 1 });
    expect(failed.lastError).toBeTruthy();
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);

    // Not due yet: a working sender leaves it alone…
    const up = createOutboxSender({ db, env, renderers: { [NOTE]: noteRenderer } });
    await up.flush();
    expect(smtp.pending(to)).toHaveLength(0);
    // …and once the retry is due, it goes out, once.
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, failed.id));
    await up.flush();
    await up.flush();
    expect((await smtp.waitForMail(to)).subject).toBe("Note 1");
    expect(smtp.pending(to)).toHaveLength(0);
    const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
    expect(sent).toMatchObject({ attempts: 2 });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("a row claimed by a sender that died is taken again once its lease has run out", async () => {
    const to = `lease-${kind}@example.cu`;
    await enqueueEmail(db, NOTE, note(to, 7));
    const [row] = (await rowsOf(NOTE)).filter((r) => (r.payload as MailMessage).to === to);
    const sent: string[] = [];
    const sender = createOutboxSender({
      db,
      env,
      renderers: { [NOTE]: noteRenderer },
      send: async (message) => void sent.push(message.to),
    });
    await db
      .update(emailOutbox)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(emailOutbox.id, row.id));
    await sender.flush();
    expect(sent).toEqual([]);
    await db
      .update(emailOutbox)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, row.id));
    await sender.flush();
    expect(sent).toEqual([to]);
  });

  it("stop() lets the send under way finish and gives the other claimed rows back", async () => {
    const to = `stop-${kind}@example.cu`;
    for (let n = 0; n < 3; n++) await enqueueEmail(db, NOTE, note(to, n));
    let release = () => {};
    const sending = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    let started = () => {};
    const firstSend = new Promise<void>((resolve) => (started = resolve));
    const sender = createOutboxSender({
      db,
      env,
      renderers: { [NOTE]: noteRenderer },
      concurrency: 1,
      send: async (message) => {
        started();
        await sending;
        sent.push(message.subject);
      },
    });
    const flushed = sender.flush();
    await firstSend;
    let stopped = false;
    const stopping = sender.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false); // waits for the send under way
    release();
    await stopping;
    await flushed;
    expect(sent).toEqual(["Note 0"]);
    const rows = (await rowsOf(NOTE)).filter((r) => (r.payload as MailMessage).to === to);
    expect(rows.map((r) => [r.sentAt !== null, r.lockedUntil])).toEqual([
      [true, null],
      [false, null],
      [false, null],
    ]);
  });

  // Issue 24 point 2: a mail server that stalls never makes the outbox send an email twice.
  describe("a mail server that stalls", () => {
    const waitFor = async (check: () => boolean, what: string, timeoutMs = 10_000) => {
      const until = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    it("holding its DATA reply past the lease: the lease is renewed, each email is delivered once and marked sent at once", async () => {
      const stalled = await startSmtpServer({ holdDataReplyMs: 1_500 });
      const stallEnv = createTestEnv({ SMTP_URL: stalled.url });
      const to = `stall-data-${kind}@example.cu`;
      for (let n = 0; n < 3; n++) await enqueueEmail(db, NOTE, note(to, n));
      // Two "processes": the same rows, a lease far shorter than the stall, sweeping all along.
      const sender = () =>
        createOutboxSender({ db, env: stallEnv, renderers: { [NOTE]: noteRenderer }, leaseMs: 300, renewMs: 100 });
      const [a, b] = [sender(), sender()];
      const first = a.flush();
      let sweeping = true;
      const sweeps = (async () => {
        while (sweeping) {
          await b.flush();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      // The first email is accepted after 1.5 s: it is marked sent then, not when the batch ends.
      await waitFor(() => stalled.pending(to).length >= 1, "the first delivery");
      let markedEarly = false;
      const until = Date.now() + 1_000;
      while (Date.now() < until && !markedEarly) {
        const rows = (await rowsOf(NOTE)).filter((r) => (r.payload as MailMessage).to === to);
        markedEarly = rows.some((r) => r.sentAt !== null) && rows.some((r) => r.sentAt === null);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await first;
      sweeping = false;
      await sweeps;
      await Promise.all([a.flush(), b.flush()]);
      const delivered = stalled.pending(to);
      expect(delivered.map((m) => m.subject).sort()).toEqual(["Note 0", "Note 1", "Note 2"]);
      // One Message-ID per row, derived from it.
      expect(new Set(delivered.map((m) => m.messageId)).size).toBe(3);
      expect(delivered.every((m) => /^<outbox\.\d+\.[0-9a-z]+@localhost\.localdomain>$/.test(m.messageId))).toBe(true);
      const rows = (await rowsOf(NOTE)).filter((r) => (r.payload as MailMessage).to === to);
      expect(rows.every((r) => r.sentAt instanceof Date && r.attempts === 1 && r.lockedUntil === null)).toBe(true);
      expect(markedEarly).toBe(true);
      await stalled.close();
    });

    it("never greeting: the send times out, the row waits for a retry and then goes out once, with the same Message-ID", async () => {
      const silent = await startSmtpServer({ holdGreetingMs: Infinity });
      const silentEnv = createTestEnv({ SMTP_URL: `${silent.url}/?greetingTimeout=300&connectionTimeout=300` });
      const to = `stall-greeting-${kind}@example.cu`;
      await enqueueEmail(db, NOTE, note(to, 9));
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const started = Date.now();
      await createOutboxSender({ db, env: silentEnv, renderers: { [NOTE]: noteRenderer } }).flush();
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/Greeting never received/));
      errors.mockRestore();
      const [row] = (await rowsOf(NOTE)).filter((r) => (r.payload as MailMessage).to === to);
      expect(row).toMatchObject({ sentAt: null, lockedUntil: null, attempts: 1 });
      expect(silent.messages).toHaveLength(0);
      await silent.close();

      await db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(emailOutbox.id, row.id));
      const up = createOutboxSender({ db, env, renderers: { [NOTE]: noteRenderer } });
      await up.flush();
      await up.flush();
      const mail = await smtp.waitForMail(to);
      expect(mail.messageId).toBe(outboxMessageId(env, row));
      expect(smtp.pending(to)).toHaveLength(0);
    });
  });
});
