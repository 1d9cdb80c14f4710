import { data, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import { Form } from "~/components/router-links";
import { LocaleLink } from "~/components/locale-link";
import { metaT, pageMeta } from "~/components/seo";
import { FormMessage, INPUT, SubmitButton } from "~/components/ui/form-fields";
import { appContext } from "~/context";
import { PROVINCES, findMunicipality, findProvince } from "~/features/delivery/cuba";
import { rootZone } from "~/features/delivery/visitor-zone.server";
import { listZones, zoneState } from "~/features/delivery/zones.server";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import { useT } from "~/i18n/use-t";
import { ZONE_COOKIE, readCookie, serializeZoneCookie } from "~/utils/cookies";
import { readForm } from "~/utils/forms.server";
import { formatUsdCents } from "~/utils/money";
import type { Route } from "./+types/delivery";
import { safeRedirectPath } from "./+shared/safe-redirect";

// "Entregar en" (docs/decisions/013-delivery-zones.md): the visitor picks the municipality to deliver to, kept in the
// `zone` cookie and shown on every page; this page says whether and how the store delivers there.
// A plain form: works before JavaScript.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const lang = requireLanguage(request, params.lang);
  const zones = await listZones(db);
  const zone = zones.find((z) => z.id === readCookie(request, ZONE_COOKIE));
  return {
    provinces: PROVINCES.map((province) => ({
      name: province.name,
      municipalities: zones
        .filter((z) => z.provinceId === province.id)
        .map((z) => ({ id: z.id, name: z.name, state: zoneState(z) })),
    })),
    chosen: zone
      ? {
          ...rootZone(zone, lang),
          province: findProvince(zone.provinceId)?.name ?? "",
          express: zone.express,
          minOrder: zone.minOrderCents > 0 ? formatUsdCents(zone.minOrderCents, lang) : null,
        }
      : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const form = await readForm(request);
  const id = form.get("municipality");
  const municipality = typeof id === "string" ? findMunicipality(id) : undefined;
  if (!municipality) return data({ error: "delivery.errors.municipality" as const }, { status: 400 });
  const back = safeRedirectPath(form.get("back"), localePath(lang, "/delivery?saved=1"));
  return redirect(back, { status: 303, headers: { "Set-Cookie": serializeZoneCookie(municipality.id, request) } });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: metaT(args)("delivery.title") });

export default function DeliveryPage() {
  const { provinces, chosen } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const t = useT();
  const error = result?.error ? t(result.error) : undefined;
  const back = search.get("back") ?? "";
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{t("delivery.title")}</h1>
      {chosen && search.get("saved") && (
        <FormMessage tone="success">{t("delivery.saved", { name: chosen.name })}</FormMessage>
      )}
      <p className="text-slate-700">{t("delivery.intro")}</p>
      {chosen && (
        <section aria-labelledby="delivery-current" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="delivery-current" className="font-semibold text-slate-900">
            {t("delivery.current", { name: chosen.name, province: chosen.province })}
          </h2>
          {chosen.state === "open" ? (
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
              <li>{t("delivery.open", { name: chosen.name, min: chosen.minDays, max: chosen.maxDays })}</li>
              <li>{t(chosen.express ? "delivery.express.yes" : "delivery.express.no")}</li>
              {chosen.minOrder && <li>{t("delivery.minOrder", { amount: chosen.minOrder })}</li>}
            </ul>
          ) : (
            <p className="mt-1 text-sm font-medium text-amber-900">
              {chosen.state === "paused"
                ? t("delivery.paused", { name: chosen.name, reason: chosen.reason })
                : t("delivery.notServed", { name: chosen.name })}
            </p>
          )}
        </section>
      )}
      <Form method="post" noValidate className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <input type="hidden" name="back" value={back} />
        <div>
          <label htmlFor="delivery-municipality" className="mb-1 block text-sm font-semibold text-slate-800">
            {t("delivery.field.municipality")}
          </label>
          <select
            id="delivery-municipality"
            name="municipality"
            defaultValue={chosen?.id ?? "playa"}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "delivery-municipality-error" : undefined}
            className={`${INPUT} ${error ? "border-red-700" : "border-slate-400"}`}
          >
            {provinces.map((province) => (
              <optgroup key={province.name} label={province.name}>
                {province.municipalities.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.state === "open" ? m.name : t(`delivery.option.${m.state}`, { name: m.name })}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {error && (
            <p id="delivery-municipality-error" className="mt-1 text-sm font-medium text-red-800">
              <span aria-hidden="true">⚠ </span>
              {error}
            </p>
          )}
        </div>
        <div className="max-w-xs">
          <SubmitButton>{t("delivery.submit")}</SubmitButton>
        </div>
      </Form>
      <p>
        <LocaleLink to="/" className="text-blue-800 underline underline-offset-2">
          {t("delivery.back")}
        </LocaleLink>
      </p>
    </div>
  );
}
