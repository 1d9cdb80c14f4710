/** `GET /api/currency/exchange-rate/` (spec §7.1, decision “One exchange rate”): the current CUP-per-USD rate. */
import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "~/db/client.server";
import { getExchangeRate } from "~/features/currency/currency.server";
import { DEFAULT_EXCHANGE_RATE } from "~/features/currency/default-rate";
import { createRouter, jsonContent, setPublicCache } from "./http";

const RateSchema = z
  .object({ rate: z.number().openapi({ description: "CUP per 1 USD.", example: DEFAULT_EXCHANGE_RATE }) })
  .openapi("ExchangeRate");

const rateRoute = (path: string, hide: boolean) =>
  createRoute({
    method: "get",
    path,
    tags: ["currency"],
    summary: "The current exchange rate (CUP per USD)",
    hide,
    responses: { 200: jsonContent(RateSchema, "The rate") },
  });

/** Routes of the currency group. */
export function createCurrencyRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = createRouter();
  // The spec's path ends in a slash; clients that drop it get the same answer (Hono is strict
  // about trailing slashes), documented once.
  for (const [path, hide] of [
    ["/api/currency/exchange-rate/", false],
    ["/api/currency/exchange-rate", true],
  ] as const) {
    app.openapi(rateRoute(path, hide), async (c) => {
      const rate = await getExchangeRate(db);
      setPublicCache(c);
      return c.json({ rate }, 200);
    });
  }
  return app;
}
