CREATE TABLE "shared_carts" (
	"token" text PRIMARY KEY NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "shared_carts_expires_idx" ON "shared_carts" USING btree ("expires_at");
