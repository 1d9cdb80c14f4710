-- The reports' daily rollups (docs/decisions/018-report-rollups.md), owned by app/features/orders:
-- one row per Havana day of the sales figures, and per day the products and the delivery
-- municipalities sold. Filled lazily by app/features/orders/sales-rollup.server.ts for closed days;
-- a missing `sales_daily` row means the day is not filled (its three tables are written and
-- deleted together). Days are Havana days, as STORE_TIME_ZONE in app/utils/dates.ts.
CREATE TABLE "sales_daily" (
	"day" date PRIMARY KEY NOT NULL,
	"placed" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"goods_cents" bigint NOT NULL,
	"shipping_cup" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily_products" (
	"day" date NOT NULL,
	"product_id" integer,
	"name_key" text,
	"name" text NOT NULL,
	"units" bigint NOT NULL,
	"revenue" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_daily_products_day_idx" ON "sales_daily_products" USING btree ("day");
--> statement-breakpoint
CREATE TABLE "sales_daily_places" (
	"day" date NOT NULL,
	"city" text NOT NULL,
	"province" text NOT NULL,
	"orders" integer NOT NULL,
	"goods" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_daily_places_day_idx" ON "sales_daily_places" USING btree ("day");
--> statement-breakpoint
-- Forgets one day's rollup. The shared advisory lock, held to the writer's commit, waits for a
-- filler at work (which holds it exclusively) and keeps the next one off until the change is
-- committed, so a fill never keeps figures from before a change: see sales-rollup.server.ts.
CREATE FUNCTION "sales_rollup_forget"(forgotten date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF forgotten IS NULL THEN
		RETURN;
	END IF;
	PERFORM pg_advisory_xact_lock_shared(hashtext('orders.sales_rollup'));
	DELETE FROM sales_daily_products WHERE day = forgotten;
	DELETE FROM sales_daily_places WHERE day = forgotten;
	DELETE FROM sales_daily WHERE day = forgotten;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "orders_sales_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM sales_rollup_forget((OLD.date_issued AT TIME ZONE 'America/Havana')::date);
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.date_issued IS DISTINCT FROM OLD.date_issued) THEN
		PERFORM sales_rollup_forget((NEW.date_issued AT TIME ZONE 'America/Havana')::date);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only the columns the reports read; a line's change is found by its order's day.
CREATE TRIGGER "orders_sales_rollup" AFTER INSERT OR DELETE OR UPDATE OF "status", "amount_cents", "shipping_price_cup", "city", "state_province_region", "date_issued" ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_sales_rollup"();
--> statement-breakpoint
CREATE FUNCTION "order_items_sales_rollup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		PERFORM sales_rollup_forget((SELECT (date_issued AT TIME ZONE 'America/Havana')::date FROM orders WHERE id = OLD.order_id));
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.order_id <> OLD.order_id) THEN
		PERFORM sales_rollup_forget((SELECT (date_issued AT TIME ZONE 'America/Havana')::date FROM orders WHERE id = NEW.order_id));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_rollup" AFTER INSERT OR UPDATE OR DELETE ON "order_items" FOR EACH ROW EXECUTE FUNCTION "order_items_sales_rollup"();
--> statement-breakpoint
-- A truncate (tests, a restore) forgets every day.
CREATE FUNCTION "sales_rollup_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock_shared(hashtext('orders.sales_rollup'));
	DELETE FROM sales_daily_products;
	DELETE FROM sales_daily_places;
	DELETE FROM sales_daily;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_sales_rollup_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "sales_rollup_truncate"();
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_rollup_truncate" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "sales_rollup_truncate"();
