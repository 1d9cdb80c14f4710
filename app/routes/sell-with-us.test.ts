import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { companyInfo } from "~/db/schema/content";
import { providerApplications } from "~/db/schema/providers";
import { PROVIDER_RATE_LIMIT } from "~/features/providers/providers.server";
import { createTestContext, createTestEnv } from "../../tests/setup/context";
import { createTestDatabase } from "../../tests/setup/db";
import { action, loader } from "./sell-with-us";

let database: Database;
const env = createTestEnv();
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(companyInfo).values({ name: "Tienda Cuba", salesEmail: "ventas@tienda.test" });
});
afterAll(() => database.close());

type DataResult = { data: Record<string, unknown>; init: ResponseInit | null };

let serial = 0;
const valid = () => ({
  businessName: "Ferretería El Tornillo",
  contactName: "Ernesto Díaz",
  email: `ernesto${++serial}@example.cu`,
  phone: "7 833 4455",
  address: "Calle Obispo 210, La Habana Vieja",
  providerType: "warehouse",
  productCategories: "Ferretería, herramientas",
  businessDescription: "Ferretería de barrio con veinte años de experiencia en La Habana Vieja.",
  termsAccepted: "on",
});

function post(
  fields: Record<string, string>,
  opts: { lang?: "es" | "en"; document?: boolean; ip?: string } = {},
): Promise<unknown> {
  const lang = opts.lang ?? "es";
  const context = createTestContext({ db: database.db, env, clientIp: opts.ip ?? `192.0.2.${++serial}` });
  const request = new Request(`http://localhost/${lang}/sell-with-us`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: opts.document ? "text/html,application/xhtml+xml" : "*/*",
    },
  });
  return action({ request, params: { lang }, context } as never).catch((thrown: unknown) => thrown);
}

const stored = async () => (await database.db.select({ n: count() }).from(providerApplications))[0].n;

describe("sell-with-us page action (§2.19, §4.7, §5)", () => {
  it("a fetcher's valid application is stored as pending in the page's language: 201 { ok, id }", async () => {
    const res = (await post(valid(), { lang: "en" })) as DataResult;
    expect(res.init?.status).toBe(201);
    expect(res.data).toEqual({ ok: true, id: expect.any(Number) });
    const [row] = await database.db
      .select()
      .from(providerApplications)
      .where(eq(providerApplications.id, res.data.id as number));
    expect(row).toMatchObject({ status: "pending", language: "en", providerType: "warehouse", termsAccepted: true });
  });

  it("a post made without JavaScript is redirected to ?sent=1#apply (post/redirect/get)", async () => {
    const res = (await post(valid(), { document: true })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/es/sell-with-us?sent=1#apply");
  });

  it("the shared schema on the server: errors per field, what was typed echoed (cut to each maximum), nothing stored", async () => {
    const before = await stored();
    const { termsAccepted: _unticked, ...rest } = valid();
    const res = (await post({
      ...rest,
      businessName: "   ",
      email: "ernesto@",
      businessDescription: "x".repeat(5000),
      providerType: "mayorista",
    })) as DataResult;
    expect(res.init?.status).toBe(400);
    expect(res.data.errors).toEqual({
      businessName: "sell.errors.required",
      email: "sell.errors.email",
      providerType: "sell.errors.providerType",
      businessDescription: "sell.errors.tooLong",
      termsAccepted: "sell.errors.terms",
    });
    const values = res.data.values as Record<string, string>;
    expect(values.contactName).toBe("Ernesto Díaz");
    expect(values.businessDescription).toHaveLength(2000);
    expect(values.termsAccepted).toBe("");
    expect(await stored()).toBe(before);
  });

  it("the API's rate limit applies to the page too: 429 with Retry-After and the message above the form", async () => {
    const ip = "192.0.2.250";
    for (let i = 0; i < PROVIDER_RATE_LIMIT.perIp; i++) {
      expect(((await post(valid(), { ip })) as DataResult).init?.status).toBe(201);
    }
    const res = (await post(valid(), { ip })) as DataResult;
    expect(res.init?.status).toBe(429);
    expect(new Headers(res.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(res.data).toMatchObject({
      ok: false,
      formError: "sell.form.rateLimited",
      values: { contactName: "Ernesto Díaz" },
    });
  });

  it("the loader reads the page state from the URL (tab, open form, sent)", async () => {
    const load = (query: string) =>
      loader({
        request: new Request(`http://localhost/es/sell-with-us${query}`),
        params: { lang: "es" },
        context: createTestContext({ db: database.db, env }),
      } as never);
    expect(await load("")).toEqual({ tab: "overview", apply: false, sent: false });
    expect(await load("?tab=process&apply=1")).toEqual({ tab: "process", apply: true, sent: false });
    expect(await load("?tab=<script>&sent=1")).toEqual({ tab: "overview", apply: false, sent: true });
  });
});
