-- The generated signing secret shared by every process (app/db/secret.server.ts), and the indexes
-- the store needs at 500,000 orders (bench/scale.ts). Indexes on tables that may be large are
-- "IF NOT EXISTS": a start builds them CONCURRENTLY first (docs/decisions/009-migrations-during-rolling-deploys.md).
CREATE TABLE "server_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_transaction_prefix_idx" ON "orders" USING btree ("transaction_id" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_full_name_trgm_idx" ON "orders" USING gin (f_unaccent(lower("full_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_phone_digits_trgm_idx" ON "orders" USING gin (translate("phone_number", ' +-().', '') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);