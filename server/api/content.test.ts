import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "~/db/schema/content";
import { databaseKinds } from "../../tests/setup/db";
import { type Fixture, LISTING_COUNT, createApiFixture, get, post } from "./test-fixtures";

describe.each(databaseKinds())("content API on %s", (kind) => {
  let fx: Fixture;

  beforeAll(async () => {
    fx = await createApiFixture(kind);
  });
  afterAll(async () => {
    await fx?.close();
  });

  describe("GET /api/carousel_slide/get-slides", () => {
    it("lists the active slides in order with every field", async () => {
      const res = await get(fx.app, "/api/carousel_slide/get-slides");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=60, must-revalidate");
      const { slides } = await res.json();
      expect(slides).toHaveLength(2);
      expect(slides[0]).toEqual({
        id: expect.any(Number),
        title: "Ofertas de verano",
        subtitle: "Hasta 30 % menos",
        image_url: "/media/slide-1.webp",
        link: "/es/shop/alimentos",
        app_link: null,
        has_whatsapp: true,
        phone_number: "+5355555555",
        whatsapp_message: "Hola",
      });
    });

    it("localises title and subtitle with lang=en, falling back to Spanish", async () => {
      const { slides } = await (await get(fx.app, "/api/carousel_slide/get-slides?lang=en")).json();
      expect(slides[0]).toMatchObject({ title: "Summer deals", subtitle: "Up to 30 % off" });
      expect(slides[1]).toMatchObject({ title: "Hogar y jardín" });
    });
  });

  describe("GET /api/info/company-info", () => {
    it("answers { company_info } with every field of §3 and live counts", async () => {
      const res = await get(fx.app, "/api/info/company-info");
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(Object.keys(body)).toEqual(["company_info"]);
      expect(body.company_info).toEqual({
        name: "Tienda",
        description: "Tu tienda en Cuba",
        company_logo_url: "/media/logo.webp",
        facebook_url: "",
        twitter_url: "",
        instagram_url: "",
        linkedin_url: "",
        att_phone: "+53 7 000 0000",
        support_email: "soporte@tienda.cu",
        sells_phone: "+53 7 111 1111",
        sales_email: "ventas@tienda.cu",
        providers: 0,
        products: LISTING_COUNT + 6,
      });
      const en = await (await get(fx.app, "/api/info/company-info?lang=en")).json();
      expect(en.company_info.description).toBe("Your store in Cuba");
    });
  });

  describe("POST /api/newsletter/subscribe", () => {
    const subscribe = (body: unknown, headers?: Record<string, string>) =>
      post(fx.app, "/api/newsletter/subscribe", body, headers);
    const stored = async (email: string) =>
      (await fx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))).length;

    it("stores the address once, lower-cased, and thanks every time (D25)", async () => {
      const first = await subscribe({ email: "  Ana.Perez@Example.CU " });
      expect(first.status).toBe(201);
      const body = await first.json();
      expect(body).toEqual({ detail: expect.stringMatching(/Gracias/) });
      const again = await subscribe({ email: "ana.perez@example.cu", language: "en" });
      expect(again.status).toBe(201);
      expect((await again.json()).detail).toMatch(/Thanks/);
      expect(await stored("ana.perez@example.cu")).toBe(1);
      const [row] = await fx.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, "ana.perez@example.cu"));
      expect(row.language).toBe("es");
    });

    it("answers 400 with a translated error for an invalid address", async () => {
      const before = await fx.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscriptions);
      const cases: unknown[] = [
        { email: "not-an-email" },
        { email: "" },
        { email: "   " },
        {},
        { email: 42 },
        { email: null },
        { email: `${"a".repeat(250)}@x.cu` },
        { email: "a@b.cu'); DROP TABLE newsletter_subscriptions; --" },
      ];
      for (const body of cases) {
        const res = await subscribe(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        const json = await res.json();
        expect(json.error).toEqual(expect.any(String));
        expect(json.error).not.toMatch(/^newsletter\./);
      }
      const invalid = await (await subscribe({ email: "nope" })).json();
      expect(invalid.error).toBe("Escribe un correo electrónico válido.");
      expect(invalid.details).toEqual([{ path: "email", message: "Escribe un correo electrónico válido." }]);
      const english = await (await subscribe({ email: "nope", language: "en" })).json();
      expect(english.error).toBe("Enter a valid email address.");
      const after = await fx.db.select({ n: sql<number>`count(*)::int` }).from(newsletterSubscriptions);
      expect(after).toEqual(before);
    });

    it("refuses non-JSON, malformed and oversized bodies", async () => {
      expect((await subscribe("email=a@b.cu", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(
        415,
      );
      expect((await subscribe('{"email":')).status).toBe(400);
      const huge = await subscribe({ email: "big@example.cu", padding: "x".repeat(100_000) });
      expect(huge.status).toBe(413);
      expect(await stored("big@example.cu")).toBe(0);
    });
  });
});
