import os from "node:os";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "~/db/client.server";
import { getEnv } from "~/utils/env.server";
import { databaseKinds } from "../../tests/setup/db";
import { createApi } from "./index";
import { type Fixture, createApiFixture, get, post } from "./test-fixtures";

/** Every call of spec §7.1 to §7.5 built so far, as the OpenAPI document must list it. */
const SPEC_CALLS: Array<[string, string]> = [
  ["get", "/api/category/categories"],
  ["get", "/api/category/subcategories"],
  ["get", "/api/product/latest"],
  ["get", "/api/product/bestsellers"],
  ["get", "/api/product/combos"],
  ["get", "/api/carousel_slide/get-slides"],
  ["get", "/api/info/company-info"],
  ["get", "/api/currency/exchange-rate/"],
  ["get", "/api/product/product/{id}"],
  ["get", "/api/product/related/{id}"],
  ["post", "/api/product/by/search"],
  ["post", "/api/product/search-advanced"],
  ["get", "/api/product/search"],
  ["post", "/api/newsletter/subscribe"],
  ["post", "/auth/users/"],
  ["post", "/auth/users/activation/"],
  ["post", "/auth/jwt/create/"],
  ["post", "/auth/jwt/refresh/"],
  ["post", "/auth/jwt/verify/"],
  // Not in the spec: sign-out for API clients, simplejwt's blacklist (issue 9, decision 004).
  ["post", "/auth/jwt/blacklist/"],
  ["get", "/auth/users/me/"],
  ["post", "/auth/users/reset_password/"],
  ["post", "/auth/users/reset_password_confirm/"],
  ["get", "/auth/o/google-oauth2/"],
  ["post", "/auth/o/google-oauth2/"],
  ["get", "/api/profile/user"],
  ["put", "/api/profile/update"],
  ["post", "/api/cart/add-item"],
  ["get", "/api/cart/cart-items"],
  ["put", "/api/cart/update-item"],
  ["delete", "/api/cart/remove-item"],
  ["get", "/api/cart/get-total"],
  ["get", "/api/cart/get-item-total"],
  ["delete", "/api/cart/empty-cart"],
  ["get", "/api/wishlist/wishlist-items"],
  ["post", "/api/wishlist/add-item"],
  ["delete", "/api/wishlist/remove-item"],
  ["get", "/api/wishlist/get-item-total"],
  ["get", "/api/reviews/get-reviews/{productId}"],
  ["get", "/api/reviews/get-review/{productId}"],
  ["post", "/api/reviews/create-review/{productId}"],
  ["put", "/api/reviews/update-review/{productId}"],
  ["delete", "/api/reviews/delete-review/{productId}"],
  ["get", "/api/reviews/filter-reviews/{productId}"],
  ["post", "/api/orders/calculate-shipping"],
  ["get", "/api/coupons/check-coupon"],
  ["post", "/api/orders/create-order"],
  ["get", "/api/orders/get-orders"],
  ["get", "/api/orders/get-order/{transactionId}"],
  ["patch", "/api/orders/cancel-order/{transactionId}"],
  // D20: the invoice and reorder calls (their paths are not in the spec).
  ["post", "/api/orders/reorder/{transactionId}"],
  ["get", "/api/orders/invoice/{transactionId}"],
  ["post", "/api/provider-form/provider-application"],
  ["post", "/api/customer_service/chat"],
  ["delete", "/api/customer_service/conversation/{sessionId}/delete"],
  // Issue 26 point 1: where the store delivers.
  ["get", "/api/delivery/zones"],
  // Issue 26 point 3: the shareable cart.
  ["post", "/api/cart/share"],
  ["get", "/api/cart/shared/{token}"],
  ["post", "/api/cart/shared/{token}/add"],
  // Issue 26 point 4: back-in-stock alerts.
  ["post", "/api/products/{id}/stock-alerts"],
  ["delete", "/api/products/{id}/stock-alerts"],
  // Issue 26 point 2: the shopper's family recipients.
  ["get", "/api/profile/recipients"],
  ["post", "/api/profile/recipients"],
  ["get", "/api/profile/recipients/{id}"],
  ["put", "/api/profile/recipients/{id}"],
  ["delete", "/api/profile/recipients/{id}"],
  // Issue 26 point 5: defect claims.
  ["get", "/api/orders/{transactionId}/claims"],
  ["post", "/api/orders/{transactionId}/claims"],
];

describe.each(databaseKinds())("API plumbing on %s", (kind) => {
  let fx: Fixture;

  beforeAll(async () => {
    fx = await createApiFixture(kind);
  });
  afterAll(async () => {
    await fx?.close();
  });

  it("publishes an OpenAPI 3 document of every route", async () => {
    const res = await get(fx.app, "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toEqual(expect.any(String));
    // The published contract, kept in the repo (docs/api/openapi.json): a change to any route's
    // parameters, bodies or answers shows as a diff of that file, made on purpose with `vitest -u`.
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot("../../docs/api/openapi.json");
    for (const [method, path] of SPEC_CALLS) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    // The two Google calls share one path.
    expect(Object.keys(doc.paths)).toHaveLength(new Set(SPEC_CALLS.map(([, path]) => path)).size);
    const listing = doc.paths["/api/product/by/search"].post;
    const body = listing.requestBody.content["application/json"].schema;
    expect(JSON.stringify(doc.components.schemas)).toContain("More than 80");
    expect(body).toBeDefined();
    expect(listing.parameters.map((p: { name: string }) => p.name)).toContain("p");
    expect(doc.paths["/api/product/product/{id}"].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(["id", "lang"]),
    );
    expect(doc.components.schemas.ProductCard.properties).toHaveProperty("display_name");
  });

  it("answers unknown /api and /auth paths with a JSON 404", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["GET", "/api/product/product"],
      ["GET", "/api/product/product/1/extra"],
      ["DELETE", "/api/category/categories"],
      ["PUT", "/api/newsletter/subscribe"],
      ["GET", "/api/category/categories/"],
      ["POST", "/auth/jwt/nope/"],
      ["GET", "/auth/users/nope/"],
      ["GET", "/auth/o/github/"],
      ["GET", "/api"],
    ]) {
      const res = await fx.app.request(new Request(`http://localhost${path}`, { method }));
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ error: "Not found" });
    }
  });

  it("leaves other paths to the web app", async () => {
    expect((await get(fx.app, "/es/shop")).status).toBe(404);
    expect(await (await get(fx.app, "/es/shop")).text()).not.toContain('Not found"');
  });

  it("answers 413 for any body over 64 KB, even on unknown paths, and changes nothing", async () => {
    const padding = "x".repeat(65 * 1024 + 1);
    for (const path of ["/api/newsletter/subscribe", "/api/nope", "/auth/users/"]) {
      const res = await post(fx.app, path, { email: "a@b.cu", padding });
      expect(res.status, path).toBe(413);
      expect((await res.json()).error).toEqual(expect.any(String));
    }
  });

  it("never answers 500 to hostile requests", async () => {
    const requests: Request[] = [
      new Request("http://localhost/api/product/by/search?p=%ZZ", { method: "POST", body: "{}" }),
      new Request("http://localhost/api/product/search?s=%E0%A4%A", {}),
      new Request("http://localhost/api/product/product/%00", {}),
      new Request("http://localhost/api/category/subcategories?slug=%00", {}),
      new Request("http://localhost/api/product/latest?limit[]=1", {}),
      new Request("http://localhost/api/product/by/search", {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify({ category_slug: { $ne: null } }),
      }),
      new Request("http://localhost/api/product/by/search", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ category_slug: "granos", __proto__: { polluted: true }, constructor: "x" }),
      }),
      new Request("http://localhost/api/newsletter/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "\u0000\u0001",
      }),
      new Request("http://localhost/api/newsletter/subscribe", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "a\u0000@b.cu" }),
      }),
    ];
    for (const request of requests) {
      const res = await fx.app.request(request);
      expect(res.status, request.url).toBeLessThan(500);
      if (res.status >= 400) expect((await res.json()).error, request.url).toEqual(expect.any(String));
    }
  });

  it("is served with HEAD too", async () => {
    const res = await fx.app.request(new Request("http://localhost/api/category/categories", { method: "HEAD" }));
    expect(res.status).toBe(200);
  });
});

describe("API error handler", () => {
  it("answers 500 JSON without internals when a feature fails, and logs it", async () => {
    const failing = new Proxy({} as Db, {
      get() {
        throw new Error("database exploded at /secret/path");
      },
    });
    const env = getEnv({ DATA_DIR: os.tmpdir(), SECRET_KEY: "x".repeat(32) } as NodeJS.ProcessEnv);
    const app = createApi({ db: failing, env });
    // Expected here: keep it out of the test output (the setup still records the call).
    const logged = vi.mocked(console.error).mockImplementation(() => {});
    const res = await get(app, "/api/product/latest");
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: "Internal server error" });
    // The error is logged on the server (the test setup fails on unexpected console.error).
    expect(logged).toHaveBeenCalled();
    expect(String(logged.mock.calls[0])).toMatch(/database exploded/);
    logged.mockClear();
  });
});
