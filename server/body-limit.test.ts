import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createTestEnv } from "../tests/setup/context";
import { applyHttpMiddleware } from "./app";
import { MAX_BODY_BYTES } from "./api/http";
import { UPLOAD_BODY_BYTES, UPLOAD_ROUTES, takesUploads } from "./uploads";

// Issue 9's body cap stays for every path, but the back office's image forms (issue 12, point 4:
// up to 4 photos of 10 MB) get room for their files, and only they do (issue 22 point 2: one list
// of upload routes, their `.data` requests included) — and only for an operator (issue 22 point 1:
// decided from the headers, before the body is read). Here "an operator" is a stand-in gate; the
// real one (the session cookie) is in body-limit-memory.test.ts.

const app = new Hono();
applyHttpMiddleware(app, createTestEnv(), {
  mayUpload: async (c) => c.req.header("Cookie") === "operator=yes",
});
app.post("*", async (c) => c.json({ size: (await c.req.arrayBuffer()).byteLength }));

const post = (path: string, size: number, operator = true) =>
  app.request(`http://localhost${path}`, {
    method: "POST",
    body: new Uint8Array(size),
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(size),
      ...(operator ? { Cookie: "operator=yes" } : {}),
    },
  });

const UPLOAD_PAGES = [
  "/es/admin/products/new",
  "/en/admin/products/12",
  "/en/admin/products/12.data",
  "/es/admin/categories/3",
  "/es/admin/categories/new.data",
  "/es/admin/slides/new",
  "/es/admin/slides/4.data",
  "/es/admin/company",
  "/es/admin/company.data",
];

describe("request body limits", () => {
  it("issue 22 point 2: one list of upload routes, which matches the pages and their .data requests", () => {
    expect(UPLOAD_ROUTES.length).toBeGreaterThan(0);
    for (const path of UPLOAD_PAGES) expect(takesUploads(path), path).toBe(true);
    for (const path of [
      "/es/admin/orders/x",
      "/es/admin/orders/x.data",
      "/es/admin",
      "/es/admin/products",
      "/es/admin/products.data",
      "/es/admin/products/12/x",
      "/es/cart",
      "/api/orders/create-order",
      "/xx/admin/products/new",
      "/es/admin/productsx/new",
      "/es/admin/company.datax",
    ]) {
      expect(takesUploads(path), path).toBe(false);
    }
  });

  it("lets an operator's image form post up to 41 MB, JavaScript on (.data) or off", async () => {
    for (const path of UPLOAD_PAGES) {
      const res = await post(path, 12 * 1024 * 1024);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toEqual({ size: 12 * 1024 * 1024 });
    }
    expect((await post("/es/admin/products/new", UPLOAD_BODY_BYTES + 1)).status).toBe(413);
  });

  it("issue 22 point 1: anyone else's large body to those pages is dropped unread and the page answers without it", async () => {
    for (const path of UPLOAD_PAGES) {
      const res = await post(path, MAX_BODY_BYTES + 1, false);
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toEqual({ size: 0 });
    }
    // A small one goes through as it is (the route then decides: the back office's 404).
    expect(await (await post("/es/admin/company", 1024, false)).json()).toEqual({ size: 1024 });
  });

  it("keeps the small cap everywhere else, other admin pages and look-alike paths included", async () => {
    for (const path of [
      "/es/admin/orders/x",
      "/es/admin",
      "/es/cart",
      "/api/orders/create-order",
      "/xx/admin/products",
      "/es/admin/productsx",
    ]) {
      expect((await post(path, MAX_BODY_BYTES + 1)).status, path).toBe(413);
      expect((await post(path, 1024)).status, path).toBe(200);
    }
  });
});
