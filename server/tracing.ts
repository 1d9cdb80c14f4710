/**
 * Optional OpenTelemetry traces (docs/operations.md, "Traces"): when `OTEL_EXPORTER_OTLP_ENDPOINT`
 * is set, every request becomes a server span (method, route pattern, status), continuing the
 * caller's trace when it sends a W3C `traceparent`, exported in batches over OTLP/HTTP to that
 * endpoint (`/v1/traces`; `OTEL_SERVICE_NAME` names the service, default `tienda-cuba`). The SDK is
 * imported only then: unset, it costs nothing, not even its loading.
 */
import type { MiddlewareHandler } from "hono";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { routeLabel } from "./metrics";

export type Tracing = {
  /** Opens and ends the span of each request. */
  middleware: MiddlewareHandler;
  /** Sends the spans still buffered, then stops. */
  stop: () => Promise<void>;
};

/** The tracing of this process, or null when no endpoint is configured. */
export async function startTracing(env: Pick<Env, "OTEL_EXPORTER_OTLP_ENDPOINT">): Promise<Tracing | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const [api, { TracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }, core] =
    await Promise.all([
      import("@opentelemetry/api"),
      import("@opentelemetry/sdk-trace"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/core"),
    ]);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": process.env.OTEL_SERVICE_NAME || "tienda-cuba" }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, "")}/v1/traces` }),
      }),
    ],
  });
  const tracer = provider.getTracer("tienda-cuba");
  const propagator = new core.W3CTraceContextPropagator();
  const getter = {
    keys: (headers: Headers) => [...headers.keys()],
    get: (headers: Headers, key: string) => headers.get(key) ?? undefined,
  };
  logger.info(`OpenTelemetry traces go to ${env.OTEL_EXPORTER_OTLP_ENDPOINT}`);
  return {
    middleware: async (c, next) => {
      const parent = propagator.extract(api.ROOT_CONTEXT, c.req.raw.headers, getter);
      const span = tracer.startSpan(
        c.req.method,
        {
          kind: api.SpanKind.SERVER,
          attributes: { "http.request.method": c.req.method, "url.path": c.req.path, "url.scheme": "http" },
        },
        parent,
      );
      try {
        await next();
      } finally {
        const status = c.res.status;
        const route = routeLabel(c, status);
        span.updateName(`${c.req.method} ${route}`);
        span.setAttribute("http.route", route);
        span.setAttribute("http.response.status_code", status);
        if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
        span.end();
      }
    },
    stop: () => provider.shutdown(),
  };
}
