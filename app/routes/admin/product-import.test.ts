import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalog";
import type { ImportReport } from "~/features/catalog/catalog-import-page.server";
import type { Env } from "~/utils/env.server";
import { insertProduct, insertUser } from "../../../tests/factories";
import { createTestContext, createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { action } from "./product-import";
import { loader as exportLoader } from "./products-csv";

// Issue 27 point 3: the import page's action, as a browser without JavaScript posts it: a picked
// file is checked (dry run, nothing written), "Apply" sends the same text back (base64 hidden
// field) and redirects with the counts, a refused apply is a 400 that changes nothing; the export
// is a UTF-8 CSV download with a BOM.

describe.each(databaseKinds())("catalogue import page on %s (issue 27 point 3)", (kind) => {
  let database: Database;
  let env: Env;
  let productId: number;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    productId = (await insertProduct(db(), { name: "Jabón de tocador", quantity: 3 })).id;
  });
  afterAll(() => database.close());

  async function post(fields: Record<string, string | File>) {
    const user = await insertUser(db(), { role: "manager" });
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return action({
      request: new Request("http://localhost/es/admin/products/import", { method: "POST", body }),
      params: { lang: "es" },
      context: createTestContext({ db: db(), env, user: user as never }),
    } as never);
  }
  const csvFile = (text: string) => new File([text], "stock.csv", { type: "text/csv" });
  const stock = async () => (await db().select().from(products).where(eq(products.id, productId)))[0].quantity;

  it("checks a picked file, then applies the same text and redirects with the counts", async () => {
    const preview = (await post({
      intent: "preview",
      mode: "inventory",
      file: csvFile(`id,stock\r\n${productId},8\r\n`),
    })) as ImportReport;
    expect(preview.errors).toEqual([]);
    expect(preview.counts).toEqual({ create: 0, update: 1, unchanged: 0 });
    expect(preview.rows[0].changes).toEqual([{ column: "stock", before: "3", after: "8" }]);
    expect(await stock()).toBe(3);

    const applied = (await post({ intent: "apply", mode: "inventory", csv: preview.csv })) as Response;
    expect(applied.status).toBe(303);
    expect(applied.headers.get("Location")).toBe("/es/admin/products/import?applied=1&created=0&updated=1&unchanged=0");
    expect(await stock()).toBe(8);
  });

  it("refuses an apply with a bad row (400, nothing changed) and a post without a file", async () => {
    const text = `id,stock\r\n${productId},2\r\n999999,1\r\n`;
    const refused = (await post({ intent: "apply", mode: "inventory", csv: Buffer.from(text).toString("base64") })) as {
      data: ImportReport;
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({ refused: true, csv: "" });
    expect(refused.data.errors).toEqual([{ row: 3, column: "id", message: "admin.import.errors.unknownId" }]);
    expect(await stock()).toBe(8);

    const empty = (await post({ intent: "preview", mode: "full" })) as { data: ImportReport; init: { status: number } };
    expect(empty.init.status).toBe(400);
    expect(empty.data.fieldError).toBe("admin.import.errors.noFile");
  });

  it("exports a UTF-8 CSV download with a BOM", async () => {
    const user = await insertUser(db(), { role: "manager" });
    const response = (await exportLoader({
      request: new Request("http://localhost/es/admin/products.csv"),
      params: { lang: "es" },
      context: createTestContext({ db: db(), env, user: user as never }),
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="productos-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain("Jabón de tocador");
  });
});
