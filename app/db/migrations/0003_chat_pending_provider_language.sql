ALTER TABLE "chat_conversations" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_applications" ADD COLUMN "language" text DEFAULT 'es' NOT NULL;