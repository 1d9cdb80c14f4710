import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { products } from "~/db/schema/catalog";
import { countProducts, getLatestProducts, getProduct, listProducts } from "~/features/catalog/catalog.server";
import { IMAGE_WIDTHS } from "~/features/media/images";
import { createMediaRoutes } from "~/features/media/media.server";
import { mediaStore } from "~/features/media/store.server";
import { searchProducts } from "~/features/search/search.server";
import type { Env } from "~/utils/env.server";
import { type Category, insertCategory, insertProduct, insertUser } from "../../../tests/factories";
import { createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { saveProductForm, setProductArchived } from "./products-admin.server";
import { getAdminProduct } from "./product-form.server";
import { listAdminProducts, readListFilters } from "./product-admin-list.server";

// Issue 12, point 4 (spec §3 Product; D1 money in cents; D12 search): products created and edited
// in the back office, with images turned into every served WebP width before the product is
// saved, validation per field with nothing stored on refusal, archive and restore, the
// storefront's caches and search following at once, and an audit entry for every change.

async function photo(format: "png" | "jpeg", colour = "#3b82f6") {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

const file = (bytes: Uint8Array | Buffer, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });
const noFile = () => new File([], "", { type: "application/octet-stream" });

describe.each(databaseKinds())("admin products on %s (issue 12, point 4)", (kind) => {
  let database: Database;
  let env: Env;
  let parent: Category;
  let sub: Category;
  let otherSub: Category;
  let operator: { id: number; email: string; role: string };
  const db = () => database.db;
  const deps = () => ({ db: db(), media: mediaStore(env), env });

  /** Every field of the form, valid; `fields` overrides or adds, a value of undefined leaves it out. */
  function form(fields: Record<string, string | undefined> = {}, files: Record<string, File> = {}) {
    const base: Record<string, string | undefined> = {
      name: "Olla arrocera Tucán",
      nameEn: "Tucan rice cooker",
      description: "Olla de 1,8 litros con función de mantener caliente.",
      descriptionEn: "1.8 litre cooker that keeps rice warm.",
      categoryId: String(sub.id),
      price: "34.50",
      originalPrice: "39,99",
      wholesalePrice: "31",
      quantity: "12",
      brand: "Tucán",
      model: "TR-18",
      weight: "2 kg",
      dimensions: "25 x 25 x 22 cm",
      color: "Blanco",
      colorName0: "Blanco",
      colorNameEn0: "White",
      colorHex0: "#FFFFFF",
      colorName1: "Rojo",
      colorNameEn1: "",
      colorHex1: "#b91c1c",
      colorName2: "",
      colorNameEn2: "",
      colorHex2: "",
      varieties: "1,8 L\r\n\r\n  2,2 L  \n",
      features: "Apagado automático\nTapa de vidrio",
      featuresEn: "Automatic shut-off\nGlass lid",
      warranty: "on",
      shopCity: "Santiago de Cuba",
      ...fields,
    };
    const data = new FormData();
    for (const [key, value] of Object.entries(base)) if (value !== undefined) data.set(key, value);
    for (let slot = 1; slot <= 4; slot++) data.set(`image${slot}`, files[`image${slot}`] ?? noFile());
    return data;
  }

  const mediaFiles = () => {
    const dir = path.join(env.DATA_DIR, "media");
    return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : [];
  };
  const productCount = async () => (await db().select({ id: products.id }).from(products)).length;
  const auditOf = (id: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    parent = await insertCategory(db(), { name: "Electrodomésticos", nameEn: "Appliances" });
    sub = await insertCategory(db(), { name: "Cocina", nameEn: "Kitchen", parentId: parent.id });
    otherSub = await insertCategory(db(), { name: "Limpieza", nameEn: "Cleaning", parentId: parent.id });
    const user = await insertUser(db(), { role: "owner", email: `operador-${kind}@tienda.cu` });
    operator = { id: user.id, email: user.email, role: "owner" };
  });
  afterAll(() => database.close());

  it("creates a product with every field and two images, read back by the storefront in es and en", async () => {
    // The storefront's cache is warm before the product exists.
    const warm = await getLatestProducts(db(), { lang: "es", limit: 30 });
    const warmCount = await countProducts(db());
    const media = new Hono();
    media.route("/media", createMediaRoutes(mediaStore(env)));

    const saved = await saveProductForm(
      deps(),
      operator,
      form(
        {},
        {
          image1: file(await photo("png"), "a.png", "image/png"),
          image3: file(await photo("jpeg"), "b.jpg", "image/jpeg"),
        },
      ),
      null,
    );
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;

    const es = await getProduct(db(), saved.id, "es");
    const en = await getProduct(db(), saved.id, "en");
    expect(es).toMatchObject({
      display_name: "Olla arrocera Tucán",
      description: "Olla de 1,8 litros con función de mantener caliente.",
      price: 34.5,
      original_price: 39.99,
      wholesale_price: 31,
      quantity: 12,
      brand: "Tucán",
      model: "TR-18",
      weight: "2 kg",
      dimensions: "25 x 25 x 22 cm",
      warranty: true,
      shop_city: "Santiago de Cuba",
      colors_list: ["Blanco", "Rojo"],
      color_hex_mapping: { Blanco: "#ffffff", Rojo: "#b91c1c" },
      varieties_list: ["1,8 L", "2,2 L"],
      features_list: ["Apagado automático", "Tapa de vidrio"],
      category: { id: sub.id },
      parent_category: { id: parent.id },
    });
    expect(en).toMatchObject({
      display_name: "Tucan rice cooker",
      description: "1.8 litre cooker that keeps rice warm.",
      colors_list: ["White", "Rojo"],
      features_list: ["Automatic shut-off", "Glass lid"],
    });
    // The first non-empty image is the main one; the slots close up in order.
    expect(es?.image_url).toMatch(/^\/media\/products\/[\w-]+\.webp$/);
    expect(es?.image2_url).toMatch(/^\/media\/products\/[\w-]+\.webp$/);
    expect(es?.image3_url).toBeNull();
    for (const url of [es!.image_url!, es!.image2_url!]) {
      expect((await sharp(fs.readFileSync(path.join(env.DATA_DIR, url.slice(1)))).metadata()).format).toBe("webp");
      for (const width of IMAGE_WIDTHS) {
        const res = await media.request(`${url}?w=${width}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("image/webp");
      }
    }

    // At once: the warmed listing, the count and search follow.
    expect(warm.map((c) => c.id)).not.toContain(saved.id);
    expect((await getLatestProducts(db(), { lang: "es", limit: 30 })).map((c) => c.id)).toContain(saved.id);
    expect(await countProducts(db())).toBe(warmCount + 1);
    expect((await searchProducts(db(), { q: "tucán", lang: "es" })).results.map((c) => c.id)).toEqual([saved.id]);
    expect((await searchProducts(db(), { q: "arrocera", lang: "en" })).results.map((c) => c.id)).toEqual([saved.id]);

    const [entry] = await auditOf(saved.id);
    expect(entry).toMatchObject({ action: "product.create", actorEmail: operator.email, before: null });
    expect(entry.after).toMatchObject({ name: "Olla arrocera Tucán", priceCents: 3450, shopCity: "Santiago de Cuba" });
    expect(entry.after).not.toHaveProperty("version");
  });

  it("keeps the original price equal to the price when left empty (no discount)", async () => {
    const saved = await saveProductForm(deps(), operator, form({ originalPrice: "", wholesalePrice: "" }), null);
    if (!saved.ok) throw new Error(JSON.stringify(saved));
    const row = await getAdminProduct(db(), saved.id);
    expect(row).toMatchObject({ priceCents: 3450, originalPriceCents: 3450, wholesalePriceCents: null });
  });

  it.each<[string, Record<string, string | undefined>, string, string]>([
    ["missing Spanish name", { name: "  " }, "name", "admin.form.required"],
    ["name too long", { name: "x".repeat(201) }, "name", "admin.form.tooLong"],
    ["no category", { categoryId: "" }, "categoryId", "admin.form.required"],
    ["unknown category", { categoryId: "999999" }, "categoryId", "admin.products.errors.category"],
    ["hostile category", { categoryId: "1 or 1=1" }, "categoryId", "admin.products.errors.category"],
    ["missing price", { price: "" }, "price", "admin.form.required"],
    ["price as text", { price: "doce" }, "price", "admin.form.money"],
    ["price with 3 decimals", { price: "1.999" }, "price", "admin.form.money"],
    ["original below price", { originalPrice: "20" }, "originalPrice", "admin.products.errors.originalBelowPrice"],
    [
      "wholesale equal to price",
      { wholesalePrice: "34.50" },
      "wholesalePrice",
      "admin.products.errors.wholesaleNotBelow",
    ],
    ["negative stock", { quantity: "-1" }, "quantity", "admin.form.wholeNumber"],
    ["fractional stock", { quantity: "1.5" }, "quantity", "admin.form.wholeNumber"],
    ["missing stock", { quantity: undefined }, "quantity", "admin.form.required"],
    ["brand too long", { brand: "b".repeat(101) }, "brand", "admin.form.tooLong"],
    ["bad hex", { colorHex1: "rojo" }, "colorHex1", "admin.products.errors.hex"],
    ["short hex", { colorHex0: "#fff" }, "colorHex0", "admin.products.errors.hex"],
    [
      "colour without name",
      { colorName2: "", colorNameEn2: "Green", colorHex2: "#00ff00" },
      "colorName2",
      "admin.form.required",
    ],
    ["same colour twice", { colorName1: "blanco" }, "colorName1", "admin.products.errors.colorTwice"],
    [
      "too many varieties",
      { varieties: Array.from({ length: 31 }, (_, i) => `v${i}`).join("\n") },
      "varieties",
      "admin.products.errors.tooManyLines",
    ],
    ["unknown city", { shopCity: "Atlantis" }, "shopCity", "admin.products.errors.city"],
  ])("refuses %s beside its field, storing nothing (not even the image)", async (_label, fields, field, key) => {
    const before = await productCount();
    const files = mediaFiles();
    const result = await saveProductForm(
      deps(),
      operator,
      form(fields, { image1: file(await photo("png"), "a.png", "image/png") }),
      null,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[field]).toBe(key);
    expect(result.formError).toBe("admin.products.errors.pickAgain");
    expect(await productCount()).toBe(before);
    expect(mediaFiles()).toEqual(files);
  });

  it("refuses a non-image and a file over 10 MB with their keys, storing nothing", async () => {
    const before = await productCount();
    const files = mediaFiles();
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    const result = await saveProductForm(
      deps(),
      operator,
      form(
        {},
        {
          image1: file(await photo("jpeg"), "ok.jpg", "image/jpeg"),
          image2: file(Buffer.from("%PDF-1.4 not an image"), "doc.png", "image/png"),
          image4: file(big, "huge.jpg", "image/jpeg"),
        },
      ),
      null,
    );
    expect(result).toMatchObject({
      ok: false,
      errors: { image2: "admin.form.imageNotImage", image4: "admin.form.imageTooLarge" },
    });
    expect(await productCount()).toBe(before);
    expect(mediaFiles()).toEqual(files);
  });

  it("edits a product, keeps or removes images, and refuses a stale version as a conflict", async () => {
    const created = await saveProductForm(
      deps(),
      operator,
      form(
        { name: "Ventilador Brisa" },
        {
          image1: file(await photo("png"), "a.png", "image/png"),
          image2: file(await photo("jpeg", "#ef4444"), "b.jpg", "image/jpeg"),
        },
      ),
      null,
    );
    if (!created.ok) throw new Error(JSON.stringify(created));
    const stored = (await getAdminProduct(db(), created.id))!;
    await getProduct(db(), created.id, "es"); // warm the product page's cache

    // Remove the first image, keep the second: it becomes the main one. New stock and name.
    const edit = form({ name: "Ventilador Huracán", quantity: "3", version: stored.version, removeImage1: "on" });
    const saved = await saveProductForm(deps(), operator, edit, stored);
    // Stock 0 → 3 with nobody waiting: no back-in-stock alert is due (issue 26 point 4).
    expect(saved).toEqual({ ok: true, id: created.id, alertsDue: 0 });
    const after = (await getAdminProduct(db(), created.id))!;
    expect(after).toMatchObject({
      name: "Ventilador Huracán",
      quantity: 3,
      imageUrl: stored.image2Url,
      image2Url: null,
    });
    expect(after.version).not.toBe(stored.version);
    expect(await getProduct(db(), created.id, "es")).toMatchObject({ display_name: "Ventilador Huracán", quantity: 3 });
    // Search follows the new name at once, and forgets the old one.
    expect((await searchProducts(db(), { q: "huracán", lang: "es" })).results.map((c) => c.id)).toEqual([created.id]);
    expect((await searchProducts(db(), { q: "brisa", lang: "es" })).results.map((c) => c.id)).not.toContain(created.id);

    // A second operator still holding the first version is refused; nothing changes.
    const stale = await saveProductForm(
      deps(),
      operator,
      form({ name: "Ventilador Viejo", version: stored.version }),
      stored,
    );
    expect(stale).toEqual({ ok: false, errors: {}, formError: "admin.form.conflict" });
    // Even if the stale read got past the first check, the update itself refuses it.
    const racing = await saveProductForm(
      deps(),
      operator,
      form({ name: "Ventilador Viejo", version: stored.version }),
      {
        ...after,
        version: stored.version,
      },
    );
    expect(racing).toEqual({ ok: false, errors: {}, formError: "admin.form.conflict" });
    expect((await getAdminProduct(db(), created.id))?.name).toBe("Ventilador Huracán");

    const entries = await auditOf(created.id);
    expect(entries.map((e) => e.action)).toEqual(["product.create", "product.update"]);
    expect(entries[1].before).toMatchObject({ name: "Ventilador Brisa", quantity: 12 });
    expect(entries[1].after).toMatchObject({ name: "Ventilador Huracán", quantity: 3 });
  });

  it("archives and restores with audit entries; listings, search and the count follow at once", async () => {
    const created = await saveProductForm(
      deps(),
      operator,
      form({ name: "Licuadora Quetzalcoatl", categoryId: String(otherSub.id) }),
      null,
    );
    if (!created.ok) throw new Error(JSON.stringify(created));
    const query = {
      categorySlug: parent.slug,
      priceRange: "all",
      sortBy: "date_created",
      order: "desc",
      page: 1,
      lang: "es",
    } as const;
    expect((await listProducts(db(), query))!.results.map((c) => c.id)).toContain(created.id);
    expect((await searchProducts(db(), { q: "quetzalcoatl", lang: "es" })).count).toBe(1);
    const count = await countProducts(db());

    expect(await setProductArchived(db(), operator, created.id, true)).toBe(true);
    expect((await listProducts(db(), query))!.results.map((c) => c.id)).not.toContain(created.id);
    expect((await searchProducts(db(), { q: "quetzalcoatl", lang: "es" })).count).toBe(0);
    expect(await countProducts(db())).toBe(count - 1);
    expect((await getAdminProduct(db(), created.id))?.archivedAt).toBeInstanceOf(Date);

    expect(await setProductArchived(db(), operator, created.id, false)).toBe(true);
    expect((await listProducts(db(), query))!.results.map((c) => c.id)).toContain(created.id);
    expect(await countProducts(db())).toBe(count);
    expect(await setProductArchived(db(), operator, 999_999, true)).toBe(false);

    const entries = await auditOf(created.id);
    expect(entries.map((e) => e.action)).toEqual(["product.create", "product.archive", "product.restore"]);
    expect(entries[1].before).toMatchObject({ archivedAt: null });
    expect((entries[1].after as { archivedAt: string }).archivedAt).toEqual(expect.any(String));
  });

  it("lists with search, category (a parent includes its subcategories), stock and status filters", async () => {
    const out = await insertProduct(db(), {
      categoryId: otherSub.id,
      name: "Escoba Pantera",
      quantity: 0,
      brand: "Limpio",
    });
    const low = await insertProduct(db(), { categoryId: sub.id, name: "Sartén Jaguar", quantity: 4, model: "SJ-9" });
    const many = await insertProduct(db(), { categoryId: sub.id, name: "Cazuela Ocelote", quantity: 5 });
    const archived = await insertProduct(db(), { categoryId: sub.id, name: "Cazuela Archivada", quantity: 0 });
    await setProductArchived(db(), operator, archived.id, true);
    const list = async (search: string) =>
      (await listAdminProducts(db(), "es", readListFilters(new URL(`http://x/es/admin/products?${search}`)))).rows.map(
        (r) => r.id,
      );

    expect(await list("q=pantera")).toEqual([out.id]);
    expect(await list("q=limpio")).toEqual([out.id]);
    expect(await list("q=SJ-9")).toEqual([low.id]);
    expect(await list(`q=${many.id}`)).toContain(many.id);
    expect(await list("q=100%25")).toEqual([]);
    expect(await list(`category=${otherSub.id}&stock=out`)).toEqual([out.id]);
    expect(await list(`category=${parent.id}&stock=out`)).toEqual([out.id]);
    const lowStock = await list(`category=${sub.id}&stock=low`);
    expect(lowStock).toContain(low.id); // 4 units: below 5, the dashboard's bound
    expect(lowStock).not.toContain(many.id); // 5 units
    expect(lowStock).not.toContain(out.id);
    expect(await list(`category=${sub.id}&stock=out&status=archived`)).toEqual([archived.id]);
    expect(await list(`category=${sub.id}&stock=out&status=all`)).toEqual([archived.id]);
    expect(await list(`category=${sub.id}&stock=out`)).toEqual([]);
    // Nonsense parameters are no filter, never an error.
    expect((await list("stock=x&status=y&category=abc&p=-3")).length).toBeGreaterThan(0);
    const page = await listAdminProducts(db(), "en", readListFilters(new URL(`http://x/en/admin/products?q=jaguar`)));
    expect(page.rows[0]).toMatchObject({ category: "Kitchen", priceCents: 1000, quantity: 4, archived: false });
  });
});
