-- Staff roles (issue 27 point 1, decision 016): the old all-powerful operators become owners.
UPDATE "users" SET "role" = 'owner' WHERE "role" = 'operator';
--> statement-breakpoint
-- The role each audit entry was made with. Entries written before were made by operators (now
-- owners) or by the command line; the column's default stays "" for rows a previous release
-- writes during a rolling deploy.
ALTER TABLE "audit_log" ADD COLUMN "actor_role" text DEFAULT 'owner' NOT NULL;
--> statement-breakpoint
UPDATE "audit_log" SET "actor_role" = 'cli' WHERE "actor_id" IS NULL AND "actor_email" LIKE 'cli%';
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "actor_role" SET DEFAULT '';
