import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import type { User } from "~/features/accounts/accounts.server";
import { mergeCartLine } from "~/features/cart/cart.server";
import { mediaStore } from "~/features/media/store.server";
import { createOrder } from "~/features/orders/create.server";
import { changeOrderStatus } from "~/features/orders/status.server";
import { outboxMailer } from "~/features/outbox/mailer.server";
import type { Env } from "~/utils/env.server";
import { cartCheckoutInput, insertProduct, insertUser } from "../../../tests/factories";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { submitDecisionForm } from "./admin-view.server";
import { getOrderClaims } from "./claims.server";
import { claimPageState, submitClaimForm } from "./form.server";
import { claimWindowEnd } from "./rules";

// Issue 26 point 5: the claim page and the back office's decision form, as their routes call them:
// what the page shows after the window, errors beside their field with what was typed kept, a
// rejection without a note refused, a decision made once.

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe.each(databaseKinds())("defect claim forms on %s (issue 26 point 5)", (kind) => {
  let database: Database;
  let env: Env;
  const db = () => database.db as Db;
  let shopper: User;
  let id: string;
  let deliveredAt: Date;
  const actor = { id: null, email: "cli:test", role: "cli" };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    shopper = (await insertUser(db())) as User;
    const fan = await insertProduct(db(), { name: "Lámpara recargable", warranty: true, quantity: 3 });
    await mergeCartLine(db(), shopper.id, { productId: fan.id, count: 1 });
    const placed = await createOrder({ db: db(), env }, shopper, await cartCheckoutInput(db(), shopper.id), {
      lang: "es",
    });
    if (!placed.ok) throw new Error("not placed");
    id = placed.order.transactionId;
    for (const to of ["processed", "shipping", "delivered"] as const) {
      await changeOrderStatus({ db: db(), env }, { transactionId: id }, to);
    }
    deliveredAt = (await getOrderClaims(db(), shopper.id, id))!.deliveredAt!;
  });
  afterAll(async () => {
    await outboxMailer({ db: db(), env }).stop();
    await database?.close();
  });

  it("the claim page explains a closed window instead of the form; another's order is not found", async () => {
    const late = new Date(claimWindowEnd(deliveredAt).getTime() + 1);
    expect(await claimPageState(db(), shopper.id, id, "0", "es", late)).toMatchObject({
      found: true,
      canClaim: false,
      reason: "claims.errors.windowClosed",
      windowEnds: expect.stringContaining(String(deliveredAt.getFullYear())),
    });
    expect(await claimPageState(db(), shopper.id, id, "0", "es", deliveredAt)).toMatchObject({
      canClaim: true,
      name: "Lámpara recargable",
    });
    expect(await claimPageState(db(), shopper.id, id, "9", "es", deliveredAt)).toMatchObject({
      canClaim: false,
      reason: "claims.errors.line",
    });
    const stranger = await insertUser(db());
    expect(await claimPageState(db(), stranger.id, id, "0", "es")).toEqual({ found: false });
  });

  it("the form keeps the description with its error; the decision needs a note to reject and is made once", async () => {
    const deps = { db: db(), media: mediaStore(env) };
    const now = new Date(deliveredAt.getTime() + 1000);
    expect(
      await submitClaimForm(deps, shopper.id, id, form({ line: "0", description: "roto" }), { lang: "es", now }),
    ).toEqual({
      ok: false,
      status: 400,
      errors: { description: "claims.errors.descriptionShort" },
      description: "roto",
    });
    expect(
      await submitClaimForm(deps, shopper.id, id, form({ line: "0", description: "La lámpara no carga." }), {
        lang: "es",
        now,
      }),
    ).toEqual({ ok: true });
    const claimId = String((await getOrderClaims(db(), shopper.id, id))!.claims[0].id);

    expect(
      await submitDecisionForm({ db: db(), env }, claimId, form({ decision: "reject", note: " " }), actor),
    ).toMatchObject({
      ok: false,
      status: 400,
      errors: { note: "claims.errors.noteRequired" },
    });
    expect(await submitDecisionForm({ db: db(), env }, claimId, form({ decision: "x" }), actor)).toMatchObject({
      ok: false,
      status: 400,
      errors: { decision: "claims.errors.decision" },
    });
    expect(await submitDecisionForm({ db: db(), env }, "999999", form({ decision: "approve" }), actor)).toMatchObject({
      ok: false,
      status: 404,
    });
    const approved = await submitDecisionForm({ db: db(), env }, claimId, form({ decision: "approve" }), actor);
    expect(approved).toMatchObject({
      ok: true,
      status: "approved",
      replacementId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(await submitDecisionForm({ db: db(), env }, claimId, form({ decision: "approve" }), actor)).toMatchObject({
      ok: false,
      status: 409,
      formError: "claims.errors.decided",
    });
  });
});
