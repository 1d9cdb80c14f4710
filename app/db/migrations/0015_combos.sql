ALTER TABLE "products" ADD COLUMN "is_combo" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "combo_parts" (
	"combo_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "combo_parts_combo_id_product_id_pk" PRIMARY KEY("combo_id","product_id"),
	CONSTRAINT "combo_parts_quantity_range" CHECK ("combo_parts"."quantity" between 1 and 99),
	CONSTRAINT "combo_parts_not_itself" CHECK ("combo_parts"."combo_id" <> "combo_parts"."product_id")
);
--> statement-breakpoint
ALTER TABLE "combo_parts" ADD CONSTRAINT "combo_parts_combo_id_products_id_fk" FOREIGN KEY ("combo_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "combo_parts" ADD CONSTRAINT "combo_parts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "combo_parts_product_idx" ON "combo_parts" USING btree ("product_id");
