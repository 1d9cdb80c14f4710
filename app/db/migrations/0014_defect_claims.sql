CREATE TABLE "defect_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"line_index" integer NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"variety" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	"description" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"replacement_order_id" integer,
	"lang" text DEFAULT 'es' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "defect_claims" ADD CONSTRAINT "defect_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "defect_claims" ADD CONSTRAINT "defect_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "defect_claims" ADD CONSTRAINT "defect_claims_replacement_order_id_orders_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "defect_claims_order_idx" ON "defect_claims" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "defect_claims_status_idx" ON "defect_claims" USING btree ("status","created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "defect_claims_pending_line_uq" ON "defect_claims" USING btree ("order_id","line_index") WHERE "defect_claims"."status" = 'pending';
