/** Server-wide settings kept in the database (the signing secret), read by app/db/secret.server.ts. */
import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Settings every process of one store must share, created once (`insert … on conflict do
 * nothing`): today the generated signing secret when `SECRET_KEY` is unset (app/db/secret.server.ts).
 */
export const serverSettings = pgTable("server_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
