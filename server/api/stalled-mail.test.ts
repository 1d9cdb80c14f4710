import { and, eq, isNull, sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema/accounts";
import { emailOutbox } from "~/db/schema/outbox";
import { outboxMailer } from "~/features/outbox/mailer.server";
import type { Env } from "~/utils/env.server";
import { type SmtpMock, startSmtpServer } from "../../tests/mocks/smtp";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";

// Issue 24 point 2: sign-up, password reset and a seller application answer at once whatever the
// mail server does. Here it accepts connections and never greets: each answer arrives while the
// outbox is still waiting for the greeting, and the email is a row of the outbox, not lost.

describe.each(databaseKinds())("answers that never wait for a mail server that never greets, on %s", (kind) => {
  let database: Database;
  let silent: SmtpMock;
  let env: Env;
  let app: Hono;
  let ip = 0;

  const post = (path: string, json: unknown) =>
    app.request(
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(json),
      }),
      undefined,
      { incoming: { socket: { remoteAddress: `203.0.113.${++ip}`, remotePort: 40000, remoteFamily: "IPv4" } } },
    );

  /** The unsent outbox rows of `kind`. */
  const unsent = (emailKind: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, emailKind), isNull(emailOutbox.sentAt)));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    silent = await startSmtpServer({ holdGreetingMs: Infinity });
    // The greeting timeout (10 s by default) shortened so that the test ends soon after.
    env = createTestEnv({ SMTP_URL: `${silent.url}/?greetingTimeout=1500`, AUTH_RATE_LIMIT: "1000" });
    app = createServerApp({ db: database.db, env });
  });
  afterAll(async () => {
    // The sends time out and are logged as failures: expected here.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await outboxMailer({ db: database.db, env }).flush();
    errors.mockRestore();
    await silent.close();
    await database.close();
  });

  /** The answer came while the outbox's connection still waits for the greeting. */
  async function expectAnsweredWhileMailStalls(emailKind: string) {
    await expect.poll(() => silent.connections()).toBeGreaterThan(0);
    expect(silent.messages).toHaveLength(0);
    expect((await unsent(emailKind)).length).toBeGreaterThan(0);
  }

  it("POST /auth/users/ answers 201 and keeps the activation email in the outbox", async () => {
    const res = await post("/auth/users/", {
      username: "silencio1",
      first_name: "María",
      last_name: "Fernández",
      email: "silencio1@example.cu",
      password: "Malecon#Habana-1959",
      re_password: "Malecon#Habana-1959",
    });
    expect(res.status).toBe(201);
    await expectAnsweredWhileMailStalls("account.activation");
  });

  it("POST /auth/users/reset_password/ answers 204 and keeps the reset email in the outbox", async () => {
    await database.db.update(users).set({ isActive: true }).where(eq(users.email, "silencio1@example.cu"));
    const res = await post("/auth/users/reset_password/", { email: "silencio1@example.cu" });
    expect(res.status).toBe(204);
    await expect.poll(async () => (await unsent("account.reset")).length).toBe(1);
    await expectAnsweredWhileMailStalls("account.reset");
  });

  it("POST /api/provider-form/provider-application answers 201 with both emails in the outbox", async () => {
    const res = await post("/api/provider-form/provider-application", {
      businessName: "Dulcería La Habanera",
      contactName: "Marta Pérez",
      email: "marta.silencio@example.cu",
      phone: "+53 5 123 4567",
      address: "Calle 23 No. 456, Vedado, La Habana",
      providerType: "local",
      productCategories: "Dulces, panadería",
      businessDescription: "Dulcería familiar desde 2015: cakes, panetelas y galletas hechas cada día.",
      termsAccepted: true,
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const rows = await database.db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(sql`${emailOutbox.payload}->>'applicationId' = ${String(id)}`);
    expect(rows.map((r) => r.kind).sort()).toEqual(["seller.received", "seller.sales"]);
    await expectAnsweredWhileMailStalls("seller.received");
  });
});
