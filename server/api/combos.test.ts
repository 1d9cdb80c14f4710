import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comboParts, products } from "~/db/schema/catalog";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import type { ProductCardDto, ProductDto } from "~/features/catalog/types";
import { insertProduct } from "../../tests/factories";
import { databaseKinds } from "../../tests/setup/db";
import { type Fixture, createApiFixture, get } from "./test-fixtures";

// Issue 26 point 6 (decision 015): the API says which product is a combo and what it holds, with
// the stock its parts allow, in the product, the cards and `GET /api/product/combos`.

describe.each(databaseKinds())("combos in the API on %s (issue 26 point 6)", (kind) => {
  let fx: Fixture;
  let combo: number;
  let rice: number;
  let oil: number;

  beforeAll(async () => {
    fx = await createApiFixture(kind);
    const categoryId = (await fx.db.select().from(products).limit(1))[0].categoryId;
    rice = (await insertProduct(fx.db, { categoryId, name: "Arroz 1 kg", nameEn: "Rice 1 kg", quantity: 9 })).id;
    oil = (await insertProduct(fx.db, { categoryId, name: "Aceite 1 L", nameEn: "Oil 1 L", quantity: 2 })).id;
    combo = (
      await insertProduct(fx.db, {
        categoryId,
        name: "Combo básico",
        nameEn: "Basics combo",
        isCombo: true,
        quantity: 0,
      })
    ).id;
    await fx.db.insert(comboParts).values([
      { comboId: combo, productId: rice, quantity: 3 },
      { comboId: combo, productId: oil, quantity: 1 },
    ]);
    invalidateCatalog(fx.db);
  });
  afterAll(async () => fx?.close());

  it("a combo's product says so, with its parts in the language asked for and the stock they allow", async () => {
    const res = await get(fx.app, `/api/product/product/${combo}?lang=en`);
    expect(res.status).toBe(200);
    const { product } = (await res.json()) as { product: ProductDto };
    expect(product).toMatchObject({
      id: combo,
      is_combo: true,
      quantity: 2,
      combo_parts: [
        { id: rice, name: "Rice 1 kg", quantity: 3 },
        { id: oil, name: "Oil 1 L", quantity: 1 },
      ],
    });
    const plain = (await (await get(fx.app, `/api/product/product/${rice}`)).json()) as { product: ProductDto };
    expect(plain.product).toMatchObject({ is_combo: false, combo_parts: [] });
  });

  it("GET /api/product/combos lists combos, in stock first; a bad limit is a 400 in the house style", async () => {
    const res = await get(fx.app, "/api/product/combos?lang=es");
    expect(res.status).toBe(200);
    const { products: cards } = (await res.json()) as { products: ProductCardDto[] };
    expect(cards.map((c) => c.id)).toEqual([combo]);
    expect(cards[0].combo_parts.map((p) => p.name)).toEqual(["Arroz 1 kg", "Aceite 1 L"]);

    await fx.db.update(products).set({ quantity: 0 }).where(eq(products.id, oil));
    invalidateCatalog(fx.db);
    const after = (await (await get(fx.app, "/api/product/combos")).json()) as { products: ProductCardDto[] };
    expect(after.products[0]).toMatchObject({ id: combo, quantity: 0 });

    const bad = await get(fx.app, "/api/product/combos?limit=abc");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("error");
  });
});
