import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { applyHttpMiddleware } from "./app";

// Issue 24 §1: with MEDIA_PUBLIC_URL, pages take their images from a CDN in front of /media; the
// Content-Security-Policy lets the browser load them from there, and from nowhere new otherwise.

async function imgSrc(env: Parameters<typeof applyHttpMiddleware>[1]): Promise<string[]> {
  const app = new Hono();
  applyHttpMiddleware(app, env);
  app.get("/", (c) => c.text("ok"));
  const res = await app.request("/");
  const directive = (res.headers.get("Content-Security-Policy") ?? "")
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("img-src"));
  return (directive ?? "").split(/\s+/).slice(1);
}

describe("Content-Security-Policy img-src and MEDIA_PUBLIC_URL", () => {
  it("adds the CDN's origin when images come from it", async () => {
    const sources = await imgSrc({ TRUST_PROXY: 0, MEDIA_PUBLIC_URL: "https://cdn.tienda.example/shop" });
    expect(sources).toContain("https://cdn.tienda.example");
    expect(sources).toContain("'self'");
  });

  it("allows no other image origin without it", async () => {
    const sources = await imgSrc({ TRUST_PROXY: 0 });
    expect(sources.filter((s) => s.includes("cdn"))).toEqual([]);
  });
});
