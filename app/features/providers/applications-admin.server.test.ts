import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { companyInfo } from "~/db/schema/content";
import { providerApplications } from "~/db/schema/providers";
import { DEMO_COMPANY } from "~/db/seed/data/content";
import { getCompanyInfo } from "~/features/content/content.server";
import type { Env } from "~/utils/env.server";
import { insertUser } from "../../../tests/factories";
import { type SmtpMock, startSmtpServer } from "../../../tests/mocks/smtp";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { DecisionSchema, decideApplication, listApplications } from "./applications-admin.server";

// Issue 12, point 3 (spec §2.19, §3 Provider application, §4.7; D24): the operator's decision on a
// seller application, its email in the applicant's language, the audit entry and company info.

const PUBLIC_URL = "http://tienda.test:3000";

describe("DecisionSchema", () => {
  it("needs a note to reject, not to approve, and at most 1000 characters", () => {
    expect(DecisionSchema.safeParse({ intent: "approve", note: "" }).success).toBe(true);
    const reject = DecisionSchema.safeParse({ intent: "reject", note: "   " });
    expect(reject.success).toBe(false);
    expect(reject.error?.issues[0]).toMatchObject({ path: ["note"], message: "admin.sellers.decision.noteRequired" });
    expect(DecisionSchema.safeParse({ intent: "reject", note: "x".repeat(1001) }).error?.issues[0].message).toBe(
      "admin.form.tooLong",
    );
    expect(DecisionSchema.safeParse({ intent: "delete", note: "" }).error?.issues[0].message).toBe(
      "admin.sellers.decision.invalid",
    );
  });
});

describe.each(databaseKinds())("seller decisions on %s (issue 12, point 3)", (kind) => {
  let database: Database;
  let smtp: SmtpMock;
  let env: Env;
  let operator: { id: number; email: string; role: string };
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startSmtpServer();
    env = createTestEnv({ SMTP_URL: smtp.url, PUBLIC_URL });
    await database.db.insert(companyInfo).values({ ...DEMO_COMPANY, id: 1 });
    const user = await insertUser(database.db, { role: "owner" });
    operator = { id: user.id, email: user.email, role: "owner" };
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.close();
  });

  async function application(overrides: Partial<typeof providerApplications.$inferInsert> = {}) {
    sequence += 1;
    const [row] = await database.db
      .insert(providerApplications)
      .values({
        businessName: `Mipyme ${kind} ${sequence}`,
        contactName: "Ana Pérez",
        email: `solicitante-${kind}-${sequence}@example.cu`,
        phone: `+53 5 000 ${String(sequence).padStart(4, "0")}`,
        address: "Calle 23, Vedado",
        providerType: "local",
        productCategories: "Alimentos",
        businessDescription: "Vendemos café y alimentos secos en La Habana desde 2019.",
        termsAccepted: true,
        language: "es",
        ...overrides,
      })
      .returning();
    return row;
  }

  it("approves with a note: status, reviewer, audit, a Spanish welcome with the next steps and the note", async () => {
    const app = await application();
    const result = await decideApplication({ db: database.db, env }, operator, app.id, {
      intent: "approve",
      note: "Traiga su licencia de mipyme a la entrevista.",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    await result.notified;
    expect(result.application).toMatchObject({
      status: "approved",
      reviewNote: "Traiga su licencia de mipyme a la entrevista.",
      reviewedBy: operator.email,
    });
    expect(result.application.reviewedAt).toBeInstanceOf(Date);

    const mail = await smtp.waitForMail(app.email);
    expect(mail.subject).toBe(`¡Aprobamos tu solicitud para vender en ${DEMO_COMPANY.name}! (n.º ${app.id})`);
    expect(mail.text).toContain("Hola, Ana Pérez:");
    expect(mail.text).toContain("Próximos pasos");
    expect(mail.text).toContain("Nota del equipo de ventas");
    expect(mail.text).toContain("Traiga su licencia de mipyme a la entrevista.");
    expect(mail.text).toContain(`${PUBLIC_URL}/es/sell-with-us`);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "provider_application"), eq(auditLog.entityId, String(app.id))));
    expect(entry).toMatchObject({ action: "seller.approve", actorId: operator.id, actorEmail: operator.email });
    expect(entry.before).toEqual({ status: "pending" });
    expect(entry.after).toMatchObject({
      status: "approved",
      reviewNote: "Traiga su licencia de mipyme a la entrevista.",
    });
  });

  it("rejects in English for an English application: the note and how to contact sales", async () => {
    const app = await application({ language: "en" });
    const result = await decideApplication({ db: database.db, env }, operator, app.id, {
      intent: "reject",
      note: "We only accept food sellers this month.",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    await result.notified;
    const mail = await smtp.waitForMail(app.email);
    expect(mail.subject).toBe(`About your application to sell on ${DEMO_COMPANY.name} (no. ${app.id})`);
    expect(mail.text).toContain("Hello Ana Pérez,");
    expect(mail.text).toContain("cannot approve it for now");
    expect(mail.text).toContain("We only accept food sellers this month.");
    expect(mail.text).toContain(`write to us at ${DEMO_COMPANY.salesEmail} or call us on ${DEMO_COMPANY.sellsPhone}`);
    expect(mail.text).toContain(`mailto:${DEMO_COMPANY.salesEmail}`);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "provider_application"), eq(auditLog.entityId, String(app.id))));
    expect(entry.action).toBe("seller.reject");
  });

  it("refuses a second decision (stale page, double submit) and changes nothing, with no second email", async () => {
    const app = await application();
    const deps = { db: database.db, env };
    const [first, second] = await Promise.all([
      decideApplication(deps, operator, app.id, { intent: "approve", note: "" }),
      decideApplication(deps, operator, app.id, { intent: "reject", note: "Otra cosa" }),
    ]);
    const results = [first, second];
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const refused = results.find((r) => !r.ok);
    expect(refused).toMatchObject({ ok: false, error: "alreadyDecided" });
    const winner = results.find((r) => r.ok);
    if (winner?.ok) await winner.notified;
    await smtp.waitForMail(app.email);

    const again = await decideApplication(deps, operator, app.id, { intent: "reject", note: "Tarde" });
    expect(again).toMatchObject({ ok: false, error: "alreadyDecided" });
    const [row] = await database.db.select().from(providerApplications).where(eq(providerApplications.id, app.id));
    expect(row.status).toBe(winner?.ok ? winner.application.status : "?");
    expect(row.reviewNote).not.toBe("Tarde");
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "provider_application"), eq(auditLog.entityId, String(app.id))));
    expect(entries).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.pending(app.email)).toHaveLength(0);

    expect(await decideApplication(deps, operator, 999_999, { intent: "approve", note: "" })).toEqual({
      ok: false,
      error: "notFound",
    });
  });

  it("company info's providers count follows an approval at once (cache dropped)", async () => {
    const before = (await getCompanyInfo(database.db, "es"))!.providers;
    const app = await application();
    const result = await decideApplication({ db: database.db, env }, operator, app.id, { intent: "approve", note: "" });
    if (result.ok) await result.notified;
    expect((await getCompanyInfo(database.db, "es"))!.providers).toBe(before + 1);
    expect((await getCompanyInfo(database.db, "en"))!.providers).toBe(before + 1);
  });

  it("keeps the decision when the mail server refuses, and logs the failure", async () => {
    const app = await application();
    const broken = createTestEnv({ SMTP_URL: "smtp://127.0.0.1:1", PUBLIC_URL });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const result = await decideApplication({ db: database.db, env: broken }, operator, app.id, {
        intent: "approve",
        note: "",
      });
      expect(result.ok).toBe(true);
      if (result.ok) await result.notified;
      expect(error).toHaveBeenCalledWith(
        expect.stringContaining(`Provider application ${app.id} decision email failed`),
      );
    } finally {
      error.mockRestore();
    }
    const [row] = await database.db.select().from(providerApplications).where(eq(providerApplications.id, app.id));
    expect(row.status).toBe("approved");
  });

  it("lists by status with counts and search; pending oldest first, decided newest decision first", async () => {
    const tag = `Lista${kind}`;
    const old = await application({ businessName: `${tag} vieja`, createdAt: new Date("2026-01-01T12:00:00Z") });
    const recent = await application({ businessName: `${tag} nueva`, createdAt: new Date("2026-02-01T12:00:00Z") });
    const decidedEarly = await application({
      businessName: `${tag} aprobada antes`,
      status: "approved",
      reviewedAt: new Date("2026-02-02T12:00:00Z"),
    });
    const decidedLate = await application({
      businessName: `${tag} aprobada después`,
      status: "approved",
      reviewedAt: new Date("2026-02-03T12:00:00Z"),
      phone: "+53 5 999 8877",
    });
    const pending = await listApplications(database.db, { status: "pending", q: tag, page: 1 });
    expect(pending.rows.map((r) => r.id)).toEqual([old.id, recent.id]);
    expect(pending.counts).toEqual({ pending: 2, approved: 2, rejected: 0, all: 4 });
    const approved = await listApplications(database.db, { status: "approved", q: tag, page: 1 });
    expect(approved.rows.map((r) => r.id)).toEqual([decidedLate.id, decidedEarly.id]);
    const all = await listApplications(database.db, { status: "all", q: tag, page: 1 });
    expect(all.rows.map((r) => r.id)).toEqual([old.id, recent.id, decidedLate.id, decidedEarly.id]);
    // Search by phone, email and contact name too; `%` is literal.
    expect(
      (await listApplications(database.db, { status: "all", q: "999 8877", page: 1 })).rows.map((r) => r.id),
    ).toEqual([decidedLate.id]);
    expect((await listApplications(database.db, { status: "all", q: old.email.toUpperCase(), page: 1 })).total).toBe(1);
    expect((await listApplications(database.db, { status: "all", q: "%", page: 1 })).total).toBe(0);
  });
});
