/**
 * Profile calls of spec §7.4 (§2.16, §5): read and save the five delivery fields of the signed-in
 * customer. Names, username and email are read-only here; extra fields are ignored.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { type AccountsDeps, getProfile, updateProfile } from "~/features/accounts/accounts.server";
import { ProfileUpdateSchema } from "~/features/accounts/schemas";
import { requireApiUser } from "./auth-user";
import { LangQuery, createRouter, errorResponse, jsonContent, requireJson } from "./http";
import { textInput } from "~/utils/text";

const tags = ["profile"];

const ProfileWireSchema = z
  .object({
    address: textInput().openapi({ example: "Calle 23 #456, Vedado" }),
    city: textInput().openapi({ description: "Municipio", example: "Plaza de la Revolución" }),
    state_province_region: textInput().openapi({ description: "Provincia", example: "La Habana" }),
    zipcode: textInput().openapi({ example: "10400" }),
    phone: textInput().openapi({ example: "+53 5 555 5555" }),
  })
  .openapi("Profile");

const unauthorized = errorResponse("No valid access token (`Authorization: JWT <access>`)");

export function createProfileRoutes(deps: AccountsDeps) {
  const app = createRouter();
  const auth = requireApiUser(deps, { style: "api" });

  const getRoute = createRoute({
    method: "get",
    path: "/api/profile/user",
    tags,
    summary: "The signed-in customer's delivery profile",
    security: [{ jwt: [] }],
    middleware: [auth] as const,
    request: { query: z.object({ lang: LangQuery }) },
    responses: { 200: jsonContent(z.object({ profile: ProfileWireSchema }), "The profile"), 401: unauthorized },
  });

  const updateRoute = createRoute({
    method: "put",
    path: "/api/profile/update",
    tags,
    summary: "Saves the five profile fields (address, city, state_province_region, zipcode, phone)",
    description: "A field left out keeps its value; a body with none of the five fields is a 400.",
    security: [{ jwt: [] }],
    middleware: [auth, requireJson] as const,
    request: {
      query: z.object({ lang: LangQuery }),
      body: { content: { "application/json": { schema: ProfileUpdateSchema } }, required: true },
    },
    responses: {
      200: jsonContent(z.object({ profile: ProfileWireSchema }), "The saved profile"),
      400: errorResponse("A field is invalid (too long, or a phone with other characters), or none is given"),
      401: unauthorized,
      413: errorResponse("Body over 64 KB"),
      415: errorResponse("Not a JSON body"),
    },
  });

  app.openapi(getRoute, async (c) => c.json({ profile: await getProfile(deps.db, c.var.apiUser.id) }, 200));

  app.openapi(updateRoute, async (c) => {
    const profile = await updateProfile(deps.db, c.var.apiUser.id, c.req.valid("json"));
    return c.json({ profile }, 200);
  });

  return app;
}
