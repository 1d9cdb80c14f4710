import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { chatConversations, chatMessages } from "~/db/schema/chat";
import { companyInfo } from "~/db/schema/content";
import { CHAT_RATE_LIMITS } from "~/features/chat/conversations.server";
import type { AssistantQuestion, AssistantReply } from "~/features/chat/types";
import { CHAT_MESSAGE_MAX } from "~/features/chat/types";
import type { Env } from "~/utils/env.server";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { signedInUser } from "./test-client";

/**
 * The assistant is another module's work (D23): these tests control it, so they prove what the
 * conversation store and the API do around it (what it is asked, what happens when it fails or
 * is slow), whatever the engine answers.
 */
const assistant = vi.hoisted(() => ({
  answer: async (question: AssistantQuestion): Promise<AssistantReply> => ({
    text: `Respuesta a: ${question.message}`,
    language: question.pageLanguage,
    engine: "offline",
  }),
  calls: [] as AssistantQuestion[],
}));

vi.mock("~/features/chat/assistant.server", () => ({
  answerQuestion: async (_deps: unknown, question: AssistantQuestion) => {
    assistant.calls.push(structuredClone(question));
    return assistant.answer(question);
  },
}));

const defaultAnswer = assistant.answer;

describe.each(databaseKinds())("§7.6 chat API on %s", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  let ipSerial = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // TRUST_PROXY: each test speaks from its own address, so the per-address limit is its own.
    env = createTestEnv({ TRUST_PROXY: "1" });
    app = createServerApp({ db: database.db, env });
    await database.db.insert(companyInfo).values({ name: "Tienda", attPhone: "+53 7 000 0000" });
  });
  afterAll(() => database.close());
  afterEach(() => {
    vi.useRealTimers();
    assistant.answer = defaultAnswer;
    assistant.calls.length = 0;
  });

  /** A fresh client address for one test. */
  const newIp = () => `10.0.${Math.floor(++ipSerial / 250)}.${ipSerial % 250}`;

  function send(body: unknown, opts: { token?: string; ip?: string; raw?: boolean; lang?: string } = {}) {
    const headers = new Headers({ "content-type": "application/json", "x-forwarded-for": opts.ip ?? newIp() });
    if (opts.token) headers.set("authorization", `JWT ${opts.token}`);
    const query = opts.lang ? `?lang=${opts.lang}` : "";
    return app.request(
      new Request(`http://localhost/api/customer_service/chat${query}`, {
        method: "POST",
        headers,
        body: opts.raw ? (body as string) : JSON.stringify(body),
      }),
    );
  }

  function remove(sessionId: string, opts: { token?: string; method?: string } = {}) {
    const headers = new Headers({ "x-forwarded-for": newIp() });
    if (opts.token) headers.set("authorization", `JWT ${opts.token}`);
    return app.request(
      new Request(`http://localhost/api/customer_service/conversation/${sessionId}/delete`, {
        method: opts.method ?? "DELETE",
        headers,
      }),
    );
  }

  const messagesOf = (sessionId: string) =>
    database.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionId, sessionId))
      .orderBy(chatMessages.createdAt, chatMessages.id);
  const conversationOf = async (sessionId: string) =>
    (await database.db.select().from(chatConversations).where(eq(chatConversations.sessionId, sessionId)))[0];

  it("§7.6 answers {response}, stores both turns and gives the assistant the history and the page language", async () => {
    const session = randomUUID();
    const first = await send({
      session_id: session,
      message: "  ¿Cuánto cuesta el envío?  ",
      att_phone: "+53 5",
      sales_phone: "+53 6",
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(await first.json()).toEqual({ response: "Respuesta a: ¿Cuánto cuesta el envío?" });
    expect(assistant.calls[0]).toEqual({
      message: "¿Cuánto cuesta el envío?",
      pageLanguage: "es",
      history: [],
      userId: null,
      attPhone: "+53 5",
      salesPhone: "+53 6",
    });

    const second = await send({ session_id: session, message: "And express?", language: "en" });
    expect(second.status).toBe(200);
    expect(assistant.calls[1]).toMatchObject({
      message: "And express?",
      pageLanguage: "en",
      history: [
        { role: "user", content: "¿Cuánto cuesta el envío?" },
        { role: "assistant", content: "Respuesta a: ¿Cuánto cuesta el envío?" },
      ],
    });
    const stored = await messagesOf(session);
    expect(stored.map((m) => [m.role, m.content, m.isError])).toEqual([
      ["user", "¿Cuánto cuesta el envío?", false],
      ["assistant", "Respuesta a: ¿Cuánto cuesta el envío?", false],
      ["user", "And express?", false],
      ["assistant", "Respuesta a: And express?", false],
    ]);
    const conversation = await conversationOf(session);
    expect(conversation.pendingSince).toBeNull();
    expect(conversation.language).toBe("en");
  });

  it("§5 refuses a blank or too long message, a session id that is not a UUID, bad types and long phones with 400 field errors", async () => {
    const session = randomUUID();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ session_id: session, message: "   \n\t " }, { message: ["Escribe un mensaje."] }],
      [{ session_id: session, message: "" }, { message: ["Escribe un mensaje."] }],
      [{ session_id: session, message: "\u0000\u0000" }, { message: ["Escribe un mensaje."] }],
      [
        { session_id: session, message: "x".repeat(CHAT_MESSAGE_MAX + 1) },
        { message: [`El mensaje no puede tener más de ${CHAT_MESSAGE_MAX} caracteres.`] },
      ],
      [{ session_id: "not-a-uuid", message: "hola" }, { session_id: ["La sesión de chat no es válida."] }],
      [{ session_id: `${session}x`, message: "hola" }, { session_id: ["La sesión de chat no es válida."] }],
      [{ message: "hola" }, { session_id: ["La sesión de chat no es válida."] }],
      [
        { session_id: 12, message: 12 },
        { session_id: ["La sesión de chat no es válida."], message: ["Escribe un mensaje."] },
      ],
      [
        { session_id: session, message: "hola", att_phone: "9".repeat(41) },
        { att_phone: ["El teléfono no es válido."] },
      ],
      [["not", "an", "object"], { message: ["Escribe un mensaje."] }],
    ];
    for (const [body, expected] of cases) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await res.json()).toEqual(expected);
    }
    // In English with ?lang=en.
    const en = await send({ session_id: session, message: " " }, { lang: "en" });
    expect(await en.json()).toEqual({ message: ["Please type a message."] });
    // Exactly the limit passes (after trimming); a NUL inside is dropped, not a 500.
    const atLimit = await send({ session_id: session, message: ` ${"y".repeat(CHAT_MESSAGE_MAX - 1)}\u0000 ` });
    expect(atLimit.status).toBe(200);
    expect(assistant.calls).toHaveLength(1);
    // Malformed JSON and other content types are refused before anything runs.
    expect((await send("{not json", { raw: true })).status).toBe(400);
    const form = await app.request(
      new Request("http://localhost/api/customer_service/chat", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `session_id=${session}&message=hola`,
      }),
    );
    expect(form.status).toBe(415);
  });

  it("issue 11: a second message while a reply is pending for the session is refused with 409; the next one passes", async () => {
    const session = randomUUID();
    let release!: () => void;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    assistant.answer = async (question) => {
      await slow;
      return defaultAnswer(question);
    };
    const first = send({ session_id: session, message: "primero" });
    await vi.waitFor(() => expect(assistant.calls).toHaveLength(1));
    const second = await send({ session_id: session, message: "segundo" });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ error: "Espera la respuesta a tu mensaje anterior." });
    // Another session is not held up.
    assistant.answer = defaultAnswer;
    expect((await send({ session_id: randomUUID(), message: "otra" })).status).toBe(200);
    release();
    expect((await first).status).toBe(200);
    expect((await send({ session_id: session, message: "tercero" })).status).toBe(200);
    expect((await messagesOf(session)).map((m) => m.content)).toEqual([
      "primero",
      "Respuesta a: primero",
      "tercero",
      "Respuesta a: tercero",
    ]);
  });

  it("issue 11: a pending mark older than a minute is stale and taken over", async () => {
    const session = randomUUID();
    await database.db
      .insert(chatConversations)
      .values({ sessionId: session, pendingSince: new Date(Date.now() - 5 * 60_000) });
    expect((await send({ session_id: session, message: "hola" })).status).toBe(200);
    const recent = randomUUID();
    await database.db.insert(chatConversations).values({ sessionId: recent, pendingSince: new Date() });
    expect((await send({ session_id: recent, message: "hola" })).status).toBe(409);
  });

  it("§8: when the assistant fails the answer is 503 {error}, an error turn is stored and the next message works", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const session = randomUUID();
    assistant.answer = async () => {
      throw new Error("model down at /secret/path.ts:12");
    };
    const failed = await send({ session_id: session, message: "hola" });
    expect(failed.status).toBe(503);
    const body = await failed.json();
    expect(body).toEqual({ error: "El asistente no está disponible ahora mismo. Inténtalo de nuevo en unos minutos." });
    expect(JSON.stringify(body)).not.toContain("secret");
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
    const stored = await messagesOf(session);
    expect(stored.map((m) => [m.role, m.isError])).toEqual([
      ["user", false],
      ["assistant", true],
    ]);
    // §8: the in-chat error names the support phone (company info att_phone).
    expect(stored[1].content).toBe(
      "Lo siento, hubo un error al procesar tu mensaje. Inténtalo de nuevo o contacta a atención al cliente al +53 7 000 0000.",
    );
    expect((await conversationOf(session)).pendingSince).toBeNull();

    assistant.answer = defaultAnswer;
    const next = await send({ session_id: session, message: "otra vez" });
    expect(next.status).toBe(200);
    // The error turn is not shown to the assistant as history.
    expect(assistant.calls.at(-1)?.history).toEqual([{ role: "user", content: "hola" }]);
  });

  it("issue 11: rate-limited per address and per session with 429, Retry-After and {error, detail}", async () => {
    // The limits count per fixed minute: start the test at the beginning of one so it cannot roll over.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 1000));
    const ip = newIp();
    const session = randomUUID();
    for (let i = 0; i < CHAT_RATE_LIMITS.perSessionPerMinute; i++) {
      expect((await send({ session_id: session, message: `m${i}` }, { ip })).status).toBe(200);
    }
    const tooMany = await send({ session_id: session, message: "más" }, { ip });
    expect(tooMany.status).toBe(429);
    expect(Number(tooMany.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = await tooMany.json();
    expect(body.error).toMatch(/^Demasiados mensajes\. Inténtalo de nuevo en \d+ segundos\.$/);
    expect(body.detail).toBe(body.error);
    // The same address in other sessions, up to its own limit.
    let status = 200;
    let sent = CHAT_RATE_LIMITS.perSessionPerMinute + 1;
    while (status === 200 && sent <= CHAT_RATE_LIMITS.perIpPerMinute + 1) {
      status = (await send({ session_id: randomUUID(), message: "hola" }, { ip })).status;
      sent++;
    }
    expect(status).toBe(429);
    // `sent` counts this address's messages, the refused ones included: the first refused is one past the limit.
    expect(sent).toBe(CHAT_RATE_LIMITS.perIpPerMinute + 1);
    // Another address is not affected.
    expect((await send({ session_id: randomUUID(), message: "hola" })).status).toBe(200);
  });

  it("§6, D23: a signed-in shopper's conversation is theirs: others get 404 and cannot delete it; the assistant gets only the caller's id", async () => {
    const ana = await signedInUser({ db: database.db, env }, "chatana");
    const luis = await signedInUser({ db: database.db, env }, "chatluis");
    const session = randomUUID();
    expect((await send({ session_id: session, message: "mis pedidos" }, { token: ana.access })).status).toBe(200);
    expect(assistant.calls[0].userId).toBe(ana.user.id);
    expect((await conversationOf(session)).userId).toBe(ana.user.id);

    const byLuis = await send({ session_id: session, message: "¿y los míos?" }, { token: luis.access });
    expect(byLuis.status).toBe(404);
    expect(await byLuis.json()).toEqual({ error: "Conversación no encontrada." });
    expect((await send({ session_id: session, message: "hola" })).status).toBe(404);
    expect(assistant.calls).toHaveLength(1);

    expect((await remove(session, { token: luis.access })).status).toBe(204);
    expect((await remove(session)).status).toBe(204);
    expect(await conversationOf(session)).toBeDefined();

    // A conversation started signed out is claimed by the first shopper who writes in it.
    const open = randomUUID();
    expect((await send({ session_id: open, message: "hola" })).status).toBe(200);
    expect(assistant.calls.at(-1)?.userId).toBeNull();
    expect((await send({ session_id: open, message: "ahora con cuenta" }, { token: luis.access })).status).toBe(200);
    expect(assistant.calls.at(-1)?.userId).toBe(luis.user.id);
    expect((await conversationOf(open)).userId).toBe(luis.user.id);
    expect((await send({ session_id: open, message: "sin cuenta" })).status).toBe(404);

    // A token that does not work is a 401, not a silent downgrade.
    const forged = await send({ session_id: randomUUID(), message: "hola" }, { token: "forged.token.value" });
    expect(forged.status).toBe(401);
    expect((await forged.json()).code).toBe("token_not_valid");
  });

  it("§4.8, §7.6: DELETE removes the conversation and its messages; unknown ids are 204; a bad id is 400", async () => {
    const ana = await signedInUser({ db: database.db, env }, "chatdel");
    const session = randomUUID();
    await send({ session_id: session, message: "hola" }, { token: ana.access });
    expect((await messagesOf(session)).length).toBe(2);
    const deleted = await remove(session.toUpperCase(), { token: ana.access });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe("");
    expect(await conversationOf(session)).toBeUndefined();
    expect(await messagesOf(session)).toEqual([]);
    expect((await remove(session, { token: ana.access })).status).toBe(204);
    expect((await remove(randomUUID())).status).toBe(204);

    const anonymous = randomUUID();
    await send({ session_id: anonymous, message: "hola" });
    expect((await remove(anonymous)).status).toBe(204);
    expect(await conversationOf(anonymous)).toBeUndefined();

    const bad = await remove("not-a-uuid");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ session_id: ["La sesión de chat no es válida."] });
    expect((await remove(randomUUID(), { method: "GET" })).status).toBe(404);
  });
});
