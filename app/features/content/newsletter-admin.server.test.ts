import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { newsletterSubscriptions } from "~/db/schema/content";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { csvField } from "~/utils/csv";
import { newsletterCsv, newsletterCsvFilename, newsletterStats } from "./newsletter-admin.server";

// Issue 12, point 5 (D25): the subscriber count and the CSV export (RFC 4180, no formula injection).

describe("csvField", () => {
  it("quotes commas, quotes and line breaks (RFC 4180) and leaves plain text alone", () => {
    expect(csvField("ana@tienda.cu")).toBe("ana@tienda.cu");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('di "hola"')).toBe('"di ""hola"""');
    expect(csvField("dos\nlíneas")).toBe('"dos\nlíneas"');
  });

  it("neutralises what a spreadsheet would run as a formula with a leading apostrophe", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+53 5 555")).toBe("'+53 5 555");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("=1+1,2")).toBe('"\'=1+1,2"');
  });

  it("names the file after the Havana day", () => {
    // 02:00 UTC on 1 March is still 28 February in Havana.
    expect(newsletterCsvFilename(new Date("2026-03-01T02:00:00Z"))).toBe("newsletter-2026-02-28.csv");
  });
});

describe.each(databaseKinds())("newsletter export on %s (issue 12, point 5)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.insert(newsletterSubscriptions).values([
      { email: "ana@tienda.cu", language: "es", createdAt: new Date("2026-01-02T10:00:00Z") },
      { email: "=cmd|'/c calc'!a1@x.cu", language: "en", createdAt: new Date("2026-01-03T10:00:00Z") },
      { email: "luis,perez@tienda.cu", language: "es", createdAt: new Date("2026-01-04T10:00:00Z") },
    ]);
  });
  afterAll(() => database.close());

  it("counts subscribers in total and per language", async () => {
    expect(await newsletterStats(database.db)).toEqual({
      total: 3,
      byLanguage: [
        { language: "es", count: 2 },
        { language: "en", count: 1 },
      ],
    });
  });

  it("writes a header row and one row per subscriber, oldest first, quoted and neutralised", async () => {
    expect(await newsletterCsv(database.db)).toBe(
      [
        "email,language,subscribed_at",
        "ana@tienda.cu,es,2026-01-02T10:00:00.000Z",
        "'=cmd|'/c calc'!a1@x.cu,en,2026-01-03T10:00:00.000Z",
        '"luis,perez@tienda.cu",es,2026-01-04T10:00:00.000Z',
        "",
      ].join("\r\n"),
    );
  });
});
