/**
 * A small, fully known catalogue for the REST API integration tests (spec §7.1), so that their
 * assertions can name exact products, counts, price bounds and orderings. Test-only module.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import type { Database, Db } from "~/db/client.server";
import { categories, products } from "~/db/schema/catalog";
import { companyInfo, slides } from "~/db/schema/content";
import { setExchangeRate } from "~/features/currency/currency.server";
import { refreshSearchIndex } from "~/features/search/search-index.server";
import { getEnv } from "~/utils/env.server";
import { type NewProduct, createCategory, createProduct } from "../../tests/factories";
import { createTestDatabase } from "../../tests/setup/db";
import { createServerApp } from "../app";

/** Prices of the 60 listing products, cycled: both sides of every §9 range boundary (decision “Listing filters”). */
export const LISTING_PRICES_CENTS = [50, 100, 1900, 1950, 2000, 3999, 4000, 5999, 6000, 7999, 8000, 15000];
export const LISTING_COUNT = 60;

export type Fixture = {
  database: Database;
  db: Db;
  app: Hono;
  ids: Record<string, number>;
  /** Every product of the `granos` subcategory (the 60 beans plus the rice). */
  granosCount: number;
  close: () => Promise<void>;
};

const HOUR = 3_600_000;

/** Opens a fresh database of `kind`, fills it with the fixture catalogue and builds the API. */
export async function createApiFixture(kind: "pglite" | "postgres"): Promise<Fixture> {
  const database = await createTestDatabase(kind);
  const db = database.db;
  const [alimentos, hogar, ropa] = await db
    .insert(categories)
    .values(
      [
        { slug: "alimentos", name: "Alimentos", nameEn: "Food", position: 1, imageUrl: "/media/alimentos.webp" },
        { slug: "hogar", name: "Hogar", nameEn: "Home", position: 2 },
        { slug: "ropa", name: "Ropa", nameEn: "Clothing", position: 3 },
        { slug: "vacia", name: "Vacía", nameEn: null, position: 4 },
      ].map((c) => createCategory(c)),
    )
    .returning();
  const [cafeYTe, granos, limpieza, cocina, calzado] = await db
    .insert(categories)
    .values(
      [
        { slug: "cafe-y-te", name: "Café y té", nameEn: "Coffee and tea", parentId: alimentos.id, position: 1 },
        { slug: "granos", name: "Granos", nameEn: "Grains", parentId: alimentos.id, position: 2 },
        { slug: "limpieza", name: "Limpieza", nameEn: "Cleaning", parentId: hogar.id, position: 1 },
        { slug: "cocina", name: "Cocina", nameEn: "Kitchen", parentId: hogar.id, position: 2 },
        { slug: "calzado", name: "Calzado", nameEn: "Footwear", parentId: ropa.id, position: 1 },
      ].map((c) => createCategory(c)),
    )
    .returning();

  const now = Date.now();
  const base = { priceCents: 500, originalPriceCents: 500, quantity: 10 } satisfies Partial<NewProduct>;
  const named: NewProduct[] = [
    {
      ...base,
      categoryId: cafeYTe.id,
      name: "Café Cubita molido 250 g",
      nameEn: "Cubita ground coffee 250 g",
      brand: "Cubita",
      description: "Café cubano de altura, tostado oscuro.",
      descriptionEn: "Cuban highland coffee, dark roast.",
      features: ["Tostado oscuro", "Molido fino"],
      featuresEn: ["Dark roast", "Fine grind"],
      priceCents: 650,
      originalPriceCents: 800,
      wholesalePriceCents: 600,
      colors: [
        { name: "Rojo", name_en: "Red", hex: "#ff0000" },
        { name: "Azul", name_en: "Blue", hex: "#0000ff" },
      ],
      varieties: ["250 g", "500 g"],
      sold: 500,
      dateCreated: new Date(now),
    },
    {
      ...base,
      categoryId: cafeYTe.id,
      name: "Té verde en bolsitas",
      nameEn: "Green tea bags",
      brand: "Hornimans",
      description: "Veinte bolsitas de infusión.",
      sold: 5,
      dateCreated: new Date(now - 1 * HOUR),
    },
    {
      ...base,
      categoryId: cocina.id,
      name: "Cafetera italiana de aluminio",
      nameEn: "Aluminium moka pot",
      brand: "Bialetti",
      description: "Para seis tazas.",
      sold: 7,
      dateCreated: new Date(now - 2 * HOUR),
    },
    {
      ...base,
      categoryId: limpieza.id,
      name: "Detergente líquido 1 L",
      nameEn: "Liquid laundry detergent 1 L",
      brand: "Suchel",
      description: "Rinde hasta 20 lavados.",
      sold: 9,
      dateCreated: new Date(now - 3 * HOUR),
    },
    {
      ...base,
      categoryId: calzado.id,
      name: "Zapato deportivo",
      nameEn: "Running shoe",
      brand: "Adidas",
      description: "Suela de goma antideslizante.",
      quantity: 0,
      sold: 3,
      dateCreated: new Date(now - 4 * HOUR),
    },
    {
      ...base,
      categoryId: granos.id,
      name: "Arroz blanco 1 kg",
      nameEn: "White rice 1 kg",
      brand: "Doña Delia",
      description: "Ideal para acompañar con café.",
      priceCents: 250,
      originalPriceCents: 250,
      sold: 400,
      dateCreated: new Date(now - 5 * HOUR),
    },
  ];
  const listing: NewProduct[] = Array.from({ length: LISTING_COUNT }, (_, i) => {
    const n = String(i + 1).padStart(2, "0");
    const price = LISTING_PRICES_CENTS[i % LISTING_PRICES_CENTS.length];
    return {
      ...base,
      categoryId: granos.id,
      name: `Frijoles ${n}`,
      // English names sort in the opposite order, so a lang=en name sort is visibly different.
      nameEn: `Beans ${String(LISTING_COUNT - i).padStart(2, "0")}`,
      brand: "Granja",
      priceCents: price,
      originalPriceCents: price,
      sold: (i * 7) % 23,
      dateCreated: new Date(now - (10 + i) * HOUR),
    };
  });
  const inserted = await db
    .insert(products)
    .values([...named, ...listing].map((r) => createProduct(r)))
    .returning({ id: products.id, name: products.name });
  await refreshSearchIndex(db);

  await db.insert(slides).values([
    {
      title: "Ofertas de verano",
      titleEn: "Summer deals",
      subtitle: "Hasta 30 % menos",
      subtitleEn: "Up to 30 % off",
      imageUrl: "/media/slide-1.webp",
      link: "/es/shop/alimentos",
      hasWhatsapp: true,
      phoneNumber: "+5355555555",
      whatsappMessage: "Hola",
      position: 1,
    },
    { title: "Hogar y jardín", subtitle: "", imageUrl: "/media/slide-2.webp", position: 2 },
    { title: "Oculta", imageUrl: "/media/slide-3.webp", position: 3, active: false },
  ]);
  await db.insert(companyInfo).values({
    name: "Tienda",
    description: "Tu tienda en Cuba",
    descriptionEn: "Your store in Cuba",
    companyLogoUrl: "/media/logo.webp",
    attPhone: "+53 7 000 0000",
    supportEmail: "soporte@tienda.cu",
    sellsPhone: "+53 7 111 1111",
    salesEmail: "ventas@tienda.cu",
  });
  await setExchangeRate(db, 385.5, "test");

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-api-"));
  const env = getEnv({ DATA_DIR: dataDir, SECRET_KEY: "x".repeat(32) } as NodeJS.ProcessEnv);
  // The whole server stack (security headers, compression, media, API), as in production.
  const app = createServerApp({ db, env });
  return {
    database,
    db,
    app,
    ids: Object.fromEntries(inserted.map((p) => [p.name, p.id])),
    granosCount: LISTING_COUNT + 1,
    close: async () => {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `GET` through the app, in process. */
export function get(app: Hono, url: string, init: RequestInit = {}) {
  return app.request(new Request(`http://localhost${url}`, init));
}

/** `POST` a JSON body (or raw text when `body` is a string) through the app, in process. */
export function post(app: Hono, url: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(
    new Request(`http://localhost${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}
