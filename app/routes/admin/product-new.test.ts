import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import { type Category, insertCategory, insertUser } from "../../../tests/factories";
import { createTestContext, createTestEnv } from "../../../tests/setup/context";
import { createTestDatabase, databaseKinds } from "../../../tests/setup/db";
import { action as newAction } from "./product-new";

// Issue 12, points 4 and 7: the new-product page's action answers a refusal with 400, each
// field's error key and what was typed (files never echoed), a save with a 303 to the edit page,
// and a malformed body with a 400, never a 500.

describe.each(databaseKinds())("new-product action on %s (issue 12)", (kind) => {
  let database: Database;
  let env: Env;
  let sub: Category;
  const db = () => database.db;

  function form(fields: Record<string, string> = {}) {
    const data = new FormData();
    const base: Record<string, string> = {
      name: "Olla arrocera Tucán",
      nameEn: "Tucan rice cooker",
      categoryId: String(sub.id),
      price: "34.50",
      quantity: "12",
      shopCity: "La Habana",
      ...fields,
    };
    for (const [key, value] of Object.entries(base)) data.set(key, value);
    data.set("image1", new File([], "", { type: "application/octet-stream" }));
    return data;
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    env = createTestEnv();
    const parent = await insertCategory(db());
    sub = await insertCategory(db(), { parentId: parent.id });
  });
  afterAll(() => database.close());

  it("the new-product route refuses with 400, the typed values and no file; saves and redirects with 303", async () => {
    const user = await insertUser(db(), { role: "owner" });
    const context = createTestContext({ db: db(), env, user: user as never });
    const post = (data: FormData) =>
      newAction({
        request: new Request("http://localhost/es/admin/products/new", { method: "POST", body: data }),
        params: { lang: "es" },
        context,
      } as never);
    const refused = (await post(form({ name: "", colorHex0: "azul", colorName0: "Azul" }))) as {
      data: unknown;
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({
      errors: { name: "admin.form.required", colorHex0: "admin.products.errors.hex" },
      values: { nameEn: "Tucan rice cooker", colorHex0: "azul", price: "34.50" },
    });
    const done = (await post(form({ name: "Tostadora Colibrí", sku: "TOS-1" }))) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toMatch(/^\/es\/admin\/products\/\d+\?created=1$/);
    // Issue 27 point 3: a SKU is unique; another product's is refused beside its field.
    const taken = (await post(form({ name: "Otra tostadora", sku: "TOS-1" }))) as {
      data: unknown;
      init: { status: number };
    };
    expect(taken.init.status).toBe(400);
    expect(taken.data).toMatchObject({ errors: { sku: "admin.products.errors.skuTaken" }, values: { sku: "TOS-1" } });
    // A body that is not a form is refused, not a 500 (issue 22 point 3: the shared reader's thrown 400).
    const broken = (await newAction({
      request: new Request("http://localhost/es/admin/products/new", {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=zzz" },
        body: "--zzz\r\nbroken",
      }),
      params: { lang: "es" },
      context,
    } as never).catch((thrown: unknown) => thrown)) as { init: { status: number } };
    expect(broken.init.status).toBe(400);
  });
});
