import { count, eq, isNull } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { companyInfo } from "~/db/schema/content";
import { emailOutbox } from "~/db/schema/outbox";
import { providerApplications } from "~/db/schema/providers";
import { outboxMailer } from "~/features/outbox/mailer.server";
import { PROVIDER_RATE_LIMIT, submitProviderApplication } from "~/features/providers/providers.server";
import { PROVIDER_FIELD_LIMITS, ProviderApplicationSchema } from "~/features/providers/schemas";
import type { Env } from "~/utils/env.server";
import { type SmtpMock, startSmtpServer } from "../../tests/mocks/smtp";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";

const PATH = "/api/provider-form/provider-application";
const SALES = "ventas@tienda.test";

let serial = 0;
/** A valid §3 application with a fresh email (the per-email limit counts per address). */
function application(overrides: Record<string, unknown> = {}) {
  serial++;
  return {
    businessName: "Dulcería La Habanera",
    contactName: "Marta Pérez",
    email: `marta${serial}@example.cu`,
    phone: "+53 5 123 4567",
    address: "Calle 23 No. 456, Vedado, La Habana",
    providerType: "local",
    productCategories: "Dulces, panadería",
    businessDescription: "Dulcería familiar desde 2015: cakes, panetelas y galletas hechas cada día.",
    termsAccepted: true,
    ...overrides,
  };
}

let ipSerial = 0;
const nextIp = () => `198.51.100.${++ipSerial}`;

type CallOptions = {
  json?: unknown;
  body?: string;
  contentType?: string;
  ip?: string;
  headers?: Record<string, string>;
};

describe.each(databaseKinds())("§7.6 POST /api/provider-form/provider-application on %s", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  let smtp: SmtpMock;
  /** Applications accepted through the API: each sends two emails. */
  let created = 0;

  /** The email to `address` whose subject names application `id` (others may still be arriving). */
  async function mailAbout(address: string, id: number) {
    const tag = new RegExp(`\\((n\\.º|no\\.) ${id}\\)$`);
    await expect
      .poll(() => smtp.messages.some((m) => m.to.includes(address) && tag.test(m.subject)), { timeout: 10_000 })
      .toBe(true);
    return smtp.messages.find((m) => m.to.includes(address) && tag.test(m.subject))!;
  }

  async function call(path: string, opts: CallOptions = {}) {
    const headers = new Headers(opts.headers);
    let body = opts.body;
    if (opts.json !== undefined) body = JSON.stringify(opts.json);
    if (body !== undefined) headers.set("content-type", opts.contentType ?? "application/json");
    const res = await app.request(
      new Request(`http://localhost${path}`, { method: "POST", headers, body }),
      undefined,
      // What @hono/node-server passes as bindings: clientIp() reads the socket address from them.
      { incoming: { socket: { remoteAddress: opts.ip ?? nextIp(), remotePort: 40000, remoteFamily: "IPv4" } } },
    );
    const text = await res.text();
    if (res.status === 201) created++;
    return {
      status: res.status,
      headers: res.headers,
      json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  }

  const stored = async () => (await database.db.select({ n: count() }).from(providerApplications))[0].n;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await startSmtpServer();
    env = createTestEnv({ SMTP_URL: smtp.url, PUBLIC_URL: "http://tienda.test:3000" });
    app = createServerApp({ db: database.db, env });
    await database.db
      .insert(companyInfo)
      .values({ name: "Tienda Cuba", salesEmail: SALES, supportEmail: "ayuda@x.cu" });
  });
  afterAll(async () => {
    await database?.close();
    await smtp?.close();
  });

  it("§7.6 201: stores the application as pending, in the applicant's language, and answers its id", async () => {
    const body = application({
      businessName: "  Dulcería La Habanera  ",
      extra: "ignored",
      id: 999,
      status: "approved",
    });
    const res = await call(`${PATH}?lang=en`, { json: body });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      id: expect.any(Number),
      status: "pending",
      businessName: "Dulcería La Habanera",
      email: body.email,
      providerType: "local",
      termsAccepted: true,
      language: "en",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      detail: expect.stringMatching(/^Application sent! .*2 to 5 business days/),
    });
    expect(res.json).not.toHaveProperty("extra");
    const [row] = await database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.id, res.json.id as number));
    expect(row).toMatchObject({
      businessName: "Dulcería La Habanera",
      contactName: "Marta Pérez",
      status: "pending",
      language: "en",
      termsAccepted: true,
    });
    expect(row.id).not.toBe(999);
  });

  it("§4.7 emails: the applicant's acknowledgement with the review timeframe, and the sales notification", async () => {
    const body = application({ providerType: "warehouse", contactName: "Lázaro Gómez" });
    const res = await call(PATH, { json: body, headers: { "accept-language": "es-CU,es;q=0.9,en;q=0.5" } });
    expect(res.status).toBe(201);
    expect(res.json.language).toBe("es");
    const id = res.json.id as number;

    const ack = await mailAbout(body.email, id);
    expect(ack.subject).toBe(`Recibimos tu solicitud para vender en Tienda Cuba (n.º ${id})`);
    expect(ack.text).toContain("Hola, Lázaro Gómez:");
    expect(ack.text).toContain("como proveedor de almacén");
    expect(ack.text).toContain("La revisaremos en 2 a 5 días hábiles");
    expect(ack.text).toContain("entrevista (1 a 2 días)");
    expect(ack.text).toContain("(1 a 3 días)");
    expect(ack.text).toContain("http://tienda.test:3000/es/sell-with-us");
    expect(ack.text).toContain(SALES);

    const notice = await mailAbout(SALES, id);
    expect(notice.subject).toBe(`Nueva solicitud de proveedor: Dulcería La Habanera (n.º ${id})`);
    for (const value of [body.email, body.phone, body.address, body.productCategories, body.businessDescription]) {
      expect(notice.text).toContain(value);
    }
    expect(notice.text).toContain("Lázaro Gómez ha solicitado vender en la tienda como proveedor de almacén");
    expect(notice.text).toContain(`mailto:${body.email}`);
    expect(notice.text).toContain("Idioma del solicitante");

    // In English when the applicant asked for English (the body's `language`); the notice stays Spanish.
    const en = application({ language: "en" });
    const enRes = await call(PATH, { json: en });
    expect(enRes.status).toBe(201);
    const enAck = await mailAbout(en.email, enRes.json.id as number);
    expect(enAck.subject).toMatch(/^We received your application to sell on Tienda Cuba \(no\. \d+\)$/);
    expect(enAck.text).toContain("We will review it in 2 to 5 business days");
    expect(enAck.text).toContain("as a local provider");
    const enNotice = await mailAbout(SALES, enRes.json.id as number);
    expect(enNotice.subject).toMatch(/^Nueva solicitud de proveedor/);
    expect(enNotice.text).toContain("English");
  });

  it("§5 400: each missing, blank, whitespace-only, too short or too long field, with nothing stored", async () => {
    const before = await stored();
    const required = { es: "Este campo es obligatorio.", en: "This field is required." };
    for (const field of Object.keys(PROVIDER_FIELD_LIMITS) as Array<keyof typeof PROVIDER_FIELD_LIMITS>) {
      const { min, max } = PROVIDER_FIELD_LIMITS[field];
      const { [field]: _gone, ...missing } = application();
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ["missing", missing, required.en],
        ["blank", application({ [field]: "" }), required.en],
        ["whitespace", application({ [field]: " \t  " }), required.en],
        ["null", application({ [field]: null }), required.en],
        ["number", application({ [field]: 12345678 }), "This value is not valid."],
        [
          "too long",
          application({ [field]: field === "email" ? `${"a".repeat(max)}@x.cu` : "7".repeat(max + 1) }),
          `Write at most ${max} characters.`,
        ],
      ];
      if (min > 1)
        cases.push(["too short", application({ [field]: "7".repeat(min - 1) }), `Write at least ${min} characters.`]);
      for (const [what, body, message] of cases) {
        const res = await call(`${PATH}?lang=en`, { json: body });
        expect(res.status, `${field} ${what}`).toBe(400);
        expect(res.json, `${field} ${what}`).toEqual({ [field]: [message] });
      }
    }
    // Spanish by default, with every broken field at once.
    const res = await call(PATH, { json: { termsAccepted: true } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json).sort()).toEqual(
      [
        "address",
        "businessDescription",
        "businessName",
        "contactName",
        "email",
        "phone",
        "productCategories",
        "providerType",
      ].sort(),
    );
    expect(res.json.businessName).toEqual([required.es]);
    expect(await stored()).toBe(before);
  });

  it("§5 400: a bad email, phone, providerType or control character, and the terms not accepted", async () => {
    const before = await stored();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: "marta@" }, "email", "Escribe un correo electrónico válido."],
      [{ email: "marta example.cu" }, "email", "Escribe un correo electrónico válido."],
      [
        { phone: "call me maybe" },
        "phone",
        "Escribe un teléfono válido: al menos 6 dígitos; solo números, espacios y + ( ) - .",
      ],
      [
        { phone: "+53 (5) --" },
        "phone",
        "Escribe un teléfono válido: al menos 6 dígitos; solo números, espacios y + ( ) - .",
      ],
      [{ providerType: "wholesale" }, "providerType", "Elige el tipo de proveedor: local o de almacén."],
      [{ providerType: "" }, "providerType", "Elige el tipo de proveedor: local o de almacén."],
      [{ providerType: "LOCAL" }, "providerType", "Elige el tipo de proveedor: local o de almacén."],
      [{ providerType: undefined }, "providerType", "Elige el tipo de proveedor: local o de almacén."],
      [{ businessName: "Dulcería\u0000" }, "businessName", "Este valor no es válido."],
      [{ address: "Calle 23\nVedado" }, "address", "Este valor no es válido."],
      [{ termsAccepted: false }, "termsAccepted", "Debes aceptar los términos y condiciones."],
      [{ termsAccepted: undefined }, "termsAccepted", "Debes aceptar los términos y condiciones."],
      [{ termsAccepted: "true" }, "termsAccepted", "Este valor no es válido."],
      [{ termsAccepted: 1 }, "termsAccepted", "Este valor no es válido."],
      [{ termsAccepted: null }, "termsAccepted", "Este valor no es válido."],
    ];
    for (const [override, field, message] of cases) {
      const res = await call(PATH, { json: application(override) });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.json, JSON.stringify(override)).toEqual({ [field]: [message] });
    }
    // A description may span lines.
    const multiline = application({ businessDescription: "Dulcería familiar.\nCakes y panetelas cada día." });
    expect((await call(PATH, { json: multiline })).status).toBe(201);
    expect(await stored()).toBe(before + 1);
  });

  it("400 / 415: malformed JSON, a body that is not an object, a form post or text: nothing stored", async () => {
    const before = await stored();
    const malformed = await call(PATH, { body: '{"businessName": "x",' });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ error: expect.any(String) });
    for (const body of ["[]", "null", '"hola"', "42"]) {
      const res = await call(PATH, { body });
      expect(res.status, body).toBe(400);
      expect(res.json, body).toEqual({ error: "The body must be a JSON object" });
    }
    const form = new URLSearchParams(application() as unknown as Record<string, string>).toString();
    for (const contentType of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x"]) {
      const res = await call(PATH, { body: form, contentType });
      expect(res.status, contentType).toBe(415);
      expect(res.json).toEqual({ error: "Content-Type must be application/json" });
    }
    const none = await call(PATH);
    expect(none.status).toBe(415);
    expect(await stored()).toBe(before);
  });

  it("429 with Retry-After: valid applications per IP per hour, and per applicant email; invalid ones do not count", async () => {
    const ip = "203.0.113.7";
    for (let i = 0; i < 5; i++) expect((await call(PATH, { ip, json: application({ email: "" }) })).status).toBe(400);
    for (let i = 0; i < PROVIDER_RATE_LIMIT.perIp; i++) {
      expect((await call(PATH, { ip, json: application() })).status, `application ${i + 1}`).toBe(201);
    }
    const before = await stored();
    const refused = await call(`${PATH}?lang=en`, { ip, json: application() });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter >= 1 && retryAfter <= 3600, `Retry-After ${retryAfter}`).toBe(true);
    expect(refused.json).toEqual({
      error: expect.stringMatching(/^Too many applications have been sent\. Try again in \d+ min\.$/),
      detail: refused.json.error,
    });
    expect(await stored()).toBe(before);
    // Another address is not affected.
    expect((await call(PATH, { ip: "203.0.113.8", json: application() })).status).toBe(201);

    // One applicant email, from many addresses: at most perEmail acknowledgements an hour.
    const email = "objetivo@example.cu";
    for (let i = 0; i < PROVIDER_RATE_LIMIT.perEmail; i++) {
      expect((await call(PATH, { json: application({ email }) })).status).toBe(201);
    }
    const flood = await call(PATH, { json: application({ email: "OBJETIVO@example.cu" }) });
    expect(flood.status).toBe(429);
    expect(flood.json.detail).toMatch(/^Se han enviado demasiadas solicitudes/);
  });

  it("§4.7 a mail server that is down never loses the application nor its emails: stored, the failures logged, sent later", async () => {
    const broken = { ...env, SMTP_URL: "smtp://127.0.0.1:1" };
    // The working sender idle first, so that this application's rows are the broken one's to try.
    await outboxMailer({ db: database.db, env }).flush();
    const input = ProviderApplicationSchema.parse(application());
    const result = await submitProviderApplication({ db: database.db, env: broken }, input, "es", { ip: nextIp() });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    await result.notified;
    const errorLog = vi.mocked(console.error);
    expect(errorLog).toHaveBeenCalledWith(
      expect.stringContaining(`Provider application ${result.application.id} acknowledgement email failed`),
    );
    expect(errorLog).toHaveBeenCalledWith(
      expect.stringContaining(`Provider application ${result.application.id} sales notification email failed`),
    );
    errorLog.mockClear();
    const [row] = await database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.id, result.application.id));
    expect(row.status).toBe("pending");
    // The emails wait in the outbox (this broken sender took every unsent row there): once the
    // retry is due, the working mail server gets them all, this application's included.
    await database.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(isNull(emailOutbox.sentAt));
    await outboxMailer({ db: database.db, env }).flush();
    await mailAbout(SALES, result.application.id);
    created++;
  });

  it("§4.7 every application accepted above got both its emails (one to the applicant, one to sales)", async () => {
    // Last: it also lets the last emails arrive before the mail server goes away.
    expect(created).toBeGreaterThan(PROVIDER_RATE_LIMIT.perIp);
    await expect.poll(() => smtp.messages.length, { timeout: 15_000 }).toBe(created * 2);
    expect(smtp.messages.filter((m) => m.to.includes(SALES))).toHaveLength(created);
  });
});
