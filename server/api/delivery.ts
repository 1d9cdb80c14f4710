/**
 * `GET /api/delivery/zones`: where the store delivers (docs/decisions/013-delivery-zones.md). Every
 * province of Cuba with its municipalities and, for each, whether it is served, paused (and why, in
 * the request's language), the delivery estimate in days, whether express is offered and the
 * smallest order in USD.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "~/db/client.server";
import { PROVINCES } from "~/features/delivery/cuba";
import { listZones, pauseReason } from "~/features/delivery/zones.server";
import { parseLanguage } from "~/i18n/languages";
import { LangQuery, createRouter, jsonContent, setPublicCache } from "./http";

const MunicipalitySchema = z
  .object({
    id: z.string().openapi({ example: "playa" }),
    name: z.string().openapi({ example: "Playa" }),
    province_id: z.string().openapi({ example: "la-habana" }),
    served: z.boolean().openapi({ description: "The store delivers to this municipality." }),
    paused: z.boolean().openapi({ description: "Delivery is paused for now (an order cannot be placed)." }),
    pause_reason: z
      .string()
      .nullable()
      .openapi({ description: "Why it is paused, in the request's language; null when open." }),
    delivery_days: z
      .object({ min: z.number().int(), max: z.number().int() })
      .openapi({ description: "Business days from the order to the door." }),
    express: z.boolean().openapi({ description: "Express delivery is offered here." }),
    min_order: z.number().openapi({ description: "Smallest goods total in USD (0: none).", example: 0 }),
  })
  .openapi("DeliveryMunicipality");

const ProvinceSchema = z
  .object({ id: z.string(), name: z.string(), municipalities: z.array(MunicipalitySchema) })
  .openapi("DeliveryProvince");

const zonesRoute = createRoute({
  method: "get",
  path: "/api/delivery/zones",
  tags: ["delivery"],
  summary: "Where the store delivers: every province and municipality of Cuba with its zone",
  request: { query: z.object({ lang: LangQuery }) },
  responses: { 200: jsonContent(z.object({ provinces: z.array(ProvinceSchema) }), "Provinces, west to east") },
});

/** Routes of the delivery group. */
export function createDeliveryRoutes(deps: { db: Db }) {
  const { db } = deps;
  const app = createRouter();
  app.openapi(zonesRoute, async (c) => {
    const lang = parseLanguage(c.req.valid("query").lang);
    const zones = await listZones(db);
    const provinces = PROVINCES.map((province) => ({
      id: province.id,
      name: province.name,
      municipalities: zones
        .filter((zone) => zone.provinceId === province.id)
        .map((zone) => ({
          id: zone.id,
          name: zone.name,
          province_id: zone.provinceId,
          served: zone.served,
          paused: zone.paused,
          pause_reason: zone.paused ? pauseReason(zone, lang) : null,
          delivery_days: { min: zone.minDays, max: zone.maxDays },
          express: zone.express,
          min_order: zone.minOrderCents / 100,
        })),
    }));
    setPublicCache(c);
    return c.json({ provinces }, 200);
  });
  return app;
}
