import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { type OrderStatus, orderItems, orders } from "~/db/schema/orders";
import { stockAlerts } from "~/db/schema/stock-alerts";
import { createT } from "~/i18n/i18n";
import { getMessages } from "~/i18n/messages.server";
import { parseCsv } from "~/utils/csv";
import { createOrderRow, insertProduct, insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { BarChart, PLOT_HEIGHT } from "./components/bar-chart";
import { reportCsv } from "./csv.server";
import { loadReports } from "./reports.server";
import { REPORTS, type Reports, reportTable } from "./tables";

// Issue 27 point 4: each report's figures from a known set of orders, the CSV equal to the table,
// the chart's bars equal to the table's figures.

describe.each(databaseKinds())("reports on %s (issue 27 point 4)", (kind) => {
  let database: Database;
  const db = () => database.db as Db;
  let reports: Reports;
  let sequence = 0;
  const names: Record<string, number> = {};

  async function order(
    status: OrderStatus,
    dateIssued: string,
    amountCents: number,
    shippingPriceCup: number,
    city: string,
    lines: Array<[product: string, count: number, priceCents: number]>,
  ) {
    const user = await insertUser(db());
    sequence += 1;
    const [row] = await db()
      .insert(orders)
      .values(
        createOrderRow({
          transactionId: `tx-report-${kind}-${sequence}`,
          userId: user.id,
          status,
          amountCents,
          goodsCents: amountCents,
          shippingPriceCup,
          city,
          dateIssued: new Date(dateIssued),
        }),
      )
      .returning();
    for (const [name, count, priceCents] of lines) {
      await db().insert(orderItems).values({ orderId: row.id, productId: names[name], name, count, priceCents });
    }
  }

  async function alerts(
    productId: number,
    confirmed: number,
    extra: { unconfirmed?: number; restocked?: number } = {},
  ) {
    const rows = [
      ...Array.from({ length: confirmed }, () => ({ confirmedAt: new Date(), restockedAt: null })),
      ...Array.from({ length: extra.unconfirmed ?? 0 }, () => ({ confirmedAt: null, restockedAt: null })),
      ...Array.from({ length: extra.restocked ?? 0 }, () => ({ confirmedAt: new Date(), restockedAt: new Date() })),
    ];
    await db()
      .insert(stockAlerts)
      .values(rows.map((row, i) => ({ ...row, productId, email: `espera${productId}-${i}@example.cu`, lang: "es" })));
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const name of ["Olla", "Ventilador", "Batidora"]) names[name] = (await insertProduct(db(), { name })).id;
    // The range: Friday 20 to Thursday 26 November 2026, Havana (UTC-5); Monday 23 starts a week.
    await order("delivered", "2026-11-20T15:00:00Z", 1000, 250, "Plaza de la Revolución", [
      ["Olla", 2, 400],
      ["Ventilador", 1, 200],
    ]);
    // Sunday 22 at 23:30 in Havana, already Monday in UTC: Sunday, the week before.
    await order("processed", "2026-11-23T04:30:00Z", 2000, 300, "Plaza de la Revolución", [["Olla", 5, 400]]);
    // Monday 23 at midnight in Havana.
    await order("not_processed", "2026-11-23T05:00:00Z", 3001, 0, "Centro Habana", [["Ventilador", 3, 1000]]);
    await order("cancelled", "2026-11-24T15:00:00Z", 5000, 500, "Centro Habana", [["Batidora", 10, 500]]);
    await order("shipping", "2026-11-26T12:00:00Z", 999, 100, "Playa", [["Batidora", 1, 999]]);
    // Outside: Thursday 19 at 23:59 and Friday 27 at midnight, Havana.
    await order("delivered", "2026-11-20T04:59:00Z", 7777, 1, "Playa", [["Olla", 50, 100]]);
    await order("delivered", "2026-11-27T05:00:00Z", 7777, 1, "Playa", [["Olla", 50, 100]]);

    const wanted = await insertProduct(db(), { name: "Arrocera", quantity: 0 });
    const second = await insertProduct(db(), { name: "Plancha", quantity: 0 });
    const inStock = await insertProduct(db(), { name: "Tostadora", quantity: 5 });
    const restocked = await insertProduct(db(), { name: "Licuadora", quantity: 0 });
    await alerts(wanted.id, 3, { unconfirmed: 1 });
    await alerts(second.id, 1);
    await alerts(inStock.id, 2);
    await alerts(restocked.id, 0, { restocked: 2 });

    reports = await loadReports(db(), { from: "2026-11-20", to: "2026-11-26" }, "es");
  });
  afterAll(() => database.close());

  const table = (report: (typeof REPORTS)[number], lang: "es" | "en" = "en") =>
    reportTable(report, reports, lang, createT(getMessages(lang), lang));

  it("sums sales by Havana day, without cancelled orders, every day of the range listed", () => {
    expect(table("daily").rows).toEqual([
      ["2026-11-20", "1", "$10.00", "250 CUP", "$10.00"],
      ["2026-11-21", "0", "$0.00", "0 CUP", "$0.00"],
      ["2026-11-22", "1", "$20.00", "300 CUP", "$20.00"],
      ["2026-11-23", "1", "$30.01", "0 CUP", "$30.01"],
      ["2026-11-24", "0", "$0.00", "0 CUP", "$0.00"],
      ["2026-11-25", "0", "$0.00", "0 CUP", "$0.00"],
      ["2026-11-26", "1", "$9.99", "100 CUP", "$9.99"],
    ]);
    expect(table("daily").columns).toEqual(["Day", "Orders", "Goods (USD)", "Shipping (CUP)", "Average order (USD)"]);
  });

  it("sums sales by week from Monday, the average order rounded to the cent", () => {
    expect(table("weekly").rows).toEqual([
      ["2026-11-16", "2", "$30.00", "550 CUP", "$15.00"],
      ["2026-11-23", "2", "$40.00", "100 CUP", "$20.00"],
    ]);
    expect(reports.totals).toMatchObject({ placed: 5, cancelled: 1, orders: 4, goodsCents: 7000, shippingCup: 650 });
  });

  it("ranks products by units sold, revenue at the price charged, cancelled orders left out", () => {
    expect(table("products").rows).toEqual([
      ["Olla", "7", "$28.00"],
      ["Ventilador", "4", "$32.00"],
      ["Batidora", "1", "$9.99"],
    ]);
  });

  it("ranks delivery municipalities by orders sold", () => {
    expect(table("municipalities").rows).toEqual([
      ["Plaza de la Revolución", "La Habana", "2", "$30.00"],
      ["Centro Habana", "La Habana", "1", "$30.01"],
      ["Playa", "La Habana", "1", "$9.99"],
    ]);
  });

  it("gives the cancellation rate per week and over the range", () => {
    expect(table("cancellations").rows).toEqual([
      ["2026-11-16", "2", "0", "0.0 %"],
      ["2026-11-23", "3", "1", "33.3 %"],
      ["Total", "5", "1", "20.0 %"],
    ]);
  });

  it("lists out-of-stock products by confirmed subscribers still waiting", () => {
    expect(table("wanted").rows).toEqual([
      ["Arrocera", "3"],
      ["Plancha", "1"],
    ]);
  });

  it("writes each report's CSV with the table's header and cells, in the page's language", () => {
    for (const report of REPORTS) {
      for (const lang of ["es", "en"] as const) {
        const parsed = parseCsv(reportCsv(report, reports, lang));
        const { columns, rows } = table(report, lang);
        expect(parsed).toEqual({ ok: true, records: [columns, ...rows] });
      }
    }
    expect(table("daily", "es").columns[0]).toBe("Día");
  });

  it("draws each chart's bars from the table's figures, heights proportional to the values", () => {
    for (const report of REPORTS) {
      const { series } = table(report);
      const svg = renderToStaticMarkup(createElement(BarChart, { title: report, desc: "d", series }));
      expect(svg).toContain(`<title`);
      const bars = [...svg.matchAll(/<rect [^>]*height="([\d.]+)"[^>]*data-value="([\d.]+)" data-label="([^"]*)"/g)];
      expect(bars.map((bar) => Number(bar[2]))).toEqual(series.values);
      const max = Math.max(...series.values);
      for (const bar of bars) expect(Number(bar[1])).toBeCloseTo((Number(bar[2]) / max) * PLOT_HEIGHT, 1);
    }
    // The daily bars are the goods column of the table.
    const daily = table("daily");
    expect(daily.series.values.map(daily.series.format)).toEqual(daily.rows.map((row) => row[2]));
  });
});
