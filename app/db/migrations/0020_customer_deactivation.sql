-- Customers deactivated by the store (issue 27 point 5): set while the account may not sign in.
-- Not "is_active", which says the email was confirmed.
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;
