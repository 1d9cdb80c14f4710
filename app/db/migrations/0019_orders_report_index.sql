-- Issue 27 point 4: the reports read a range of orders by date and only these columns, so an
-- index-only scan answers them without visiting the order rows (bench/reports.ts).
CREATE INDEX "orders_report_idx" ON "orders" USING btree ("date_issued") INCLUDE ("status", "amount_cents", "shipping_price_cup", "city", "state_province_region");
