import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createTestEnv } from "../tests/setup/context";
import { applyHttpMiddleware } from "./app";
import { MAX_BODY_BYTES } from "./api/http";
import { SHOPPER_UPLOAD_BODY_BYTES, takesShopperUploads } from "./uploads";

// Issue 26 point 5: a defect claim's photos need more than the usual body cap, on the claim page
// (JavaScript off or on) and its API call only, and only for a signed-in shopper (decided from the
// headers before the body is read; here a stand-in gate, the real one is server/session.ts
// `shopperUploads`).

const app = new Hono();
applyHttpMiddleware(app, createTestEnv(), {
  mayUploadAsShopper: async (c) => c.req.header("Cookie") === "shopper=yes",
});
app.post("*", async (c) => c.json({ size: (await c.req.arrayBuffer()).byteLength }));

const post = (path: string, size: number, shopper = true) =>
  app.request(`http://localhost${path}`, {
    method: "POST",
    body: new Uint8Array(size),
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(size),
      ...(shopper ? { Cookie: "shopper=yes" } : {}),
    },
  });

const CLAIM_PATHS = ["/es/orders/abc123/claim", "/en/orders/abc123/claim.data", "/api/orders/abc123/claims"];

describe("a defect claim's photos (issue 26 point 5)", () => {
  it("one list of claim upload paths: the page, its .data request and the API call", () => {
    for (const path of CLAIM_PATHS) expect(takesShopperUploads(path), path).toBe(true);
    for (const path of ["/es/orders", "/es/orders/abc/claim/x", "/xx/orders/abc/claim", "/api/orders/abc/claimsx"]) {
      expect(takesShopperUploads(path), path).toBe(false);
    }
  });

  it("lets a signed-in shopper post photos there, up to the claim's limit; anyone else keeps the small cap", async () => {
    for (const path of CLAIM_PATHS) {
      expect(await (await post(path, 2 * 1024 * 1024)).json(), path).toEqual({ size: 2 * 1024 * 1024 });
      expect((await post(path, SHOPPER_UPLOAD_BODY_BYTES + 1)).status, path).toBe(413);
      expect((await post(path, MAX_BODY_BYTES + 1, false)).status, path).toBe(413);
    }
    expect((await post("/es/orders", MAX_BODY_BYTES + 1)).status).toBe(413);
  });
});
