import { data, useLoaderData, useSearchParams } from "react-router";
import { Link } from "~/components/router-links";
import { metaT, pageMeta } from "~/components/seo";
import { FormMessage } from "~/components/ui/form-fields";
import { requireStaff } from "~/features/admin/guard.server";
import { PROVINCES, findMunicipality } from "~/features/delivery/cuba";
import { type Zone, listZones, pauseReason, zoneState } from "~/features/delivery/zones.server";
import { requireLanguage } from "~/i18n/require-language";
import { useLocalePath, useT } from "~/i18n/use-t";
import { formatUsdCents } from "~/utils/money";
import type { Route } from "./+types/zones";

// Where the store delivers, province by province: each municipality's state at a glance and a
// link to change it (zone-edit.tsx). La Habana, and any province with a paused municipality, start open.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requireStaff(context, "zones");
  const lang = requireLanguage(request, params.lang);
  const zones = await listZones(db);
  return {
    provinces: PROVINCES.map((province) => {
      const own = zones.filter((zone) => zone.provinceId === province.id);
      return {
        ...province,
        served: own.filter((zone) => zone.served).length,
        paused: own.filter((zone) => zone.served && zone.paused).length,
        zones: own.map((zone) => ({ ...view(zone, lang), id: zone.id, name: zone.name })),
      };
    }),
  };
}

function view(zone: Zone, lang: "es" | "en") {
  return {
    state: zoneState(zone),
    reason: pauseReason(zone, lang),
    minDays: zone.minDays,
    maxDays: zone.maxDays,
    express: zone.express,
    minOrder: zone.minOrderCents > 0 ? formatUsdCents(zone.minOrderCents, lang) : null,
  };
}

/** Nothing to post here (each zone has its page): refused like every admin route, then not allowed. */
export function action({ context }: Route.ActionArgs) {
  requireStaff(context, "zones", "change");
  throw data(null, { status: 405 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: metaT(args)("admin.zones.title"), noIndex: true });

const STATE_CLASS = {
  open: "bg-green-100 text-green-900",
  paused: "bg-amber-100 text-amber-900",
  notServed: "bg-slate-200 text-slate-800",
} as const;

export default function AdminZones() {
  const { provinces } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const t = useT();
  const path = useLocalePath();
  const saved = findMunicipality(search.get("saved") ?? "");
  const reset = findMunicipality(search.get("reset") ?? "");
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold text-slate-900">{t("admin.zones.title")}</h1>
      {saved && <FormMessage tone="success">{t("admin.zones.saved", { name: saved.name })}</FormMessage>}
      {reset && <FormMessage tone="success">{t("admin.zones.resetDone", { name: reset.name })}</FormMessage>}
      <p className="text-sm text-slate-700">{t("admin.zones.intro")}</p>
      <p className="text-sm text-slate-700">{t("admin.zones.defaults")}</p>
      {provinces.map((province) => (
        <details
          key={province.id}
          open={province.id === "la-habana" || province.paused > 0}
          className="rounded-lg border border-slate-200 bg-white shadow-sm"
        >
          <summary className="min-h-11 cursor-pointer px-3 py-2 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
            {t("admin.zones.provinceSummary", {
              province: province.name,
              served: province.served,
              total: province.zones.length,
              paused: province.paused,
            })}
          </summary>
          <ul className="divide-y divide-slate-200 px-3">
            {province.zones.map((zone) => (
              <li key={zone.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{zone.name}</p>
                  <p className="text-xs text-slate-700">
                    <span className={`rounded px-1.5 py-0.5 font-semibold ${STATE_CLASS[zone.state]}`}>
                      {zone.state === "paused"
                        ? t("admin.zones.status.paused", { reason: zone.reason })
                        : t(`admin.zones.status.${zone.state}`)}
                    </span>{" "}
                    {zone.state !== "notServed" && (
                      <>
                        {t("admin.zones.days", { min: zone.minDays, max: zone.maxDays })} ·{" "}
                        {t(zone.express ? "admin.zones.express.yes" : "admin.zones.express.no")}
                        {zone.minOrder && <> · {t("admin.zones.minOrder", { amount: zone.minOrder })}</>}
                      </>
                    )}
                  </p>
                </div>
                <Link
                  to={path(`/admin/zones/${zone.id}`)}
                  aria-label={t("admin.zones.editZone", { name: zone.name })}
                  className="inline-flex min-h-11 items-center rounded-md border border-slate-400 px-4 text-sm font-semibold text-blue-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                >
                  {t("admin.zones.edit")}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}
