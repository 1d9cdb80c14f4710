/** Chat conversations and messages (spec §3 Chat), owned by app/features/chat. */
import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const chatConversations = pgTable("chat_conversations", {
  sessionId: uuid("session_id").primaryKey(),
  userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
  language: text("language").notNull().default("es"),
  /** Set while a reply is being written: a second message meanwhile gets 409. */
  pendingSince: timestamp("pending_since", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => chatConversations.sessionId, { onDelete: "cascade" }),
    role: text("role").$type<"user" | "assistant">().notNull(),
    content: text("content").notNull(),
    isError: boolean("is_error").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("chat_messages_session_idx").on(t.sessionId, t.createdAt)],
);
