/**
 * Family recipients (docs/features.md): the signed-in shopper's saved recipients, under
 * `/api/profile/recipients`. Owner only: another account's recipient, like an unknown one, is a
 * 404. Thin adapters over `~/features/recipients/recipients.server`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AccountsDeps } from "~/features/accounts/accounts.server";
import {
  createRecipient,
  deleteRecipient,
  getRecipient,
  listRecipients,
  updateRecipient,
} from "~/features/recipients/recipients.server";
import { RecipientSchema, toRecipientInput } from "~/features/recipients/schemas";
import { MAX_ROW_ID } from "~/utils/ids";
import { textInput } from "~/utils/text";
import { messageFor, requestLanguage, requireApiUser } from "./auth-user";
import { LangQuery, createRouter, errorResponse, jsonContent, requireJson } from "./http";

const tags = ["profile"];

const RecipientWireSchema = z
  .object({
    id: z.number().int(),
    first_name: textInput().openapi({ example: "Marta" }),
    last_name: textInput().openapi({ example: "Pérez Díaz" }),
    id_card: textInput().openapi({ description: "Carné de identidad: 11 digits", example: "45021512345" }),
    phone: textInput().openapi({ example: "+53 5 555 1234" }),
    address: textInput().openapi({ example: "Calle Santa Catalina #512, e/ Boyeros y Palatino" }),
    municipality_id: textInput().openapi({ description: "Id of the store's Cuba data", example: "cerro" }),
    municipality: textInput().openapi({ example: "Cerro" }),
    province_id: textInput().openapi({ example: "la-habana" }),
    province: textInput().openapi({ example: "La Habana" }),
    latitude: z.number().nullable().openapi({ example: 23.1101 }),
    longitude: z.number().nullable().openapi({ example: -82.3802 }),
  })
  .openapi("Recipient");

/**
 * The body of POST and PUT: a municipality id of `GET /api/delivery/zones`, whatever its state
 * (checkout refuses a paused or unserved one); `latitude` and `longitude` both or neither, in Cuba.
 */
const RecipientBody = RecipientSchema;

const IdParams = z.object({
  id: textInput().openapi({ param: { name: "id", in: "path" }, example: "1" }),
});

const unauthorized = errorResponse("No valid access token (`Authorization: JWT <access>`)");
const notFound = errorResponse("No recipient of yours has this id");
const security = [{ jwt: [] }];
const LangOnly = z.object({ lang: LangQuery });
const bodyOf = { content: { "application/json": { schema: RecipientBody } }, required: true };
const invalid = errorResponse("A field is missing or invalid (the identity card is 11 digits; the municipality an id)");

/** A path id as a row id, or null (which answers 404 like an id of someone else's). */
function rowId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ROW_ID ? id : null;
}

const missing = (c: Context) => c.json({ error: messageFor(requestLanguage(c), "recipients.notFound") }, 404 as const);

export function createRecipientRoutes(deps: AccountsDeps) {
  const app = createRouter();
  const auth = requireApiUser(deps, { style: "api" });

  const listRoute = createRoute({
    method: "get",
    path: "/api/profile/recipients",
    tags,
    summary: "The signed-in shopper's saved recipients (issue 26 point 2)",
    security,
    middleware: [auth] as const,
    request: { query: LangOnly },
    responses: {
      200: jsonContent(z.object({ recipients: z.array(RecipientWireSchema) }), "Oldest first"),
      401: unauthorized,
    },
  });

  const createRecipientRoute = createRoute({
    method: "post",
    path: "/api/profile/recipients",
    tags,
    summary: "Saves a new recipient (at most 20 per account)",
    security,
    middleware: [auth, requireJson] as const,
    request: { query: LangOnly, body: bodyOf },
    responses: {
      201: jsonContent(z.object({ recipient: RecipientWireSchema }), "The saved recipient"),
      400: invalid,
      401: unauthorized,
      409: errorResponse("The account already keeps 20 recipients"),
      413: errorResponse("Body over 64 KB"),
      415: errorResponse("Not a JSON body"),
    },
  });

  const getRoute = createRoute({
    method: "get",
    path: "/api/profile/recipients/{id}",
    tags,
    summary: "One of the shopper's recipients",
    security,
    middleware: [auth] as const,
    request: { params: IdParams, query: LangOnly },
    responses: {
      200: jsonContent(z.object({ recipient: RecipientWireSchema }), "The recipient"),
      401: unauthorized,
      404: notFound,
    },
  });

  const updateRoute = createRoute({
    method: "put",
    path: "/api/profile/recipients/{id}",
    tags,
    summary: "Replaces a recipient's details (placed orders keep the details they were placed with)",
    security,
    middleware: [auth, requireJson] as const,
    request: { params: IdParams, query: LangOnly, body: bodyOf },
    responses: {
      200: jsonContent(z.object({ recipient: RecipientWireSchema }), "The saved recipient"),
      400: invalid,
      401: unauthorized,
      404: notFound,
      413: errorResponse("Body over 64 KB"),
      415: errorResponse("Not a JSON body"),
    },
  });

  const deleteRoute = createRoute({
    method: "delete",
    path: "/api/profile/recipients/{id}",
    tags,
    summary: "Deletes a recipient (placed orders keep its details)",
    security,
    middleware: [auth] as const,
    request: { params: IdParams, query: LangOnly },
    responses: { 204: { description: "Deleted" }, 401: unauthorized, 404: notFound },
  });

  app.openapi(listRoute, async (c) => c.json({ recipients: await listRecipients(deps.db, c.var.apiUser.id) }, 200));

  app.openapi(createRecipientRoute, async (c) => {
    const result = await createRecipient(deps.db, c.var.apiUser.id, toRecipientInput(c.req.valid("json")));
    if (!result.ok) return c.json({ error: messageFor(requestLanguage(c), result.error) }, 409);
    return c.json({ recipient: result.recipient }, 201);
  });

  app.openapi(getRoute, async (c) => {
    const id = rowId(c.req.valid("param").id);
    const recipient = id === null ? null : await getRecipient(deps.db, c.var.apiUser.id, id);
    return recipient ? c.json({ recipient }, 200) : missing(c);
  });

  app.openapi(updateRoute, async (c) => {
    const id = rowId(c.req.valid("param").id);
    const input = toRecipientInput(c.req.valid("json"));
    const recipient = id === null ? null : await updateRecipient(deps.db, c.var.apiUser.id, id, input);
    return recipient ? c.json({ recipient }, 200) : missing(c);
  });

  app.openapi(deleteRoute, async (c) => {
    const id = rowId(c.req.valid("param").id);
    const deleted = id !== null && (await deleteRecipient(deps.db, c.var.apiUser.id, id));
    return deleted ? c.body(null, 204) : missing(c);
  });

  return app;
}
