import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { categories } from "~/db/schema/catalog";
import { getCategories, getCategoryBySlug, getSubcategories } from "~/features/catalog/categories.server";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import { insertCategory, insertProduct, insertUser } from "../../../tests/factories";
import { searchProducts } from "~/features/search/search.server";
import { indexProducts } from "~/features/search/search-index.server";
import { createLocalStore } from "~/features/media/store.server";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import {
  getCategoryForEdit,
  getCategoryTree,
  getParentOptions,
  moveCategory,
  saveCategory,
  slugify,
} from "./categories-admin.server";

// Issue 12, point 4 (spec §2.7, §2.8, §3 Category; D3): categories and subcategories created,
// edited and reordered by an operator, checked on the server, audited, and shown by the
// storefront at once.

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-categories-"));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const storedFiles = () => {
  const dir = path.join(dataDir, "media", "categories");
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

async function png(): Promise<File> {
  const buffer = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#16a34a" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(buffer)], "foto.png", { type: "image/png" });
}

function formOf(fields: Record<string, string>, image?: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  // A file input left empty still sends an empty, unnamed file.
  form.set("image", image ?? new File([], "", { type: "application/octet-stream" }));
  return form;
}

describe("slugify", () => {
  it("suggests a slug from a Spanish name: accents removed, lowercase, hyphens", () => {
    expect(slugify("Electrónica y Cámaras")).toBe("electronica-y-camaras");
    expect(slugify("  Niños & Bebés!! ")).toBe("ninos-bebes");
    expect(slugify("¡¿?!")).toBe("");
  });
});

describe.each(databaseKinds())("admin categories on %s (issue 12, point 4)", (kind) => {
  let database: Database;
  let actor: { id: number; email: string; role: string };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const operator = await insertUser(database.db, { role: "owner" });
    actor = { id: operator.id, email: operator.email, role: "owner" };
  });
  afterAll(() => database.close());

  const deps = () => ({ media: createLocalStore(path.join(dataDir, "media")), actor });
  const audits = (action: string) =>
    database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

  it("creates a top category with an image, suggests its slug, audits it, and the storefront shows it at once", async () => {
    const { db } = database;
    await getCategories(db); // warm the storefront's memo
    const before = storedFiles();
    const result = await saveCategory(
      db,
      deps(),
      formOf({ name: "Electrónica Útil", nameEn: "Handy electronics" }, await png()),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(storedFiles()).toBe(before + 1);
    const [row] = await db.select().from(categories).where(eq(categories.id, result.id));
    expect(row).toMatchObject({
      slug: "electronica-util",
      name: "Electrónica Útil",
      nameEn: "Handy electronics",
      parentId: null,
    });
    expect(row.imageUrl).toMatch(/^\/media\/categories\/[\w-]+\.webp$/);

    const all = await getCategories(db, "en");
    expect(all.at(-1)).toMatchObject({
      slug: "electronica-util",
      name_en: "Handy electronics",
      image_url: row.imageUrl,
    });
    const [entry] = await audits("category.create");
    expect(entry).toMatchObject({ actorId: actor.id, entity: "category", entityId: String(result.id), before: null });
    expect(entry.after).toMatchObject({ slug: "electronica-util", name: "Electrónica Útil", parentId: null });
  });

  it("creates a subcategory without an image; the category page data (es and en) shows it at once", async () => {
    const { db } = database;
    const top = await insertCategory(db, { slug: `ropa-${kind}`, imageUrl: "/media/categories/x.webp" });
    invalidateCatalog(db); // the factory writes behind the storefront's memo
    expect((await getSubcategories(db, top.slug, "es"))?.length).toBe(0); // warm
    const result = await saveCategory(
      db,
      deps(),
      formOf({ name: "Camisas de Hombre", nameEn: "Men's shirts", slug: "", parentId: String(top.id) }),
    );
    expect(result).toMatchObject({ ok: true });
    const found = await getCategoryBySlug(db, top.slug);
    expect(found?.category.sub_categories.map((s) => [s.slug, s.name, s.name_en, s.image_url])).toEqual([
      ["camisas-de-hombre", "Camisas de Hombre", "Men's shirts", null],
    ]);
    expect((await getSubcategories(db, top.slug, "en"))?.map((s) => s.name_en)).toEqual(["Men's shirts"]);
    expect((await getCategoryBySlug(db, "camisas-de-hombre"))?.parent?.slug).toBe(top.slug);
  });

  it("refuses a new top category without an image, and stores nothing", async () => {
    const { db } = database;
    const count = (await db.select().from(categories)).length;
    const result = await saveCategory(db, deps(), formOf({ name: "Sin foto" }));
    expect(result).toEqual({ ok: false, errors: { image: "admin.categories.errors.imageRequired" } });
    expect((await db.select().from(categories)).length).toBe(count);
  });

  it("checks every field and writes no image file when another field is invalid", async () => {
    const { db } = database;
    const count = (await db.select().from(categories)).length;
    const files = storedFiles();
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ name: "   " }, { name: "admin.form.required" }],
      [{ name: "x".repeat(101) }, { name: "admin.form.tooLong" }],
      [{ name: "Bien", nameEn: "y".repeat(101) }, { nameEn: "admin.form.tooLong" }],
      [{ name: "Bien", slug: "Con Mayúsculas" }, { slug: "admin.categories.errors.slugFormat" }],
      [{ name: "Bien", slug: "doble--guion" }, { slug: "admin.categories.errors.slugFormat" }],
      [{ name: "Bien", slug: "-borde" }, { slug: "admin.categories.errors.slugFormat" }],
      [{ name: "¡¿?!" }, { slug: "admin.categories.errors.slugEmpty" }],
      [{ name: "Bien", parentId: "abc" }, { parentId: "admin.form.invalid" }],
      [{ name: "Bien", parentId: "999999" }, { parentId: "admin.categories.errors.parentMissing" }],
    ];
    for (const [fields, errors] of cases) {
      const result = await saveCategory(db, deps(), formOf(fields, await png()));
      expect(result, JSON.stringify(fields)).toEqual({ ok: false, errors });
    }
    expect(storedFiles()).toBe(files);
    expect((await db.select().from(categories)).length).toBe(count);
  });

  it("refuses a file that is not an image, and stores nothing", async () => {
    const { db } = database;
    const count = (await db.select().from(categories)).length;
    const text = new File([new TextEncoder().encode("no soy una foto")], "nota.png", { type: "image/png" });
    const result = await saveCategory(db, deps(), formOf({ name: "Con archivo malo" }, text));
    expect(result).toEqual({ ok: false, errors: { image: "admin.form.imageNotImage" } });
    expect((await db.select().from(categories)).length).toBe(count);
  });

  it("keeps slugs unique across categories and subcategories (D3)", async () => {
    const { db } = database;
    const top = await insertCategory(db, { slug: `hogar-${kind}`, imageUrl: "/media/categories/h.webp" });
    const sub = await insertCategory(db, { slug: `cocina-${kind}`, parentId: top.id });
    // A new top category may not take a subcategory's slug, nor a subcategory a top category's.
    expect(await saveCategory(db, deps(), formOf({ name: "Cocina", slug: sub.slug }, await png()))).toEqual({
      ok: false,
      errors: { slug: "admin.categories.errors.slugTaken" },
    });
    expect(await saveCategory(db, deps(), formOf({ name: "Hogar", slug: top.slug, parentId: String(top.id) }))).toEqual(
      { ok: false, errors: { slug: "admin.categories.errors.slugTaken" } },
    );
    // A suggested slug is checked too.
    await insertCategory(db, { slug: "jardin" });
    expect(await saveCategory(db, deps(), formOf({ name: "Jardín", parentId: String(top.id) }))).toEqual({
      ok: false,
      errors: { slug: "admin.categories.errors.slugTaken" },
    });
    // Saving a category with its own slug is no clash.
    expect(
      await saveCategory(
        db,
        deps(),
        formOf({ name: "Cocina nueva", slug: sub.slug, parentId: String(top.id) }),
        sub.id,
      ),
    ).toEqual({
      ok: true,
      id: sub.id,
    });
  });

  it("enforces the parent rules: a top parent, never itself, and a category with subcategories stays top", async () => {
    const { db } = database;
    const a = await insertCategory(db, { slug: `a-${kind}`, imageUrl: "/media/categories/a.webp" });
    const aSub = await insertCategory(db, { slug: `a-sub-${kind}`, parentId: a.id });
    const b = await insertCategory(db, { slug: `b-${kind}`, imageUrl: "/media/categories/b.webp" });
    const edit = (id: number, parentId: number, slug: string) =>
      saveCategory(db, deps(), formOf({ name: "Nombre", slug, parentId: String(parentId) }), id);

    expect(await edit(b.id, b.id, b.slug)).toEqual({
      ok: false,
      errors: { parentId: "admin.categories.errors.parentSelf" },
    });
    expect(await edit(b.id, aSub.id, b.slug)).toEqual({
      ok: false,
      errors: { parentId: "admin.categories.errors.parentNotTop" },
    });
    expect(await edit(a.id, b.id, a.slug)).toEqual({
      ok: false,
      errors: { parentId: "admin.categories.errors.parentHasChildren" },
    });
    expect((await getCategoryForEdit(db, a.id))?.category.parentId).toBeNull();
    expect((await getParentOptions(db, b.id)).some((p) => p.id === b.id || p.id === aSub.id)).toBe(false);

    // A subcategory without an image cannot become a top category without getting one.
    expect(await saveCategory(db, deps(), formOf({ name: "Sub", slug: aSub.slug, parentId: "" }), aSub.id)).toEqual({
      ok: false,
      errors: { image: "admin.categories.errors.imageRequired" },
    });
    // Moving b under a: allowed (b has no subcategories), placed last among a's subcategories.
    expect(await edit(b.id, a.id, b.slug)).toEqual({ ok: true, id: b.id });
    const tree = await getCategoryTree(db);
    expect(tree.find((c) => c.id === a.id)?.subcategories.map((s) => s.id)).toEqual([aSub.id, b.id]);
    expect(tree.some((c) => c.id === b.id)).toBe(false);
  });

  it("edits names and slug, keeps the image when none is picked, and audits before → after", async () => {
    const { db } = database;
    const top = await insertCategory(db, {
      slug: `viejo-${kind}`,
      name: "Viejo",
      imageUrl: "/media/categories/v.webp",
    });
    await getCategories(db); // warm
    const result = await saveCategory(db, deps(), formOf({ name: "Nuevo", nameEn: "", slug: `nuevo-${kind}` }), top.id);
    expect(result).toEqual({ ok: true, id: top.id });
    const all = await getCategories(db, "es");
    expect(all.find((c) => c.id === top.id)).toMatchObject({
      slug: `nuevo-${kind}`,
      name: "Nuevo",
      name_en: null,
      image_url: "/media/categories/v.webp",
    });
    expect(await getCategoryBySlug(db, `viejo-${kind}`)).toBeNull();
    const entry = (await audits("category.update")).at(-1)!;
    expect(entry.before).toMatchObject({ slug: `viejo-${kind}`, name: "Viejo" });
    expect(entry.after).toMatchObject({ slug: `nuevo-${kind}`, name: "Nuevo", imageUrl: "/media/categories/v.webp" });
    expect(await saveCategory(db, deps(), formOf({ name: "X" }), 99_999_999)).toEqual({
      ok: false,
      errors: { form: "admin.form.notFound" },
    });
  });

  it("reorders among siblings, renumbers positions in one go, audits it, and the storefront order follows", async () => {
    const { db } = database;
    const tops = (await getCategoryTree(db)).map((c) => c.id);
    expect(tops.length).toBeGreaterThan(2);
    await getCategories(db); // warm
    const [first, second] = tops;
    expect(await moveCategory(db, actor, second, "up")).toBe(true);
    expect((await getCategories(db)).slice(0, 2).map((c) => c.id)).toEqual([second, first]);
    const rows = await db.select().from(categories).orderBy(categories.position);
    const topPositions = rows.filter((r) => r.parentId == null).map((r) => r.position);
    expect(topPositions).toEqual(topPositions.map((_, i) => i + 1));
    // Already first / last, or unknown: nothing changes and nothing is logged.
    const logged = (await audits("category.reorder")).length;
    expect(await moveCategory(db, actor, second, "up")).toBe(false);
    expect(await moveCategory(db, actor, tops.at(-1)!, "down")).toBe(false);
    expect(await moveCategory(db, actor, 99_999_999, "down")).toBe(false);
    expect((await audits("category.reorder")).length).toBe(logged);
    const entry = (await audits("category.reorder")).at(-1)!;
    expect(entry).toMatchObject({ entityId: String(second) });
    expect((entry.after as { order: string[] }).order.length).toBe(tops.length);

    // Subcategories move among their own siblings only.
    const parent = await insertCategory(db, { slug: `padre-${kind}`, imageUrl: "/media/categories/p.webp" });
    const s1 = await insertCategory(db, { slug: `s1-${kind}`, parentId: parent.id });
    const s2 = await insertCategory(db, { slug: `s2-${kind}`, parentId: parent.id });
    expect(await moveCategory(db, actor, s1.id, "down")).toBe(true);
    expect((await getSubcategories(db, parent.slug))?.map((s) => s.id)).toEqual([s2.id, s1.id]);
    expect((await getCategoryTree(db)).map((c) => c.id).slice(0, 2)).toEqual([second, first]);
  });

  it("reindexes the products of a renamed category, so search finds them by its new name (D12)", async () => {
    const { db } = database;
    const top = await insertCategory(db, { slug: `busca-${kind}`, imageUrl: "/media/categories/s.webp" });
    const sub = await insertCategory(db, { slug: `busca-sub-${kind}`, parentId: top.id, name: "Cosas" });
    const product = await insertProduct(db, { categoryId: sub.id, name: "Artículo corriente" });
    await indexProducts(db, [product.id]);
    invalidateCatalog(db);
    expect((await searchProducts(db, { q: "zapatillas", lang: "es" })).count).toBe(0); // warm
    const result = await saveCategory(
      db,
      deps(),
      formOf({ name: "Zapatillas", nameEn: "Sneakers", slug: sub.slug, parentId: String(top.id) }),
      sub.id,
    );
    expect(result.ok).toBe(true);
    const found = await searchProducts(db, { q: "zapatillas", lang: "es" });
    expect(found.results.map((p) => p.id)).toEqual([product.id]);
    expect((await searchProducts(db, { q: "sneakers", lang: "en" })).results.map((p) => p.id)).toEqual([product.id]);
  });

  it("counts products on sale per category, a top category including its subcategories'", async () => {
    const { db } = database;
    const top = await insertCategory(db, { slug: `cuenta-${kind}`, imageUrl: "/media/categories/c.webp" });
    const sub = await insertCategory(db, { slug: `cuenta-sub-${kind}`, parentId: top.id });
    await insertProduct(db, { categoryId: sub.id });
    await insertProduct(db, { categoryId: sub.id });
    await insertProduct(db, { categoryId: sub.id, archivedAt: new Date() });
    const node = (await getCategoryTree(db)).find((c) => c.id === top.id)!;
    expect(node.productCount).toBe(2);
    expect(node.subcategories[0].productCount).toBe(2);
  });
});
