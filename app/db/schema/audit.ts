/** The back office's audit log, owned by app/features/audit. */
import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

/**
 * Every change made in the back office or by the operator command: who, when, what,
 * and the record before and after. The actor's email is kept so an entry outlives its account.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email").notNull(),
    /** The role the actor acted with (decision 016); "" only for rows written during a rolling deploy. */
    actorRole: text("actor_role").notNull().default(""),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull().default(""),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt), index("audit_log_entity_idx").on(t.entity, t.entityId)],
);
