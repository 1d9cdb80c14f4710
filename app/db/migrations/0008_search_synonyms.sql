CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_language" CHECK ("search_synonyms"."language" in ('es', 'en'))
);
