import http from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTracing } from "./tracing";

// Issue 24 point 7: optional OpenTelemetry traces. A tiny OTLP/HTTP receiver on loopback gets one
// server span per request, named by route pattern, continuing the caller's W3C trace.

type OtlpSpan = {
  traceId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
};

describe("OpenTelemetry traces", () => {
  const exports: Array<{ path: string; spans: OtlpSpan[]; service?: string }> = [];
  let receiver: http.Server;
  let endpoint = "";

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const json = JSON.parse(body) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{ spans: OtlpSpan[] }>;
          }>;
        };
        for (const resourceSpans of json.resourceSpans) {
          exports.push({
            path: req.url ?? "",
            service: resourceSpans.resource.attributes.find((a) => a.key === "service.name")?.value.stringValue,
            spans: resourceSpans.scopeSpans.flatMap((s) => s.spans),
          });
        }
        res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it("makes nothing without OTEL_EXPORTER_OTLP_ENDPOINT", async () => {
    expect(await startTracing({})).toBeNull();
  });

  it("exports a server span per request, by route pattern, continuing the caller's trace", async () => {
    const tracing = await startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
    if (!tracing) throw new Error("no tracing");
    const app = new Hono();
    app.use("*", tracing.middleware);
    app.get("/api/things/:id", (c) => c.json({ id: c.req.param("id") }));
    app.get("/boom", () => {
      throw new Error("boom");
    });
    app.onError((_error, c) => c.json({ error: "x" }, 500));
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    const parent = "00f067aa0ba902b7";
    expect(
      (await app.request("/api/things/42", { headers: { traceparent: `00-${traceId}-${parent}-01` } })).status,
    ).toBe(200);
    expect((await app.request("/boom")).status).toBe(500);
    await tracing.stop(); // sends what is buffered
    const spans = exports.flatMap((e) => e.spans);
    expect(exports.every((e) => e.path === "/v1/traces" && e.service === "tienda-cuba")).toBe(true);
    const thing = spans.find((s) => s.name === "GET /api/things/:id");
    expect(thing).toMatchObject({ traceId, parentSpanId: parent, kind: 2 });
    const attributes = Object.fromEntries(
      thing!.attributes.map((a) => [a.key, a.value.stringValue ?? Number(a.value.intValue)]),
    );
    expect(attributes).toMatchObject({
      "http.route": "/api/things/:id",
      "http.response.status_code": 200,
      "url.path": "/api/things/42",
    });
    const boom = spans.find((s) => s.name === "GET /boom") as OtlpSpan & { status?: { code?: number } };
    expect(boom.status?.code).toBe(2);
  });
});
