import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { chatConversations } from "~/db/schema/chat";
import type { User } from "~/features/accounts/accounts.server";
import type { AssistantQuestion, AssistantReply } from "~/features/chat/types";
import { insertUser } from "../../tests/factories";
import { createTestContext } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { action, loader } from "./chat";
import { action as session } from "./chat-session";

// The assistant is another module's work (D23): controlled here, so these tests prove the page.
const assistant = vi.hoisted(() => ({
  fail: false,
  answer: async (question: AssistantQuestion): Promise<AssistantReply> => ({
    text: `Respuesta: ${question.message} [Arroz](/es/product/1)`,
    language: question.pageLanguage,
    engine: "offline",
  }),
  userIds: [] as Array<number | null>,
}));
vi.mock("~/features/chat/assistant.server", () => ({
  answerQuestion: async (_deps: unknown, question: AssistantQuestion) => {
    assistant.userIds.push(question.userId);
    if (assistant.fail) throw new Error("down");
    return assistant.answer(question);
  },
}));

type PageData = { sessionId: string; messages: Array<{ role: string; content: string; isError?: boolean }> };

describe.each(databaseKinds())("§2.20 chat page without and with JavaScript on %s", (kind) => {
  let database: Database;
  let ipSerial = 0;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());
  afterEach(() => {
    assistant.fail = false;
    assistant.userIds.length = 0;
  });

  function call(
    fn: typeof loader | typeof action | typeof session,
    url: string,
    opts: { user?: User | null; body?: Record<string, string> } = {},
  ) {
    const context = createTestContext({ db: database.db, user: opts.user ?? null, clientIp: `10.1.0.${++ipSerial}` });
    const request = new Request(
      url,
      opts.body
        ? { method: "POST", body: new URLSearchParams(opts.body), headers: { Accept: "text/html" } }
        : undefined,
    );
    return fn({ request, params: { lang: "es" }, context } as never);
  }
  const page = (query = "", user: User | null = null) =>
    call(loader, `http://localhost/es/chat${query}`, { user }) as Promise<PageData>;

  it("§3: every visit gets a new random session id; the page is never cached", async () => {
    const a = await page();
    const b = await page();
    expect(a.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.sessionId).not.toBe(b.sessionId);
    expect(a.messages).toEqual([]);
    // An id that is not a UUID is ignored.
    expect((await page("?session=../../etc")).sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("§4.8 without JavaScript: a post redirects to the conversation, which the loader shows to its holder only", async () => {
    const { sessionId } = await page();
    const posted = (await call(action, "http://localhost/es/chat", {
      body: { intent: "send", session_id: sessionId, message: "  ¿Cuánto cuesta el envío?  " },
    })) as Response;
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`/es/chat?session=${sessionId}#latest`);
    const shown = await page(`?session=${sessionId}`);
    expect(shown.sessionId).toBe(sessionId);
    expect(shown.messages.map((m) => [m.role, m.content])).toEqual([
      ["user", "¿Cuánto cuesta el envío?"],
      ["assistant", "Respuesta: ¿Cuánto cuesta el envío? [Arroz](/es/product/1)"],
    ]);

    // A signed-in shopper's conversation is not shown to anyone else: they get a new one.
    const ana = await insertUser(database.db);
    const luis = await insertUser(database.db);
    const hers = (await page("", ana)).sessionId;
    await call(action, "http://localhost/es/chat", {
      user: ana,
      body: { intent: "send", session_id: hers, message: "mis pedidos" },
    });
    expect(assistant.userIds.at(-1)).toBe(ana.id);
    expect((await page(`?session=${hers}`, ana)).messages).toHaveLength(2);
    for (const other of [luis, null]) {
      const seen = await page(`?session=${hers}`, other);
      expect(seen.sessionId).not.toBe(hers);
      expect(seen.messages).toEqual([]);
    }
  });

  it("§5, §8 without JavaScript: a refusal stays on the page with the banner and what was typed", async () => {
    const { sessionId } = await page();
    const blank = (await call(action, "http://localhost/es/chat", {
      body: { intent: "send", session_id: sessionId, message: "   " },
    })) as { data: PageData & { banner: unknown; typed: string }; init: ResponseInit };
    expect(blank.init.status).toBe(400);
    expect(blank.data.banner).toEqual({ error: "chat.errors.blank", values: { max: 1000 } });
    const long = "a".repeat(1001);
    const tooLong = (await call(action, "http://localhost/es/chat", {
      body: { intent: "send", session_id: sessionId, message: long },
    })) as { data: PageData & { banner: { error: string }; typed: string }; init: ResponseInit };
    expect(tooLong.init.status).toBe(400);
    expect(tooLong.data.banner.error).toBe("chat.errors.tooLong");
    expect(tooLong.data.typed).toBe(long.slice(0, 1000));

    // The assistant fails: 503, the stored error turn in the conversation, the banner.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    assistant.fail = true;
    const failed = (await call(action, "http://localhost/es/chat", {
      body: { intent: "send", session_id: sessionId, message: "hola" },
    })) as { data: PageData & { banner: { error: string } }; init: ResponseInit };
    errors.mockRestore();
    expect(failed.init.status).toBe(503);
    expect(failed.data.sessionId).toBe(sessionId);
    expect(failed.data.banner.error).toBe("chat.errors.unavailable");
    expect(failed.data.messages.map((m) => [m.role, Boolean(m.isError)])).toEqual([
      ["user", false],
      ["assistant", true],
    ]);
  });

  it("§2.20 clear chat without JavaScript deletes the conversation and starts a new visit", async () => {
    const { sessionId } = await page();
    await call(action, "http://localhost/es/chat", {
      body: { intent: "send", session_id: sessionId, message: "hola" },
    });
    const cleared = (await call(action, "http://localhost/es/chat", {
      body: { intent: "clear", session_id: sessionId },
    })) as Response;
    expect(cleared.status).toBe(303);
    expect(cleared.headers.get("location")).toBe("/es/chat");
    const rows = await database.db.select().from(chatConversations).where(eq(chatConversations.sessionId, sessionId));
    expect(rows).toEqual([]);
  });

  it("§4.8 with JavaScript: chat/session answers JSON for send and clear, and leave (sendBeacon) deletes", async () => {
    const id = randomUUID();
    const sent = (await call(session, "http://localhost/es/chat/session", {
      body: { intent: "send", session_id: id, message: "hola" },
    })) as Response;
    expect(sent.status).toBe(200);
    const body = await sent.json();
    expect(body.ok).toBe(true);
    expect(body.question).toMatchObject({ role: "user", content: "hola" });
    expect(body.reply).toMatchObject({ role: "assistant", content: "Respuesta: hola [Arroz](/es/product/1)" });
    expect(Date.parse(body.reply.timestamp)).toBeGreaterThan(Date.parse(body.question.timestamp) - 1);

    const refused = (await call(session, "http://localhost/es/chat/session", {
      body: { intent: "send", session_id: "nope", message: "hola" },
    })) as Response;
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ ok: false, error: "chat.errors.sessionId", values: { max: 1000 } });

    const cleared = (await call(session, "http://localhost/es/chat/session", {
      body: { intent: "clear", session_id: id },
    })) as Response;
    const next = await cleared.json();
    expect(next.ok).toBe(true);
    expect(next.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(next.sessionId).not.toBe(id);
    expect(await database.db.select().from(chatConversations).where(eq(chatConversations.sessionId, id))).toEqual([]);

    const other = randomUUID();
    await call(session, "http://localhost/es/chat/session", {
      body: { intent: "send", session_id: other, message: "x" },
    });
    const left = (await call(session, "http://localhost/es/chat/session", {
      body: { intent: "leave", session_id: other },
    })) as Response;
    expect(left.status).toBe(204);
    expect(await database.db.select().from(chatConversations).where(eq(chatConversations.sessionId, other))).toEqual(
      [],
    );

    const unknown = (await call(session, "http://localhost/es/chat/session", { body: { intent: "what" } })) as Response;
    expect(unknown.status).toBe(400);
  });
});
