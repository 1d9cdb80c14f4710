import { and, desc, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { products } from "~/db/schema/catalog";
import { stockAlerts } from "~/db/schema/stock-alerts";
import { csvLine, parseCsv } from "~/utils/csv";
import { type Category, insertCategory, insertProduct, insertUser } from "../../../tests/factories";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { CSV_HEADER, catalogCsv } from "./catalog-csv.server";
import { applyImport } from "./catalog-import-apply.server";
import { planImport } from "./catalog-import.server";
import { getAdminProduct } from "./product-form.server";

// Issue 27 point 3: the catalogue exported as CSV and imported back: a dry run per row with every
// error (row, column, message), an all-or-nothing apply, create by SKU, update by id, stock only,
// and the back-in-stock alerts of a product the import restocks.

const line = csvLine;
const file = (...lines: string[]) => `${lines.join("\r\n")}\r\n`;

describe.each(databaseKinds())("catalogue CSV on %s (issue 27 point 3)", (kind) => {
  let database: Database;
  let sub: Category;
  let operator: { id: number; email: string; role: string };
  const db = () => database.db;
  const snapshot = async () =>
    (await db().select().from(products).orderBy(products.id)).map(({ updatedAt: _u, ...rest }) => rest);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const parent = await insertCategory(db(), { name: "Hogar", nameEn: "Home", slug: "hogar" });
    sub = await insertCategory(db(), { name: "Cocina", nameEn: "Kitchen", slug: "cocina", parentId: parent.id });
    const user = await insertUser(db(), { role: "manager", email: `csv-${kind}@tienda.cu` });
    operator = { id: user.id, email: user.email, role: user.role };
    await insertProduct(db(), {
      categoryId: sub.id,
      name: "Café Serrano, molido",
      nameEn: "Serrano coffee, ground",
      description: 'Tostado "oscuro".\nHecho en Santiago.',
      priceCents: 450,
      originalPriceCents: 500,
      quantity: 7,
      sku: "CAF-1",
      colors: [{ name: "Marrón", name_en: "Brown", hex: "#7c4a1e" }],
      varieties: ["250 g", "500 g"],
      warranty: true,
      imageUrl: "/media/products/cafe.webp",
    });
    await insertProduct(db(), { categoryId: sub.id, name: "=cmd|' /C calc'!A0", nameEn: "+1 -2 @x", quantity: 0 });
  });
  afterAll(() => database.close());

  it("exports every product with accents, a BOM, RFC 4180 quoting and formulas neutralised", async () => {
    const csv = await catalogCsv(db(), "http://tienda.test");
    expect(csv.startsWith("\uFEFFid,sku,name_es,")).toBe(true);
    expect(csv).toContain("Café Serrano, molido");
    expect(csv).toContain('"Tostado ""oscuro"".\nHecho en Santiago."');
    expect(csv).toContain("'=cmd|' /C calc'!A0");
    expect(csv).toContain("'+1 -2 @x");
    expect(csv).toContain("http://tienda.test/media/products/cafe.webp");
    expect(csv).toContain("Marrón|Brown|#7c4a1e");
    const parsed = parseCsv(csv);
    expect(parsed.ok && parsed.records.length).toBe(3);
    expect(parsed.ok && parsed.records[0]).toEqual(CSV_HEADER);
  });

  it("imports its own export back with no change", async () => {
    const csv = await catalogCsv(db());
    const plan = await planImport(db(), csv, "full");
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 2 });
    const before = await snapshot();
    const outcome = await applyImport(db(), operator, csv, "full");
    expect(outcome.applied).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it("dry run lists every error with row, column and message, and changes nothing", async () => {
    const [cafe] = await db().select().from(products).where(eq(products.sku, "CAF-1"));
    const header = ["id", "sku", "name_es", "category_id", "price_usd", "stock", "warranty"];
    const rows = [
      line([String(cafe.id), "CAF-1", "Café", String(sub.id), "abc", "-3", "quizás"]),
      line(["", "NEW-1", "Azúcar", "999999", "2.00", "1", "no"]),
      line(["", "NEW-2", "", String(sub.id), "2.00", "1", "sí"]),
    ];
    const before = await snapshot();
    const bogus = await planImport(db(), file(line([...header, "bogus"]), ...rows), "full");
    expect(bogus.errors).toEqual([{ row: 1, column: "bogus", message: "admin.import.errors.unknownColumn" }]);

    const text = file(line(header), ...rows);
    const plan = await planImport(db(), text, "full");
    expect(plan.errors).toEqual([
      { row: 2, column: "warranty", message: "admin.import.errors.yesNo" },
      { row: 2, column: "price_usd", message: "admin.form.money" },
      { row: 2, column: "stock", message: "admin.form.wholeNumber" },
      { row: 3, column: "category_id", message: "admin.products.errors.category" },
      { row: 4, column: "name_es", message: "admin.form.required" },
    ]);
    const refused = await applyImport(db(), operator, text, "full");
    expect(refused.applied).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it("applies all or nothing: one bad row among good ones changes nothing", async () => {
    const [cafe] = await db().select().from(products).where(eq(products.sku, "CAF-1"));
    const text = file(
      line(["id", "sku", "name_es", "category_id", "price_usd", "stock"]),
      line([String(cafe.id), "CAF-1", "Café nuevo", String(sub.id), "4.50", "9"]),
      line(["", "GOOD-1", "Arroz", String(sub.id), "1.00", "3"]),
      line(["", "BAD-1", "Frijoles", String(sub.id), "1.00", "muchos"]),
    );
    const before = await snapshot();
    const outcome = await applyImport(db(), operator, text, "full");
    expect(outcome.applied).toBe(false);
    expect(outcome.plan.errors).toEqual([{ row: 4, column: "stock", message: "admin.form.wholeNumber" }]);
    expect(await snapshot()).toEqual(before);
  });

  it("creates by SKU, updates by id, reports each change, keeps columns not in the file, audits", async () => {
    const [cafe] = await db().select().from(products).where(eq(products.sku, "CAF-1"));
    const text = file(
      line(["id", "sku", "name_es", "name_en", "category_id", "price_usd", "stock", "colors", "varieties"]),
      line([String(cafe.id), "CAF-1", "Café Serrano, molido", "Serrano coffee", String(sub.id), "4.25", "7", "", ""]),
      line([
        "",
        "ARR-5",
        "Arroz, 5 lb",
        "Rice",
        String(sub.id),
        "6.50",
        "40",
        "Blanco||#ffffff\nRojo|Red|#b91c1c",
        "5 lb\n10 lb",
      ]),
    );
    const plan = await planImport(db(), text, "full");
    expect(plan.errors).toEqual([]);
    expect(plan.counts).toEqual({ create: 1, update: 1, unchanged: 0 });
    const update = plan.rows.find((r) => r.action === "update");
    expect(update?.changes).toEqual(
      expect.arrayContaining([
        { column: "name_en", before: "Serrano coffee, ground", after: "Serrano coffee" },
        { column: "price_usd", before: "4.50", after: "4.25" },
        { column: "colors", before: "Marrón|Brown|#7c4a1e", after: "" },
        { column: "varieties", before: "250 g\n500 g", after: "" },
      ]),
    );
    const outcome = await applyImport(db(), operator, text, "full");
    expect(outcome.applied).toBe(true);
    const updated = await getAdminProduct(db(), cafe.id);
    expect(updated).toMatchObject({ nameEn: "Serrano coffee", priceCents: 425, originalPriceCents: 500, colors: [] });
    expect(updated?.description).toBe('Tostado "oscuro".\nHecho en Santiago.');
    expect(updated?.warranty).toBe(true);
    const [created] = await db().select().from(products).where(eq(products.sku, "ARR-5"));
    expect(created).toMatchObject({ name: "Arroz, 5 lb", priceCents: 650, quantity: 40, varieties: ["5 lb", "10 lb"] });
    expect(created.colors).toEqual([
      { name: "Blanco", hex: "#ffffff" },
      { name: "Rojo", name_en: "Red", hex: "#b91c1c" },
    ]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "product.import"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry.after).toMatchObject({ create: 1, update: 1, unchanged: 0, created: [created.id] });

    // The same file again: now its SKU names the product made, nothing changes.
    const again = await planImport(db(), text, "full");
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 2 });
  });

  it("imports stock alone by id or SKU, never creating, and fires the back-in-stock alerts", async () => {
    const [formula] = await db().select().from(products).where(eq(products.name, "=cmd|' /C calc'!A0"));
    expect(formula.quantity).toBe(0);
    await db()
      .insert(stockAlerts)
      .values({ productId: formula.id, email: `a-${kind}@x.cu`, lang: "es", confirmedAt: new Date() });
    const unknown = await planImport(db(), file("sku,stock", "NOPE,3"), "inventory");
    expect(unknown.errors).toEqual([{ row: 2, column: "sku", message: "admin.import.errors.noProduct" }]);

    const text = file("id,sku,stock,name_es", `${formula.id},,5,ignored`, ",ARR-5,41,ignored");
    const plan = await planImport(db(), text, "inventory");
    expect(plan.errors).toEqual([]);
    expect(plan.rows.map((r) => r.changes)).toEqual([
      [{ column: "stock", before: "0", after: "5" }],
      [{ column: "stock", before: "40", after: "41" }],
    ]);
    const outcome = await applyImport(db(), operator, text, "inventory");
    expect(outcome).toMatchObject({ applied: true, alertsDue: 1 });
    const [after] = await db().select().from(products).where(eq(products.id, formula.id));
    expect(after).toMatchObject({ quantity: 5, name: "=cmd|' /C calc'!A0" });
    const due = await db()
      .select()
      .from(stockAlerts)
      .where(and(eq(stockAlerts.productId, formula.id), isNotNull(stockAlerts.restockedAt)));
    expect(due).toHaveLength(1);
  });

  it("refuses a SKU held by another product and a product named twice", async () => {
    const [cafe] = await db().select().from(products).where(eq(products.sku, "CAF-1"));
    const plan = await planImport(
      db(),
      file("id,sku,stock", `${cafe.id},ARR-5,1`, `${cafe.id},CAF-1,2`, '"open,3'),
      "full",
    );
    expect(plan.errors).toEqual([{ row: 4, column: "", message: "admin.import.errors.quote" }]);
    const twice = await planImport(db(), file("id,sku,stock", `${cafe.id},ARR-5,1`, `${cafe.id},CAF-1,2`), "full");
    expect(twice.errors).toEqual([
      { row: 2, column: "sku", message: "admin.products.errors.skuTaken" },
      { row: 3, column: "id", message: "admin.import.errors.sameProductTwice" },
    ]);
  });
});
