import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { comboParts, products } from "~/db/schema/catalog";
import { defectClaims } from "~/db/schema/claims";
import { emailOutbox } from "~/db/schema/outbox";
import type { User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { mediaStore } from "~/features/media/store.server";
import { createOrder } from "~/features/orders/create.server";
import { orderById } from "~/features/orders/orders.server";
import { changeOrderStatus } from "~/features/orders/status.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import type { Env } from "~/utils/env.server";
import { cartCheckoutInput, insertProduct, insertUser } from "../../../tests/factories";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { createClaim, getClaimImageUrls, getOrderClaims } from "./claims.server";
import { decideClaim, listClaims } from "./decide.server";
import { CLAIM_DECIDED, claimRenderers } from "./emails.server";
import { DEFECT_REPORT_HOURS } from "~/features/content/policy";
import { claimWindowEnd } from "./rules";

// Issue 26 point 5: defect claims within DEFECT_REPORT_HOURS of delivery, on lines under warranty,
// the owner's only, up to 3 photos; an operator approves (a zero-cost replacement order that takes
// stock) or rejects with a note; the shopper is emailed either way; every decision is audited.

const HOUR = 60 * 60 * 1000;

/** A small PNG, as a phone's photo would arrive. */
const photo = async () =>
  new Blob([
    new Uint8Array(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c00" } })
        .png()
        .toBuffer(),
    ),
  ]);

describe.each(databaseKinds())("defect claims on %s (issue 26 point 5)", (kind) => {
  let database: Database;
  let env: Env;
  const db = () => database.db as Db;
  const deps = () => ({ db: db(), env, media: mediaStore(env) });
  let operator: { id: number; email: string; role: string };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    const user = await insertUser(database.db, { email: `operadora-${kind}@example.cu` });
    operator = { id: user.id, email: user.email, role: "dispatcher" };
  });
  afterAll(async () => {
    await outboxMailer({ db: db(), env }).stop();
    await database?.close();
  });

  /** A shopper's order of a warrantied fan and unwarrantied rice, moved to delivered. */
  async function deliveredOrder(opts: { fanStock?: number; lang?: "es" | "en" } = {}) {
    const shopper = (await insertUser(db())) as User;
    const fan = await insertProduct(db(), {
      name: "Ventilador recargable",
      nameEn: "Rechargeable fan",
      warranty: true,
      quantity: opts.fanStock ?? 5,
    });
    const rice = await insertProduct(db(), { name: "Arroz 1 kg", warranty: false, quantity: 10 });
    for (const product of [fan, rice]) {
      expect((await mergeCartLine(db(), shopper.id, { productId: product.id, count: 1 })).ok).toBe(true);
    }
    const placed = await createOrder({ db: db(), env }, shopper, await cartCheckoutInput(db(), shopper.id), {
      lang: opts.lang ?? "es",
    });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    const id = placed.order.transactionId;
    for (const to of ["processed", "shipping", "delivered"] as const) {
      expect((await changeOrderStatus({ db: db(), env }, { transactionId: id }, to)).ok).toBe(true);
    }
    const state = await getOrderClaims(db(), shopper.id, id);
    if (!state?.deliveredAt) throw new Error("not delivered");
    return { shopper, fan, rice, id, deliveredAt: state.deliveredAt };
  }

  const description = "El ventilador no enciende al cargarlo.";
  const stockOf = async (id: number) =>
    (await db().select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0].q;

  it("the window is open up to exactly DEFECT_REPORT_HOURS after delivery and closed just after; the page explains why", async () => {
    const { shopper, id, deliveredAt } = await deliveredOrder();
    const end = claimWindowEnd(deliveredAt);
    expect(end.getTime() - deliveredAt.getTime()).toBe(DEFECT_REPORT_HOURS * HOUR);

    const late = await getOrderClaims(db(), shopper.id, id, new Date(end.getTime() + 1));
    expect(late).toMatchObject({ windowOpen: false, windowEndsAt: end });
    expect(late?.lines.every((line) => !line.canClaim)).toBe(true);
    const refused = await createClaim(deps(), shopper.id, id, { line: 0, description }, [], {
      lang: "es",
      now: new Date(end.getTime() + 1),
    });
    expect(refused).toMatchObject({ ok: false, status: 409, error: "claims.errors.windowClosed" });

    const atEnd = await getOrderClaims(db(), shopper.id, id, end);
    expect(atEnd?.windowOpen).toBe(true);
    expect(atEnd?.lines.map((line) => [line.warranty, line.canClaim])).toEqual([
      [true, true],
      [false, false],
    ]);
    const made = await createClaim(deps(), shopper.id, id, { line: 0, description }, [await photo()], {
      lang: "es",
      now: end,
    });
    expect(made).toMatchObject({ ok: true, claim: { status: "pending", productName: "Ventilador recargable" } });
  });

  it("refuses a line without warranty, another shopper's order (404), a fourth photo, a second claim of the line, an undelivered order", async () => {
    const { shopper, id, deliveredAt } = await deliveredOrder();
    const now = new Date(deliveredAt.getTime() + HOUR);
    const opts = { lang: "es" as const, now };
    expect(await createClaim(deps(), shopper.id, id, { line: 1, description }, [], opts)).toMatchObject({
      ok: false,
      status: 409,
      error: "claims.errors.noWarranty",
      field: "line",
    });
    expect(await createClaim(deps(), shopper.id, id, { line: 7, description }, [], opts)).toMatchObject({
      status: 400,
      error: "claims.errors.line",
    });
    const stranger = await insertUser(db());
    expect(await createClaim(deps(), stranger.id, id, { line: 0, description }, [], opts)).toMatchObject({
      status: 404,
      error: "claims.errors.notFound",
    });
    expect(await getOrderClaims(db(), stranger.id, id, now)).toBeNull();
    const four = await Promise.all([photo(), photo(), photo(), photo()]);
    expect(await createClaim(deps(), shopper.id, id, { line: 0, description }, four, opts)).toMatchObject({
      status: 400,
      error: "claims.errors.tooManyPhotos",
      field: "photos",
    });
    expect(
      await createClaim(deps(), shopper.id, id, { line: 0, description }, [new Blob(["not an image"])], opts),
    ).toMatchObject({ status: 400, error: "claims.errors.photoNotImage" });

    const three = await Promise.all([photo(), photo(), photo()]);
    const first = await createClaim(deps(), shopper.id, id, { line: 0, description }, three, opts);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.claim.photos).toHaveLength(3);
    expect(first.claim.photos.every((url) => url.startsWith("/media/claims/") && url.endsWith(".webp"))).toBe(true);
    expect(await getClaimImageUrls(db())).toEqual(expect.arrayContaining(first.claim.photos));
    expect(await createClaim(deps(), shopper.id, id, { line: 0, description }, [], opts)).toMatchObject({
      status: 409,
      error: "claims.errors.alreadyClaimed",
    });

    // An order not delivered yet.
    const fan = await insertProduct(db(), { warranty: true, quantity: 3 });
    await mergeCartLine(db(), shopper.id, { productId: fan.id, count: 1 });
    const placed = await createOrder({ db: db(), env }, shopper as User, await cartCheckoutInput(db(), shopper.id), {
      lang: "es",
    });
    if (!placed.ok) throw new Error("not placed");
    expect(
      await createClaim(deps(), shopper.id, placed.order.transactionId, { line: 0, description }, [], opts),
    ).toMatchObject({ status: 409, error: "claims.errors.notDelivered" });
  });

  it("approving places a zero-cost replacement to the same delivery point, takes the stock, emails the shopper and audits", async () => {
    const { shopper, fan, id, deliveredAt } = await deliveredOrder({ lang: "en" });
    const made = await createClaim(deps(), shopper.id, id, { line: 0, description }, [], {
      lang: "en",
      now: new Date(deliveredAt.getTime() + HOUR),
    });
    if (!made.ok) throw new Error(JSON.stringify(made));
    const before = await stockOf(fan.id);
    const decided = await decideClaim({ db: db(), env }, made.claim.id, { decision: "approve", note: "" }, operator);
    if (!decided.ok) throw new Error(JSON.stringify(decided));
    await decided.notified;
    expect(decided.claim.status).toBe("approved");
    expect(await stockOf(fan.id)).toBe(before - 1);

    const replacementId = decided.claim.replacementTransactionId;
    expect(replacementId).toBeTruthy();
    const state = await getOrderClaims(db(), shopper.id, id);
    expect(state?.claims[0]).toMatchObject({ status: "approved", replacementTransactionId: replacementId });
    const [replacement, original] = await Promise.all([
      orderById(db(), (await listClaimsFor(made.claim.id)).replacementOrderId!),
      getOrderClaims(db(), shopper.id, replacementId!),
    ]);
    expect(original).not.toBeNull(); // the shopper's own order
    expect(replacement).toMatchObject({
      status: "not_processed",
      amountCents: 0,
      goodsCents: 0,
      shippingPriceCup: 0,
      address: "Calle 23 #456, Vedado",
      fullName: "Ana Pérez",
      items: [{ productId: fan.id, count: 1, priceCents: 0 }],
    });

    // Deciding again is refused.
    expect(
      await decideClaim({ db: db(), env }, made.claim.id, { decision: "reject", note: "x" }, operator),
    ).toMatchObject({ ok: false, status: 409, error: "claims.errors.decided" });

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "claim"), eq(auditLog.entityId, String(made.claim.id))));
    expect(entry).toMatchObject({
      action: "claim.approve",
      actorEmail: operator.email,
      before: { status: "pending" },
      after: { status: "approved", replacement: replacementId },
    });
    const email = await renderedEmail(made.claim.id);
    expect(email?.message.subject).toBe("We approved your report of Rechargeable fan");
    expect(email?.message.to).toBe(shopper.email);
    expect(email?.message.text).toContain(replacementId);
  });

  it("approving a combo's claim takes its parts' stock, as ordering it does (decision 015)", async () => {
    const shopper = (await insertUser(db())) as User;
    const fan = await insertProduct(db(), { name: "Ventilador", warranty: true, quantity: 5 });
    const lamp = await insertProduct(db(), { name: "Lámpara", warranty: true, quantity: 5 });
    const combo = await insertProduct(db(), { name: "Combo apagón", warranty: true, isCombo: true, quantity: 0 });
    await db()
      .insert(comboParts)
      .values([
        { comboId: combo.id, productId: fan.id, quantity: 1 },
        { comboId: combo.id, productId: lamp.id, quantity: 2 },
      ]);
    expect((await mergeCartLine(db(), shopper.id, { productId: combo.id, count: 1 })).ok).toBe(true);
    const placed = await createOrder({ db: db(), env }, shopper, await cartCheckoutInput(db(), shopper.id), {
      lang: "es",
    });
    if (!placed.ok) throw new Error(JSON.stringify(placed));
    const id = placed.order.transactionId;
    for (const to of ["processed", "shipping", "delivered"] as const) {
      expect((await changeOrderStatus({ db: db(), env }, { transactionId: id }, to)).ok).toBe(true);
    }
    expect([await stockOf(fan.id), await stockOf(lamp.id)]).toEqual([4, 3]);
    const made = await createClaim(deps(), shopper.id, id, { line: 0, description }, [], { lang: "es" });
    if (!made.ok) throw new Error(JSON.stringify(made));
    const decided = await decideClaim({ db: db(), env }, made.claim.id, { decision: "approve", note: "" }, operator);
    if (!decided.ok) throw new Error(JSON.stringify(decided));
    expect([await stockOf(fan.id), await stockOf(lamp.id), await stockOf(combo.id)]).toEqual([3, 1, 0]);
  });

  it("approval with too little stock fails with the product named and changes nothing", async () => {
    const { shopper, fan, id, deliveredAt } = await deliveredOrder({ fanStock: 1 });
    // The order took the only unit.
    expect(await stockOf(fan.id)).toBe(0);
    const made = await createClaim(deps(), shopper.id, id, { line: 0, description }, [], {
      lang: "es",
      now: new Date(deliveredAt.getTime() + HOUR),
    });
    if (!made.ok) throw new Error(JSON.stringify(made));
    const refused = await decideClaim({ db: db(), env }, made.claim.id, { decision: "approve", note: "" }, operator);
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      error: "checkout.errors.soldOut",
      product: { id: fan.id, stock: 0 },
    });
    expect(await stockOf(fan.id)).toBe(0);
    expect((await getOrderClaims(db(), shopper.id, id))?.claims[0].status).toBe("pending");
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "claim"), eq(auditLog.entityId, String(made.claim.id))));
    expect(audited).toEqual([]);
  });

  it("rejecting keeps the stock, records the note, emails it in the claim's language and audits; the line may be claimed again", async () => {
    const { shopper, fan, id, deliveredAt } = await deliveredOrder();
    const now = new Date(deliveredAt.getTime() + HOUR);
    const made = await createClaim(deps(), shopper.id, id, { line: 0, description }, [], { lang: "es", now });
    if (!made.ok) throw new Error(JSON.stringify(made));
    const before = await stockOf(fan.id);
    const note = "Las fotos muestran un golpe, no un defecto de fábrica.";
    const decided = await decideClaim({ db: db(), env }, made.claim.id, { decision: "reject", note }, operator);
    if (!decided.ok) throw new Error(JSON.stringify(decided));
    await decided.notified;
    expect(decided.claim).toMatchObject({ status: "rejected", note, replacementTransactionId: null });
    expect(await stockOf(fan.id)).toBe(before);
    const email = await renderedEmail(made.claim.id);
    expect(email?.message.subject).toBe("Tu reporte de Ventilador recargable no fue aprobado");
    expect(email?.message.text).toContain(note);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "claim"), eq(auditLog.entityId, String(made.claim.id))));
    expect(entry).toMatchObject({ action: "claim.reject", after: { status: "rejected", note } });
    expect((await listClaims(db(), { status: "rejected" })).claims.map((c) => c.id)).toContain(made.claim.id);
    const again = await createClaim(deps(), shopper.id, id, { line: 0, description }, [], { lang: "es", now });
    expect(again.ok).toBe(true);
  });

  async function listClaimsFor(claimId: number) {
    const [row] = await db().select().from(defectClaims).where(eq(defectClaims.id, claimId));
    return row;
  }

  async function renderedEmail(claimId: number) {
    const rows = (await db().select().from(emailOutbox).where(eq(emailOutbox.kind, CLAIM_DECIDED))).filter(
      (row) => (row.payload as { claimId: number }).claimId === claimId,
    );
    expect(rows).toHaveLength(1);
    const rendered = await claimRenderers(env)[CLAIM_DECIDED](
      db(),
      rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        payload: row.payload as Record<string, unknown>,
        attempts: 0,
        createdAt: row.createdAt,
      })),
    );
    return rendered.get(rows[0].id);
  }
});
