import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { exchangeRates } from "~/db/schema/currency";
import { getProduct } from "~/features/catalog/catalog.server";
import { getExchangeRate } from "~/features/currency/currency.server";
import { formatPrice } from "~/utils/money";
import { havanaDate } from "~/utils/dates";
import { insertProduct, insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { RateSchema, createRate, listRates } from "./rates-admin.server";

// Issue 12, point 5 (D1, D2): a new exchange rate, its validation, its history and the storefront's
// CUP prices following at once.

describe("RateSchema", () => {
  const parse = (input: Record<string, string>) =>
    RateSchema.safeParse({ rate: "390", effectiveDate: "2026-03-01", source: "elTOQUE", ...input });

  it("keeps the rate as a decimal string with 2 decimals, never a float", () => {
    expect(parse({ rate: "390" }).data?.rate).toBe("390.00");
    expect(parse({ rate: "390.5" }).data?.rate).toBe("390.50");
    expect(parse({ rate: " 412,35 " }).data?.rate).toBe("412.35");
    expect(parse({ rate: "1" }).data?.rate).toBe("1.00");
    expect(parse({ rate: "100000" }).data?.rate).toBe("100000.00");
  });

  it("refuses a rate out of bounds, with 3 decimals, negative or not a number", () => {
    for (const rate of ["0", "0.99", "100000.01", "390.123", "-390", "abc", "3e2", "1e5", "390.", ".5", "Infinity"]) {
      expect(parse({ rate }).error?.issues[0], rate).toMatchObject({
        path: ["rate"],
        message: "admin.rates.errors.rate",
      });
    }
    expect(parse({ rate: "" }).error?.issues[0].message).toBe("admin.form.required");
  });

  it("needs a real calendar date and a source", () => {
    expect(parse({ effectiveDate: "2026-02-30" }).error?.issues[0].message).toBe("admin.rates.errors.date");
    expect(parse({ effectiveDate: "01/03/2026" }).error?.issues[0].message).toBe("admin.rates.errors.date");
    expect(parse({ effectiveDate: "" }).error?.issues[0].message).toBe("admin.form.required");
    expect(parse({ source: "  " }).error?.issues[0].message).toBe("admin.form.required");
    expect(parse({ source: "x".repeat(121) }).error?.issues[0].message).toBe("admin.form.tooLong");
  });
});

describe.each(databaseKinds())("exchange rate on %s (issue 12, point 5)", (kind) => {
  let database: Database;
  let operator: { id: number; email: string; role: string };
  const NOW = new Date("2026-03-10T15:00:00Z"); // 10:00 in Havana
  const today = havanaDate(NOW);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const user = await insertUser(database.db, { role: "owner" });
    operator = { id: user.id, email: user.email, role: "owner" };
  });
  afterAll(() => database.close());

  it("a new rate reaches the storefront's CUP prices at once, is audited and heads the history", async () => {
    const { db } = database;
    await db.insert(exchangeRates).values({ rate: "390.00", effectiveDate: "2026-03-01", source: "seed" });
    const product = await insertProduct(db, { priceCents: 1250 });
    const card = (await getProduct(db, product.id, "es"))!;
    // Read once so the rate is memoised, as on a busy storefront.
    expect(await getExchangeRate(db)).toBe(390);
    // 12.50 USD × 390 = 4875 CUP (D1).
    expect(formatPrice(card.price, "CUP", await getExchangeRate(db), "es")).toMatch(/^4[.,\s\u202f]?875 CUP$/);

    const result = await createRate(db, operator, { rate: "412.35", effectiveDate: today, source: "elTOQUE" }, NOW);
    expect(result.ok).toBe(true);
    const rate = await getExchangeRate(db);
    expect(rate).toBe(412.35);
    // 12.50 USD × 412.35 = 5154.375 -> 5154 CUP (D1).
    expect(formatPrice(card.price, "CUP", rate, "es")).toMatch(/^5[.,\s\u202f]?154 CUP$/);

    const { rows, total } = await listRates(db, { page: 1 });
    expect(total).toBe(2);
    expect(rows.map((r) => [r.rate, r.effectiveDate, r.source, r.enteredBy])).toEqual([
      ["412.35", today, "elTOQUE", operator.email],
      ["390.00", "2026-03-01", "seed", null],
    ]);

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "rate.create"));
    expect(entry).toMatchObject({ entity: "exchange_rate", actorEmail: operator.email, entityId: String(rows[0].id) });
    expect(entry.before).toEqual({ rate: "390.00", effectiveDate: "2026-03-01", source: "seed" });
    expect(entry.after).toEqual({ rate: "412.35", effectiveDate: today, source: "elTOQUE" });
  });

  it("a second rate the same day is the newest, hence current", async () => {
    const { db } = database;
    const result = await createRate(db, operator, { rate: "415.00", effectiveDate: today, source: "BCC" }, NOW);
    expect(result.ok).toBe(true);
    expect(await getExchangeRate(db)).toBe(415);
    expect((await listRates(db, { page: 1 })).rows[0]).toMatchObject({ rate: "415.00", source: "BCC" });
  });

  it("refuses a future date (it would be current early) and a date before the current one (never current)", async () => {
    const { db } = database;
    expect(await createRate(db, operator, { rate: "500.00", effectiveDate: "2026-03-11", source: "BCC" }, NOW)).toEqual(
      {
        ok: false,
        errors: { effectiveDate: "admin.rates.errors.future" },
      },
    );
    expect(await createRate(db, operator, { rate: "500.00", effectiveDate: "2026-03-09", source: "BCC" }, NOW)).toEqual(
      {
        ok: false,
        errors: { effectiveDate: "admin.rates.errors.beforeCurrent" },
      },
    );
    expect(await getExchangeRate(db)).toBe(415);
    expect((await listRates(db, { page: 1 })).total).toBe(3);
  });
});
