CREATE TABLE "delivery_zones" (
	"municipality_id" text PRIMARY KEY NOT NULL,
	"served" boolean NOT NULL,
	"paused" boolean NOT NULL,
	"pause_reason_es" text NOT NULL,
	"pause_reason_en" text NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"express" boolean NOT NULL,
	"min_order_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_zones_days" CHECK ("delivery_zones"."min_days" >= 0 and "delivery_zones"."max_days" >= "delivery_zones"."min_days" and "delivery_zones"."max_days" <= 60),
	CONSTRAINT "delivery_zones_min_order" CHECK ("delivery_zones"."min_order_cents" >= 0)
);
