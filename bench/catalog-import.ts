// The catalogue CSV import (docs/features.md, "Catalogue import and export"; targets: 5,000 rows, dry run ≤ 5 s, apply ≤ 10 s),
// part of `npm run bench`; on its own: `node --import tsx bench/catalog-import.ts`. Seeds an
// in-memory PGlite database with the migrations and BENCH_IMPORT_ROWS (5,000) products, exports them, then times the dry run
// and the apply of: every price changed (5,000 updates), 5,000 new products by SKU, and 5,000 stock
// counts alone. Figures are printed, never asserted.
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { catalogCsv } from "~/features/catalog/catalog-csv.server";
import { applyImport } from "~/features/catalog/catalog-import-apply.server";
import { type ImportMode, planImport } from "~/features/catalog/catalog-import.server";
import { csvLine, parseCsv } from "~/utils/csv";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5_000);
const actor = { id: null, email: "bench@tienda.cu", role: "cli" };
const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(2);

const database = await openDatabase({ dataDir: null });
try {
  await database.migrate();
  const { db } = database;
  await db.execute(sql`insert into categories (slug, name, name_en) values ('bench-hogar', 'Hogar', 'Home')`);
  await db.execute(sql`
    insert into categories (parent_id, slug, name, name_en)
    select id, 'bench-cocina', 'Cocina', 'Kitchen' from categories where slug = 'bench-hogar'`);
  const seedStart = performance.now();
  await db.execute(sql`
    insert into products (category_id, sku, name, name_en, description, description_en, price_cents,
      original_price_cents, quantity, brand, model, colors, varieties, features)
    select (select id from categories where slug = 'bench-cocina'), 'BENCH-' || n,
      'Olla arrocera número ' || n, 'Rice cooker number ' || n,
      'Olla de 1,8 litros, "antiadherente".' || chr(10) || 'Garantía de un año.', 'A 1.8 litre cooker.',
      1000 + n, 1200 + n, n % 50, 'Tucán', 'TR-' || n,
      '[{"name":"Rojo","name_en":"Red","hex":"#b91c1c"}]'::jsonb, array['1,8 L','2,2 L'], array['Tapa de vidrio']
    from generate_series(1, ${ROWS}) as n`);
  console.log(`\nCatalogue CSV import: ${ROWS} products seeded in ${seconds(seedStart)} s (PGlite, in memory)`);

  const exportStart = performance.now();
  const exported = await catalogCsv(db);
  console.log(`  export:                ${seconds(exportStart)} s, ${(exported.length / 1e6).toFixed(1)} MB`);

  const parsed = parseCsv(exported);
  if (!parsed.ok) throw new Error("the export does not parse");
  const [header, ...records] = parsed.records;
  const col = (name: string) => header.indexOf(name);
  const file = (rows: string[][], head = header) => `${[head, ...rows].map((r) => csvLine(r)).join("\r\n")}\r\n`;

  const prices = file(
    records.map((r) => r.map((cell, i) => (i === col("price_usd") ? (Number(cell) + 1).toFixed(2) : cell))),
  );
  const creates = file(
    records.map((r) => r.map((cell, i) => (i === col("id") ? "" : i === col("sku") ? `NEW-${cell}` : cell))),
  );
  const stock = file(
    records.map((r) => [r[col("sku")], String(Number(r[col("stock")]) + 7)]),
    ["sku", "stock"],
  );

  const run = async (name: string, text: string, mode: ImportMode) => {
    const dryStart = performance.now();
    const plan = await planImport(db, text, mode);
    const dry = seconds(dryStart);
    const applyStart = performance.now();
    const outcome = await applyImport(db, actor, text, mode);
    const apply = seconds(applyStart);
    const { create, update, unchanged } = outcome.plan.counts;
    console.log(
      `  ${name.padEnd(22)} dry run ${dry} s, apply ${apply} s (${create} created, ${update} updated, ${unchanged} unchanged, ${plan.errors.length} errors, applied: ${outcome.applied})`,
    );
  };
  await run("unchanged round trip:", exported, "full");
  await run("every price changed:", prices, "full");
  await run("5,000 new by SKU:", creates, "full");
  await run("stock only by SKU:", stock, "inventory");
  console.log("  targets: dry run ≤ 5 s, apply ≤ 10 s for 5,000 rows");
} finally {
  await database.close();
}
