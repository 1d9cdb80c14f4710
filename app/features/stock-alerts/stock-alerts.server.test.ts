import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema/outbox";
import { stockAlerts } from "~/db/schema/stock-alerts";
import type { User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { getAdminProduct, productFormValues } from "~/features/catalog/product-form.server";
import { saveProductForm } from "~/features/catalog/products-admin.server";
import { mediaStore } from "~/features/media/store.server";
import { createOrder } from "~/features/orders/create.server";
import { changeOrderStatus } from "~/features/orders/status.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import type { OutboxRow } from "~/features/outbox/outbox.server";
import type { Env } from "~/utils/env.server";
import { cartCheckoutInput, insertProduct, insertUser } from "../../../tests/factories";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { STOCK_ALERT_BACK, STOCK_ALERT_CONFIRM, stockAlertRenderers } from "./emails.server";
import { followAlertLink, viewAlertLink } from "./link-page.server";
import { alertLinkUrl } from "./links.server";
import { drainDueAlerts, kickStockAlerts } from "./queue.server";
import { subscribe, topDemand, waitingCounts } from "./subscriptions.server";

// Issue 26 point 4: back-in-stock alerts. Double opt-in, one email per confirmed subscriber in
// their language when stock goes from 0 to more (back office edit, order cancellation), then the
// subscription ends; nothing for a change that was not from 0.

describe.each(databaseKinds())("back-in-stock alerts on %s (issue 26 point 4)", (kind) => {
  let database: Database;
  let env: Env;
  const db = () => database.db as Db;
  const ip = "203.0.113.7";
  let operator: { id: number; email: string; role: string };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    const user = await insertUser(database.db, { email: `operador-${kind}@example.cu` });
    operator = { id: user.id, email: user.email, role: "owner" };
  });
  afterAll(async () => {
    await outboxMailer({ db: db(), env }).stop();
    await database?.close();
  });

  const outbox = async (kind: string, productId: number) =>
    (await db().select().from(emailOutbox).where(eq(emailOutbox.kind, kind))).filter(
      (row) => (row.payload as { productId: number }).productId === productId,
    );

  const alertsOf = (productId: number) => db().select().from(stockAlerts).where(eq(stockAlerts.productId, productId));

  /** The back office's edit form, saved with a new quantity. */
  async function setStockInBackOffice(productId: number, quantity: number) {
    const product = await getAdminProduct(db(), productId);
    if (!product) throw new Error("no product");
    const form = new FormData();
    for (const [key, value] of Object.entries(productFormValues(product))) form.set(key, value);
    form.set("quantity", String(quantity));
    form.set("version", product.version);
    const saved = await saveProductForm({ db: db(), media: mediaStore(env) }, operator, form, product);
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    return saved;
  }

  async function render(rows: Array<typeof emailOutbox.$inferSelect>) {
    const outboxRows: OutboxRow[] = rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      payload: row.payload as Record<string, unknown>,
      attempts: 0,
      createdAt: row.createdAt,
    }));
    return stockAlertRenderers(env)[rows[0].kind](db(), outboxRows);
  }

  it("issue 26 point 4: a signed-out subscription is confirmed by its emailed link; an unconfirmed one is never emailed", async () => {
    const product = await insertProduct(db(), { name: "Aceite 1 L", nameEn: "Cooking oil 1 L", quantity: 0 });
    const pending = await subscribe(
      db(),
      { productId: product.id, email: "Ana@Example.cu", userId: null, lang: "en" },
      { ip },
    );
    expect(pending).toEqual({ ok: true, status: "pending" });
    await subscribe(db(), { productId: product.id, email: "pepe@example.cu", userId: null, lang: "es" }, { ip });
    const confirms = await outbox(STOCK_ALERT_CONFIRM, product.id);
    expect(confirms).toHaveLength(2);
    const rendered = await render(confirms);
    const english = rendered.get(confirms[0].id);
    expect(english?.message.subject).toBe("Confirm your alert: Cooking oil 1 L");
    expect(english?.message.to).toBe("Ana@Example.cu");
    expect(rendered.get(confirms[1].id)?.message.subject).toBe("Confirma tu aviso: Aceite 1 L");

    // Ana follows her link (any case of her address); Pepe never does.
    const url = new URL(
      alertLinkUrl(env, "en", { purpose: "confirm", productId: product.id, email: "ana@example.cu" }),
    );
    expect(url.pathname).toBe("/en/stock-alerts/confirm");
    const { link, view } = await viewAlertLink({ db: db(), env }, "en", "confirm", url);
    expect(view).toMatchObject({ valid: true, productName: "Cooking oil 1 L" });
    expect(await followAlertLink(db(), link!)).toBe(true);
    const forged = new URL(url);
    forged.searchParams.set("p", String(product.id + 1));
    expect((await viewAlertLink({ db: db(), env }, "en", "confirm", forged)).link).toBeNull();

    expect((await waitingCounts(db(), [product.id])).get(product.id)).toBe(1);
    await setStockInBackOffice(product.id, 5);
    await drainDueAlerts({ db: db(), env });
    const sent = await outbox(STOCK_ALERT_BACK, product.id);
    expect(sent.map((row) => (row.payload as { email: string }).email)).toEqual(["Ana@Example.cu"]);
    // Pepe's unconfirmed subscription stays, unnotified.
    expect((await alertsOf(product.id)).map((a) => a.email)).toEqual(["pepe@example.cu"]);
  });

  it("moves due alerts no faster than the outbox sends bulk emails (OUTBOX_BULK_PER_SECOND)", async () => {
    const product = await insertProduct(db(), { name: "Aceite 1 L", quantity: 0 });
    for (let i = 0; i < 5; i++) {
      const user = (await insertUser(db(), { email: `ritmo${i}-${kind}@example.cu` })) as User;
      const result = await subscribe(
        db(),
        { productId: product.id, email: user.email, userId: user.id, lang: "es" },
        { ip },
      );
      expect(result).toEqual({ ok: true, status: "subscribed" });
    }
    expect((await setStockInBackOffice(product.id, 8)).alertsDue).toBe(5);
    const slow = createTestEnv({ OUTBOX_BULK_PER_SECOND: "20" });
    const started = Date.now();
    // Batches of 2 at 20 a second: 100 ms between statements, twice (a floor, never a ceiling).
    expect(await drainDueAlerts({ db: db(), env: slow }, 2)).toBe(5);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(await outbox(STOCK_ALERT_BACK, product.id)).toHaveLength(5);
  });

  it("issue 26 point 4: a restock from 0 queues exactly one email per confirmed subscriber in their language, then the subscriptions end; from n>0 nothing", async () => {
    const product = await insertProduct(db(), { name: "Arroz 5 kg", nameEn: "Rice 5 kg", quantity: 0 });
    const shoppers: User[] = [];
    for (const [i, lang] of (["es", "en", "es"] as const).entries()) {
      const user = (await insertUser(db(), { email: `comprador${i}-${kind}@example.cu` })) as User;
      shoppers.push(user);
      const result = await subscribe(db(), { productId: product.id, email: user.email, userId: user.id, lang }, { ip });
      expect(result).toEqual({ ok: true, status: "subscribed" });
    }
    // Subscribing twice keeps one subscription.
    await subscribe(
      db(),
      { productId: product.id, email: shoppers[0].email.toUpperCase(), userId: shoppers[0].id, lang: "es" },
      { ip },
    );
    expect((await topDemand(db(), "en", 50)).find((row) => row.productId === product.id)).toMatchObject({
      name: "Rice 5 kg",
      waiting: 3,
    });

    const saved = await setStockInBackOffice(product.id, 40);
    expect(saved.alertsDue).toBe(3);
    expect(await drainDueAlerts({ db: db(), env }, 2)).toBe(3);
    expect(await drainDueAlerts({ db: db(), env })).toBe(0);
    const sent = await outbox(STOCK_ALERT_BACK, product.id);
    expect(sent).toHaveLength(3);
    expect(await alertsOf(product.id)).toEqual([]);
    const rendered = await render(sent);
    const subjects = sent.map((row) => rendered.get(row.id)?.message.subject).sort();
    expect(subjects).toEqual(["It's back: Rice 5 kg", "Ya llegó: Arroz 5 kg", "Ya llegó: Arroz 5 kg"]);
    // The outbox's order is the database's: find the English one by its subject.
    const english = sent.find((row) => rendered.get(row.id)?.message.subject.startsWith("It's back"));
    const text = (english && rendered.get(english.id)?.message.text) ?? "";
    expect(text).toContain(`http://localhost:3000/en/product/${product.id}`);
    expect(text).toContain("http://localhost:3000/en/stock-alerts/unsubscribe?p=0&e=");

    // 40 → 10 → 25: never from 0, nothing is sent even to a new subscriber.
    await setStockInBackOffice(product.id, 10);
    await setStockInBackOffice(product.id, 25);
    await drainDueAlerts({ db: db(), env });
    expect(await outbox(STOCK_ALERT_BACK, product.id)).toHaveLength(3);
    // An in-stock product takes no subscription.
    expect(
      await subscribe(db(), { productId: product.id, email: "tarde@example.cu", userId: null, lang: "es" }, { ip }),
    ).toEqual({ ok: false, error: "inStock" });
  });

  it("issue 26 point 4: a cancelled order that puts the last units back brings the alerts", async () => {
    const product = await insertProduct(db(), {
      name: "Pollo 2 kg",
      nameEn: "Chicken 2 kg",
      quantity: 2,
      priceCents: 900,
    });
    const buyer = (await insertUser(db(), { firstName: "Eva" })) as User;
    expect((await mergeCartLine(db(), buyer.id, { productId: product.id, count: 2 })).ok).toBe(true);
    const placed = await createOrder({ db: db(), env }, buyer, await cartCheckoutInput(db(), buyer.id), { lang: "es" });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    await placed.notified;
    const waiting = (await insertUser(db(), { email: `espera-${kind}@example.cu` })) as User;
    await subscribe(db(), { productId: product.id, email: waiting.email, userId: waiting.id, lang: "es" }, { ip });

    const cancelled = await changeOrderStatus(
      { db: db(), env },
      { transactionId: placed.order.transactionId },
      "cancelled",
    );
    expect(cancelled).toMatchObject({ ok: true });
    // The cancel kicked the queue itself: a kick waits for that drain, then drains what is left (a
    // drain of its own could skip the rows the kicked one holds and find the outbox still empty).
    await kickStockAlerts({ db: db(), env });
    const sent = await outbox(STOCK_ALERT_BACK, product.id);
    expect(sent.map((row) => row.payload)).toEqual([{ productId: product.id, email: waiting.email, lang: "es" }]);
    expect(await alertsOf(product.id)).toEqual([]);
  });

  it("issue 26 point 4: the unsubscribe link ends the address's alerts without sign-in", async () => {
    const [a, b] = [
      await insertProduct(db(), { name: "Pilas AA", quantity: 0 }),
      await insertProduct(db(), { name: "Detergente", quantity: 0 }),
    ];
    for (const product of [a, b]) {
      const user = (await insertUser(db(), {})) as User;
      await subscribe(db(), { productId: product.id, email: "luis@example.cu", userId: user.id, lang: "es" }, { ip });
    }
    const url = new URL(alertLinkUrl(env, "es", { purpose: "unsubscribe", productId: 0, email: "LUIS@example.cu" }));
    const { link, view } = await viewAlertLink({ db: db(), env }, "es", "unsubscribe", url);
    expect(view).toMatchObject({ valid: true, productId: 0, productName: null });
    await followAlertLink(db(), link!);
    const left = await db()
      .select()
      .from(stockAlerts)
      .where(and(inArray(stockAlerts.productId, [a.id, b.id])));
    expect(left).toEqual([]);
  });
});
