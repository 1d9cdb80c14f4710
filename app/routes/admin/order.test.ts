import { and, eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { products } from "~/db/schema/catalog";
import { type OrderStatus, orderStatusHistory, orderStatuses, orders } from "~/db/schema/orders";
import type { User } from "~/features/accounts/accounts.server";
import { getAdminOrder } from "~/features/orders/admin-list.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { getOrderCupTotals } from "~/features/orders/format";
import { formatCup, formatUsdCents } from "~/utils/money";
import { createOrder } from "~/features/orders/create.server";
import { changeOrderStatus } from "~/features/orders/status.server";
import { allowedMoves, canChangeStatus } from "~/features/orders/status";
import { translate } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { getMessages } from "~/i18n/messages.server";
import type { Env } from "~/utils/env.server";
import { type Product, cartCheckoutInput, insertProduct, insertUser } from "../../../tests/factories";
import { type SmtpMock, extractLink, startSmtpServer } from "../../../tests/mocks/smtp";
import { createTestContext, createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { action as orderAction, loader as orderLoader } from "./order";
import { loader as sheetLoader } from "./order-sheet";
import { loader as listLoader } from "./orders";

// Issue 12, point 2 (§4.1, D24): the back office's order pages called with real Requests: the
// list's loader, one order's loader, the status moves through the page's action (every allowed and
// every refused move), the status email in the order's language with its link, stock back on a
// cancellation, the audit entry, and the delivery sheet PDF. The list's queries themselves:
// app/features/orders/admin-list.server.test.ts.

const VEDADO = { latitude: 23.1357, longitude: -82.3838 };

describe.each(databaseKinds())("back-office orders on %s (issue 12, point 2)", (kind) => {
  let database: Database;
  let env: Env;
  let smtp: SmtpMock;
  let operator: User;
  let sequence = 0;

  beforeAll(async () => {
    [database, smtp] = await Promise.all([createTestDatabase(kind), startSmtpServer()]);
    env = createTestEnv({ SMTP_URL: smtp.url });
    operator = (await insertUser(database.db, { role: "owner", email: `operador-${kind}@tienda.cu` })) as User;
  });
  afterAll(async () => {
    await database.close();
    await smtp.close();
  });

  // Orders placed as the checkout does.

  it("the list's loader writes the rows for the page and keeps the filters; junk in the query is ignored", async () => {
    const tag = `Lista${kind}`;
    const base = Date.parse("2025-06-01T12:00:00Z");
    for (let i = 0; i < 52; i += 1) {
      sequence += 1;
      const user = await insertUser(database.db);
      await database.db.insert(orders).values({
        transactionId: `lista${kind}${sequence}`,
        userId: user.id,
        amountCents: 1000,
        goodsCents: 1000,
        shippingPriceCup: i === 0 ? 0 : 500,
        shippingName: "Estándar",
        shippingTime: "1-2 días",
        fullName: `${tag} ${i}`,
        clientId: "85010112345",
        address: "Calle 23",
        city: "Plaza",
        stateProvinceRegion: "La Habana",
        phoneNumber: "+53 5 000 0000",
        deliveryLatitude: 23.1,
        deliveryLongitude: -82.4,
        dateIssued: new Date(base + i * 60_000),
      });
    }
    const context = createTestContext({ db: database.db, env, user: operator });
    const load = (query: string) =>
      listLoader({
        request: new Request(`http://localhost/en/admin/orders?${query}`),
        params: { lang: "en" },
        context,
      } as never);
    const page = await load(`q=${tag}&status=bogus&from=2026-99-99&option=drone&p=99999`);
    expect(page).toMatchObject({ total: 52, pageCount: 2 });
    expect(page.filters).toMatchObject({ q: tag, status: "", from: "", option: "", page: 2 });
    expect(page.rows.map((r) => r.customer)).toEqual([`${tag} 1`, `${tag} 0`]);
    expect(page.rows[0]).toMatchObject({
      status: "not_processed",
      option: "standard",
      amount: "$10.00",
      shipping: "500 CUP",
      phone: "+53 5 000 0000",
      city: "Plaza",
    });
    expect(page.rows[1].shipping).toBeNull();
    expect(page.rows[0].date).toMatch(/^Jun 1, 2025/);
    const first = await load(`q=${encodeURIComponent(tag.toUpperCase())}`);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0].customer).toBe(`${tag} 51`);
  });

  // ---------------------------------------------------------------------------------------------
  // Real orders, placed as the checkout does, for the detail and the status moves.

  async function place(lang: Language = "es", count = 2, extra: Record<string, unknown> = {}) {
    const user = (await insertUser(database.db, { firstName: "Eva" })) as User;
    const product = await insertProduct(database.db, {
      name: "Arroz 1 kg",
      nameEn: "Rice 1 kg",
      priceCents: 250,
      quantity: 20,
    });
    const added = await mergeCartLine(database.db, user.id, { productId: product.id, count });
    expect(added.ok).toBe(true);
    const input = await cartCheckoutInput(database.db, user.id, {
      first_name: "Eva",
      last_name: "Paz Núñez",
      phone: "+53 5 555 1234",
      ...extra,
    });
    const result = await createOrder({ db: database.db, env }, user, input, { lang });
    if (!result.ok) throw new Error(JSON.stringify(result));
    await result.notified;
    await smtp.waitForMail(user.email); // the confirmation
    return { user, product, order: result.order };
  }

  const stockOf = async (product: Product) =>
    (await database.db.select().from(products).where(eq(products.id, product.id)))[0].quantity;
  const statusOf = async (transactionId: string) =>
    (await database.db.select().from(orders).where(eq(orders.transactionId, transactionId)))[0].status;

  /** Posts the order page's move form as the operator. */
  function move(transactionId: string, body: Record<string, string>, lang: Language = "es") {
    const context = createTestContext({ db: database.db, env, user: operator });
    const request = new Request(`http://localhost/${lang}/admin/orders/${transactionId}`, {
      method: "POST",
      body: new URLSearchParams(body),
    });
    return orderAction({ request, params: { lang, transactionId }, context } as never) as Promise<unknown>;
  }
  const statusOfAnswer = (answer: unknown) =>
    answer instanceof Response ? answer.status : ((answer as { init?: { status?: number } }).init?.status ?? 200);

  it("shows one order in full: lines, money, customer and email, point, gift, history; unknown ids are 404", async () => {
    const { user, order } = await place("en", 3, { is_gift: true, gift_message: "¡Feliz cumpleaños!" });
    const context = createTestContext({ db: database.db, env, user: operator });
    const page = await orderLoader({
      request: new Request(`http://localhost/en/admin/orders/${order.transactionId}`),
      params: { lang: "en", transactionId: order.transactionId },
      context,
    } as never);
    expect(page).toMatchObject({
      id: order.transactionId,
      status: "not_processed",
      moves: ["processed", "cancelled"],
      lines: [{ name: "Rice 1 kg", count: 3, unit: "$2.50", total: "$7.50" }],
      money: { goods: "$7.50", amount: "$7.50", rate: String(order.exchangeRate) },
      customer: { email: user.email, clientId: "85010112345", zip: "10400", language: "en" },
      delivery: { point: "23.13570, -82.38380", latitude: VEDADO.latitude, tileUrl: env.MAP_TILE_URL },
      gift: { isGift: true, message: "¡Feliz cumpleaños!" },
    });
    expect(page.delivery.mapLink).toBe(
      "https://www.openstreetmap.org/?mlat=23.13570&mlon=-82.38380#map=17/23.13570/-82.38380",
    );
    const missing = await orderLoader({
      request: new Request("http://localhost/en/admin/orders/unknown"),
      params: { lang: "en", transactionId: "unknown" },
      context,
    } as never).catch((e: unknown) => e);
    expect((missing as { init?: { status?: number } }).init?.status).toBe(404);
  });

  it("§4.1 through the page's action: every allowed move is made, every other one is refused and changes nothing", async () => {
    const paths: Record<OrderStatus, OrderStatus[]> = {
      not_processed: [],
      processed: ["processed"],
      shipping: ["processed", "shipping"],
      delivered: ["processed", "shipping", "delivered"],
      cancelled: ["cancelled"],
    };
    const deps = { db: database.db, env };
    for (const from of orderStatuses) {
      expect(allowedMoves(from)).toEqual(orderStatuses.filter((to) => canChangeStatus(from, to)));
      for (const to of orderStatuses) {
        const { order } = await place();
        for (const step of paths[from]) {
          const moved = await changeOrderStatus(deps, { transactionId: order.transactionId }, step);
          if (!moved.ok) throw new Error(`${from}: ${step}`);
          await moved.notified;
        }
        const [row] = await database.db.select().from(orders).where(eq(orders.transactionId, order.transactionId));
        const historyOf = () =>
          database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, row.id));
        const historyBefore = await historyOf();
        const answer = await move(order.transactionId, { to, note: "" });
        if (canChangeStatus(from, to)) {
          expect(answer, `${from} -> ${to}`).toBeInstanceOf(Response);
          expect((answer as Response).status).toBe(303);
          expect((answer as Response).headers.get("Location")).toBe(
            `/es/admin/orders/${order.transactionId}?moved=${to}`,
          );
          expect(await statusOf(order.transactionId)).toBe(to);
        } else {
          expect(statusOfAnswer(answer), `${from} -> ${to}`).toBe(409);
          expect((answer as { data: { formError?: string } }).data.formError).toBe("admin.orders.move.invalid");
          expect(await statusOf(order.transactionId), `${from} -> ${to}`).toBe(from);
          expect(await historyOf()).toHaveLength(historyBefore.length);
        }
      }
    }
  });

  it("refuses a malformed move (400) or an unknown order (404) without a 500", async () => {
    const { order } = await place();
    const tooLong = await move(order.transactionId, { to: "processed", note: "x".repeat(501) });
    expect(statusOfAnswer(tooLong)).toBe(400);
    expect(tooLong).toMatchObject({ data: { errors: { note: "admin.form.tooLong" }, values: { to: "processed" } } });
    const bodies: Array<Record<string, string>> = [{ to: "shipped" }, { to: "" }, {}, { to: "processed'--" }];
    for (const body of bodies) {
      const answer = await move(order.transactionId, body);
      expect(statusOfAnswer(answer), JSON.stringify(body)).toBe(400);
      expect(answer).toMatchObject({ data: { errors: { to: "admin.orders.move.unknown" } } });
    }
    expect(await statusOf(order.transactionId)).toBe("not_processed");
    // Not a form at all (issue 22 point 3: the shared reader's thrown 400).
    const context = createTestContext({ db: database.db, env, user: operator });
    const junk = await orderAction({
      request: new Request(`http://localhost/es/admin/orders/${order.transactionId}`, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=nope" },
        body: "garbage",
      }),
      params: { lang: "es", transactionId: order.transactionId },
      context,
    } as never).catch((thrown: unknown) => thrown);
    expect(statusOfAnswer(junk)).toBe(400);
    const unknown = await move("does-not-exist", { to: "processed" }).catch((e: unknown) => e);
    expect((unknown as { init?: { status?: number } }).init?.status).toBe(404);
  });

  for (const lang of ["es", "en"] as const) {
    it(`${lang}: each move emails the customer in the order's language with a link, and is in the audit log`, async () => {
      const { user, order } = await place(lang);
      const t = (key: string, values: Record<string, string> = {}) =>
        translate(getMessages(lang), lang, key as never, values);
      for (const to of ["processed", "shipping", "delivered"] as const) {
        const note = to === "shipping" ? "Sale hoy con Raúl" : "";
        const answer = await move(order.transactionId, { to, note }, "es"); // the operator's page is in Spanish
        expect((answer as Response).status).toBe(303);
        const mail = await smtp.waitForMail(user.email);
        expect(mail.subject).toBe(t(`email.order.status.subject.${to}`, { id: order.transactionId }));
        expect(mail.text).toContain(t(`invoice.status.${to}`));
        if (note) expect(mail.text).toContain(note);
        expect(extractLink(mail, `http://localhost:3000/${lang}/orders?order=`)).toBe(
          `http://localhost:3000/${lang}/orders?order=${order.transactionId}`,
        );
      }
      const entries = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, order.transactionId)));
      expect(entries.map((e) => [e.action, e.actorId, e.actorEmail, e.before, e.after])).toEqual([
        ["order.status", operator.id, operator.email, { status: "not_processed" }, { status: "processed", note: "" }],
        [
          "order.status",
          operator.id,
          operator.email,
          { status: "processed" },
          { status: "shipping", note: "Sale hoy con Raúl" },
        ],
        ["order.status", operator.id, operator.email, { status: "shipping" }, { status: "delivered", note: "" }],
      ]);
      const history = (await getAdminOrder(database.db, order.transactionId))!.order.history;
      expect(history.map((h) => [h.status, h.note])).toEqual([
        ["not_processed", ""],
        ["processed", "operator"],
        ["shipping", "Sale hoy con Raúl"],
        ["delivered", "operator"],
      ]);
    });
  }

  it("a cancellation by the operator puts the units back in stock and tells the customer", async () => {
    const { user, product, order } = await place("es", 4);
    expect(await stockOf(product)).toBe(16);
    const answer = await move(order.transactionId, { to: "cancelled", note: "Sin existencias en el almacén" });
    expect((answer as Response).status).toBe(303);
    expect(await stockOf(product)).toBe(20);
    expect(await statusOf(order.transactionId)).toBe("cancelled");
    const mail = await smtp.waitForMail(user.email);
    expect(mail.subject).toBe(`Tu pedido ${order.transactionId} fue cancelado`);
    expect(mail.text).toContain("Sin existencias en el almacén");
    // Twice: refused, and the stock is not given back again.
    expect(statusOfAnswer(await move(order.transactionId, { to: "cancelled" }))).toBe(409);
    expect(await stockOf(product)).toBe(20);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, order.transactionId)));
    expect(entry).toMatchObject({
      action: "order.status",
      before: { status: "not_processed" },
      after: { status: "cancelled", note: "Sin existencias en el almacén" },
    });
  });

  it("serves the delivery sheet as an inline, private PDF with the phone, address and amount; 404 otherwise", async () => {
    const { order } = await place("es", 2, { is_gift: true, gift_message: "Para mamá" });
    const context = createTestContext({ db: database.db, env, user: operator });
    const get = (transactionId: string, lang: Language = "en") =>
      sheetLoader({
        request: new Request(`http://localhost/${lang}/admin/orders/${transactionId}/sheet`),
        params: { lang, transactionId },
        context,
      } as never);
    const res = await get(order.transactionId);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`inline; filename="delivery-sheet-${order.transactionId}.pdf"`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
    let text: string;
    try {
      text = (await parser.getText()).text.replace(/\s+/g, " ");
    } finally {
      await parser.destroy();
    }
    const { totalCup } = getOrderCupTotals(order);
    for (const expected of [
      "Delivery sheet",
      order.transactionId,
      "+53 5 555 1234",
      "Calle 23 #456, Vedado",
      "Plaza de la Revolución, La Habana, 10400",
      "23.13570, -82.38380",
      formatUsdCents(order.amountCents, "en"),
      formatCup(order.shippingPriceCup, "en"),
      formatCup(totalCup, "en"),
      "Para mamá",
      "Received by",
    ]) {
      expect(text, expected).toContain(expected);
    }
    const missing = await get("unknown-order").catch((e: unknown) => e);
    expect((missing as { init?: { status?: number } }).init?.status).toBe(404);
  });
});
