/**
 * The seller application call of spec §7.6 (§3 Provider application, §4.7, §5; decision “The back office”): a thin
 * adapter over `~/features/providers`, which the "Sell with us" page's action calls too (same
 * schema, same rate limit, same emails).
 *
 * The applicant's language (their acknowledgement email speaks it, and the answer's messages):
 * `?lang=`, else the body's `language`, else the first es/en of `Accept-Language`, else Spanish.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Db } from "~/db/client.server";
import { PROVIDER_TYPES } from "~/features/content/policy";
import { REVIEW_STEP } from "~/features/providers/process";
import { submitProviderApplication } from "~/features/providers/providers.server";
import {
  PHONE_MIN_DIGITS,
  PROVIDER_FIELD_LIMITS,
  ProviderApplicationSchema,
  providerErrorValues,
  providerFieldErrors,
} from "~/features/providers/schemas";
import { interpolate } from "~/i18n/i18n";
import { type Language, parseLanguage } from "~/i18n/languages";
import type { Env } from "~/utils/env.server";
import { clientIp } from "../proxy";
import { messageFor, requestLanguage } from "./auth-user";
import { ErrorSchema, LanguageField, LangQuery, createRouter, errorResponse, jsonContent, requireJson } from "./http";
import { textInput } from "~/utils/text";

const tags = ["providers"];

const ApplicationRequest = ProviderApplicationSchema.extend({ language: LanguageField }).openapi(
  "ProviderApplicationRequest",
  {
    description:
      "§3 Provider application. Strings are trimmed (whitespace only is blank); lengths: businessName and " +
      `contactName ${PROVIDER_FIELD_LIMITS.businessName.min}-${PROVIDER_FIELD_LIMITS.businessName.max}, email ` +
      `up to ${PROVIDER_FIELD_LIMITS.email.max}, phone ${PROVIDER_FIELD_LIMITS.phone.min}-${PROVIDER_FIELD_LIMITS.phone.max} ` +
      `(digits, spaces, + ( ) - . and at least ${PHONE_MIN_DIGITS} digits), address ` +
      `${PROVIDER_FIELD_LIMITS.address.min}-${PROVIDER_FIELD_LIMITS.address.max}, productCategories ` +
      `${PROVIDER_FIELD_LIMITS.productCategories.min}-${PROVIDER_FIELD_LIMITS.productCategories.max}, ` +
      `businessDescription ${PROVIDER_FIELD_LIMITS.businessDescription.min}-${PROVIDER_FIELD_LIMITS.businessDescription.max}. ` +
      "termsAccepted must be the boolean true. Unknown fields are ignored.",
    example: {
      businessName: "Dulcería La Habanera",
      contactName: "Marta Pérez",
      email: "marta@example.cu",
      phone: "+53 5 123 4567",
      address: "Calle 23 No. 456, Vedado, La Habana",
      providerType: "local",
      productCategories: "Dulces, panadería",
      businessDescription: "Dulcería familiar desde 2015: cakes, panetelas y galletas hechas cada día en el Vedado.",
      termsAccepted: true,
      language: "es",
    },
  },
);

const ApplicationCreated = z
  .object({
    id: z.number().int(),
    status: z.literal("pending").openapi({ description: "Waiting for the operator's approval (D24)." }),
    businessName: textInput(),
    contactName: textInput(),
    email: textInput(),
    phone: textInput(),
    address: textInput(),
    providerType: z.enum(PROVIDER_TYPES),
    productCategories: textInput(),
    businessDescription: textInput(),
    termsAccepted: z.literal(true),
    language: z.enum(["es", "en"]).openapi({ description: "The language of the acknowledgement email." }),
    created_at: textInput().openapi({ format: "date-time" }),
    detail: textInput().openapi({ description: "'¡Solicitud Enviada!' with the review timeframe, in the language." }),
  })
  .openapi("ProviderApplication");

const FieldErrors = z.record(textInput(), z.array(textInput())).openapi("ProviderApplicationErrors", {
  description: 'One entry per invalid field, djoser-style: `{"email": ["Enter a valid email address."]}`.',
  example: {
    email: ["Escribe un correo electrónico válido."],
    termsAccepted: ["Debes aceptar los términos y condiciones."],
  },
});

const applicationRoute = createRoute({
  method: "post",
  path: "/api/provider-form/provider-application",
  tags,
  summary: "Apply to become a local or warehouse provider (§2.19, §4.7)",
  description:
    "Stores the application as `pending` for the operator, emails the applicant an acknowledgement with the " +
    "review timeframe (in their language) and notifies the sales address. A mail failure does not fail the " +
    "call: the application is stored first. At most 10 valid applications per hour per IP and 3 per hour per " +
    "applicant email (429 with Retry-After).",
  middleware: [requireJson] as const,
  request: {
    query: z.object({ lang: LangQuery }),
    body: { content: { "application/json": { schema: ApplicationRequest } }, required: true },
  },
  responses: {
    201: jsonContent(ApplicationCreated, "Stored, pending approval"),
    400: jsonContent(FieldErrors.or(ErrorSchema), "Missing, blank, too long or invalid fields; malformed JSON"),
    413: errorResponse("Body over 64 KB"),
    415: errorResponse("Not a JSON body"),
    429: jsonContent(
      ErrorSchema.extend({ detail: textInput() }),
      "Too many applications from this address or to this email; see Retry-After",
    ),
  },
});

/** The answer's language (see the file comment); `body` is the raw JSON, valid or not. */
function applicantLanguage(c: Context, body: unknown): Language {
  if (c.req.query("lang") === undefined && body && typeof body === "object") {
    const language = (body as { language?: unknown }).language;
    if (typeof language === "string") return parseLanguage(language);
  }
  return requestLanguage(c);
}

/** A failed parse as `{field: [message]}`, each message in `lang` with its bounds filled in. */
function fieldErrorBody(error: z.ZodError, lang: Language): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(providerFieldErrors(error)).map(([field, key]) => [
      field,
      [interpolate(messageFor(lang, key), { ...providerErrorValues(field), digits: PHONE_MIN_DIGITS })],
    ]),
  );
}

/** The providers group (§7.6). */
export function createProviderRoutes(deps: { db: Db; env: Env }) {
  const app = createRouter();

  app.openapi(
    applicationRoute,
    async (c) => {
      const { language, ...input } = c.req.valid("json");
      const lang = applicantLanguage(c, { language });
      const result = await submitProviderApplication(deps, input, lang, { ip: clientIp(c) });
      if (!result.ok) {
        c.header("Retry-After", String(result.retryAfterSeconds));
        const message = interpolate(messageFor(lang, "sell.form.rateLimited"), {
          minutes: Math.ceil(result.retryAfterSeconds / 60),
        });
        // The API's error shape, and `detail` where djoser clients read a 429 (as /auth answers it).
        return c.json({ error: message, detail: message }, 429);
      }
      const a = result.application;
      const detail = `${messageFor(lang, "sell.form.success.title")} ${interpolate(
        messageFor(lang, "sell.form.success.text"),
        { min: REVIEW_STEP.min, max: REVIEW_STEP.max },
      )}`;
      return c.json(
        {
          id: a.id,
          status: "pending" as const,
          businessName: a.businessName,
          contactName: a.contactName,
          email: a.email,
          phone: a.phone,
          address: a.address,
          providerType: a.providerType,
          productCategories: a.productCategories,
          businessDescription: a.businessDescription,
          termsAccepted: true as const,
          language: lang,
          created_at: a.createdAt.toISOString(),
          detail,
        },
        201,
      );
    },
    (result, c) => {
      if (result.success) return undefined;
      const raw = (result as { data?: unknown }).data;
      const lang = applicantLanguage(c, raw);
      if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
        return c.json({ error: "The body must be a JSON object" }, 400);
      }
      return c.json(fieldErrorBody(result.error, lang), 400);
    },
  );

  return app;
}
