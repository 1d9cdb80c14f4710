import { count } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema/orders";
import { providerApplications } from "~/db/schema/providers";
import { mergeCartLine } from "~/features/cart/cart.server";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import type { Env } from "~/utils/env.server";
import { isWellFormedText, textInput } from "~/utils/text";
import { CHECKOUT_ADDRESS, cartCheckoutInput, insertProduct } from "../../tests/factories";
import { createTestEnv } from "../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../tests/setup/db";
import { createServerApp } from "../app";
import { apiRequester, signedInUser } from "./test-client";

// Issue 22 point 4: a lone UTF-16 surrogate ("\ud800") is valid JSON but not Unicode text, and
// PostgreSQL refuses it (create-order answered 500; the seller application stored "�"). Every text
// field is read through one schema helper (utils/text.ts textInput) that refuses it at the
// boundary: a 400 in the spec's error style, nothing stored, on both databases.

const LONE = "Ana\ud800";

describe("textInput (issue 22 point 4)", () => {
  it("refuses lone surrogates, high or low, and keeps paired ones (emoji) and every other text", () => {
    expect(isWellFormedText("Ana 😀 ñ")).toBe(true);
    for (const bad of ["\ud800", "a\udc00", "\udbff\ud800", "x\ud83d"]) expect(isWellFormedText(bad), bad).toBe(false);
    const schema = textInput({ error: "required" }).trim().min(1, "short").max(5, "long");
    expect(schema.safeParse(LONE).error?.issues.map((i) => i.message)).toEqual(["error.illFormedText"]);
    expect(schema.safeParse(" 😀 ").data).toBe("😀");
  });
});

/**
 * The fields an error answer refuses with `message`, in either of the spec's styles: the API's
 * `{ error, details: [{ path, message }] }`, djoser's and §7.4's `{ field: [message] }`, or a
 * calculate-shipping refusal `{ success: false, error }` (its one field-less message: "*").
 */
function refusedFields(answer: unknown, ...messages: string[]): string[] {
  const is = (value: unknown) => messages.includes(value as string);
  const body = answer as { details?: Array<{ path: string; message: string }> } & Record<string, unknown>;
  if (Array.isArray(body.details)) return body.details.filter((d) => is(d.message)).map((d) => d.path);
  const fields = Object.entries(body)
    .filter(([, value]) => Array.isArray(value) && value.some(is))
    .map(([field]) => field);
  return fields.length === 0 && is(body.error) ? ["*"] : fields;
}

type OpenApiSchema = {
  type?: string;
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  enum?: unknown[];
  $ref?: string;
  allOf?: OpenApiSchema[];
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
};
type OpenApiDocument = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: OpenApiSchema }> } }>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
};

describe.each(databaseKinds())("lone surrogates in JSON bodies on %s (issue 22 point 4)", (kind) => {
  let database: Database;
  let env: Env;
  let app: Hono;
  const request = apiRequester(() => app);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    app = createServerApp({ db: database.db, env });
  });
  afterAll(() => database.close());

  it("create-order with a lone surrogate in a field: 400 with that field's error, nothing stored (never 500)", async () => {
    const { user, access } = await signedInUser({ db: database.db, env }, "sustituto");
    const product = await insertProduct(database.db);
    await mergeCartLine(database.db, user.id, { productId: product.id, count: 1 });
    const valid = await cartCheckoutInput(database.db, user.id);
    const before = (await database.db.select({ n: count() }).from(orders))[0].n;
    for (const field of ["first_name", "address", "gift_message", "coupon_name"] as const) {
      const res = await request("POST", "/api/orders/create-order?lang=es", {
        token: access,
        body: { ...valid, is_gift: true, [field]: LONE },
      });
      expect(res.status, field).toBe(400);
      // §7.4's error style for create-order: `{ field: [message] }`.
      expect(await res.json(), field).toEqual({ [field]: [es["error.illFormedText"]] });
    }
    expect((await database.db.select({ n: count() }).from(orders))[0].n).toBe(before);
    expect(CHECKOUT_ADDRESS.first_name).toBe("Ana");
  });

  it("the seller application refuses it too (not stored as '�')", async () => {
    const before = (await database.db.select({ n: count() }).from(providerApplications))[0].n;
    const res = await request("POST", "/api/provider-form/provider-application?lang=en", {
      body: {
        businessName: LONE,
        contactName: "Marta Pérez",
        email: "marta.sustituto@example.cu",
        phone: "+53 5 123 4567",
        address: "Calle 23 No. 456, Vedado, La Habana",
        providerType: "local",
        productCategories: "Dulces, panadería",
        businessDescription: "Dulcería familiar desde 2015: cakes, panetelas y galletas hechas cada día.",
        termsAccepted: true,
        language: "en",
      },
    });
    expect(res.status).toBe(400);
    expect(refusedFields(await res.json(), en["error.illFormedText"])).toEqual(["businessName"]);
    expect((await database.db.select({ n: count() }).from(providerApplications))[0].n).toBe(before);
  });

  it("every JSON body of the OpenAPI document: each text field holding a lone surrogate is a 400 naming it, never a 500", async () => {
    const document = (await (await request("GET", "/api/openapi.json")).json()) as OpenApiDocument;
    const resolve = (schema: OpenApiSchema): OpenApiSchema => {
      if (schema.$ref) return resolve(document.components?.schemas?.[schema.$ref.split("/").pop() ?? ""] ?? {});
      const [first] = schema.allOf ?? schema.anyOf ?? schema.oneOf ?? [];
      return first && !schema.type && !schema.properties ? resolve(first) : schema;
    };
    /** A body where every text field is LONE (enums keep a valid value), and the paths of those fields. */
    const sample = (schema: OpenApiSchema, at: string, texts: string[]): unknown => {
      const s = resolve(schema);
      if (s.enum) return s.enum[0];
      if (s.type === "object" || s.properties) {
        return Object.fromEntries(
          Object.entries(s.properties ?? {}).map(([key, value]) => [
            key,
            sample(value, at ? `${at}.${key}` : key, texts),
          ]),
        );
      }
      if (s.type === "array") return [sample(s.items ?? {}, `${at}.0`, texts)];
      if (s.type === "string") {
        texts.push(at);
        return LONE;
      }
      if (s.type === "integer" || s.type === "number") return 1;
      if (s.type === "boolean") return true;
      return null;
    };
    const { access } = await signedInUser({ db: database.db, env }, "openapi");
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.["application/json"]?.schema;
        if (!schema) continue;
        const texts: string[] = [];
        const body = sample(schema, "", texts);
        const url = path.replace(/\{[^}]+\}/g, "1");
        const res = await request(method.toUpperCase(), `${url}?lang=en`, { token: access, body });
        const what = `${method.toUpperCase()} ${path}`;
        const answer: unknown = await res.json();
        expect(res.status, what).not.toBe(500);
        if (texts.length === 0) continue;
        expect(res.status, what).toBe(400);
        // In the request's language (`?lang=en`), or the chat's own (Spanish unless the body says otherwise).
        const refused = refusedFields(answer, en["error.illFormedText"], es["error.illFormedText"]);
        expect(refused.length, `${what}: ${JSON.stringify(answer)}`).toBeGreaterThan(0);
        for (const field of refused.filter((f) => f !== "*")) expect(texts, what).toContain(field);
        checked.push(what);
      }
    }
    // The document lists the API's writes: create-order, the seller form, sign-up, the chat, the cart…
    expect(checked).toEqual(
      expect.arrayContaining(["POST /api/orders/create-order", "POST /api/provider-form/provider-application"]),
    );
    expect(checked.length).toBeGreaterThan(8);
  });
});
