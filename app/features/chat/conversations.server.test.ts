import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { chatConversations, chatMessages } from "~/db/schema/chat";
import { insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import {
  IDLE_HOURS,
  deleteConversation,
  deleteIdleConversations,
  getConversation,
  isSessionId,
} from "./conversations.server";

describe.each(databaseKinds())("chat conversation store (D23, §4.8) on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  async function conversation(opts: { userId?: number | null; updatedAt?: Date; pending?: boolean } = {}) {
    const sessionId = randomUUID();
    await database.db.insert(chatConversations).values({
      sessionId,
      userId: opts.userId ?? null,
      updatedAt: opts.updatedAt ?? new Date(),
      pendingSince: opts.pending ? new Date() : null,
    });
    await database.db.insert(chatMessages).values([
      { sessionId, role: "user", content: "hola", createdAt: new Date(1_000) },
      { sessionId, role: "assistant", content: "¡Hola!", createdAt: new Date(2_000) },
    ]);
    return sessionId;
  }

  it("§3: session ids are UUIDs, in any case", () => {
    expect(isSessionId(randomUUID())).toBe(true);
    expect(isSessionId(randomUUID().toUpperCase())).toBe(true);
    for (const bad of ["", "x", `${randomUUID()} `, "00000000-0000-0000-0000-00000000000g", 12, null]) {
      expect(isSessionId(bad)).toBe(false);
    }
  });

  it("shows a conversation only to its holder, oldest message first; an unknown id is an empty one", async () => {
    const ana = await insertUser(database.db);
    const hers = await conversation({ userId: ana.id });
    expect((await getConversation(database.db, hers, ana.id))?.map((m) => m.content)).toEqual(["hola", "¡Hola!"]);
    expect(await getConversation(database.db, hers, null)).toBeNull();
    expect(await getConversation(database.db, hers, ana.id + 1000)).toBeNull();
    const open = await conversation();
    expect(await getConversation(database.db, open, null)).toHaveLength(2);
    expect(await getConversation(database.db, open, ana.id)).toHaveLength(2);
    expect(await getConversation(database.db, randomUUID(), null)).toEqual([]);
    expect(await getConversation(database.db, "nope", null)).toBeNull();
    // Only the holder deletes it.
    expect(await deleteConversation(database.db, hers, null)).toBe(false);
    expect(await deleteConversation(database.db, hers, ana.id)).toBe(true);
    expect(await getConversation(database.db, hers, ana.id)).toEqual([]);
  });

  it(`forgets conversations idle for more than ${IDLE_HOURS} hours, never one waiting for a reply`, async () => {
    const now = new Date();
    const idle = await conversation({ updatedAt: new Date(now.getTime() - (IDLE_HOURS + 1) * 3600_000) });
    const stuck = await conversation({
      updatedAt: new Date(now.getTime() - (IDLE_HOURS + 1) * 3600_000),
      pending: true,
    });
    const recent = await conversation({ updatedAt: new Date(now.getTime() - (IDLE_HOURS - 1) * 3600_000) });
    expect(await deleteIdleConversations(database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await getConversation(database.db, idle, null)).toEqual([]);
    expect(await getConversation(database.db, stuck, null)).toHaveLength(2);
    expect(await getConversation(database.db, recent, null)).toHaveLength(2);
  });
});
