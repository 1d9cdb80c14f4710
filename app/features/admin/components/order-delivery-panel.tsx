/**
 * Where the order goes (§4.1): delivery option, carrier, coordinates and a map link that work
 * without JavaScript, and with it a small map (Leaflet, loaded only in the browser and only here).
 */
import { Suspense, lazy } from "react";
import { useT } from "~/i18n/use-t";
import { useHydrated } from "~/utils/use-hydrated";
import type { AdminOrderPage } from "../order-page.server";
import type { OrderMapProps } from "./order-map.client";
import { DetailList } from "./order-panels";
import { AdminPanel } from "./ui";

// Importing Leaflet on the server crashes it.
const OrderMap = lazy(() =>
  import("./order-map.client").catch(() => ({
    default: MapUnavailable as (props: OrderMapProps) => React.JSX.Element,
  })),
);

function MapUnavailable() {
  const t = useT();
  return (
    <p role="status" className="text-sm font-medium text-red-800">
      {t("admin.orders.map.error")}
    </p>
  );
}

export function OrderDeliveryPanel({ delivery }: Pick<AdminOrderPage, "delivery">) {
  const t = useT();
  const hydrated = useHydrated();
  return (
    <AdminPanel id="order-delivery" title={t("admin.orders.delivery.title")}>
      <div className="grid gap-3 md:grid-cols-2">
        <div>
          <DetailList
            rows={[
              [t("admin.orders.delivery.option"), t(`admin.orders.option.${delivery.option}`)],
              [t("admin.orders.delivery.shippingName"), delivery.shippingName],
              [t("admin.orders.delivery.shippingTime"), delivery.shippingTime],
              [
                t("admin.orders.delivery.point"),
                <span key="point" className="font-mono" data-coordinates>
                  {delivery.point}
                </span>,
              ],
            ]}
          />
          <a
            href={delivery.mapLink}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex min-h-11 items-center text-sm text-blue-800 underline underline-offset-2"
          >
            {t("admin.orders.delivery.openMap")}
          </a>
        </div>
        <div>
          {hydrated ? (
            <Suspense fallback={<p className="text-sm text-slate-600">{t("admin.orders.map.loading")}</p>}>
              <OrderMap tileUrl={delivery.tileUrl} latitude={delivery.latitude} longitude={delivery.longitude} />
            </Suspense>
          ) : (
            <p className="text-sm text-slate-600">{t("admin.orders.map.loading")}</p>
          )}
        </div>
      </div>
    </AdminPanel>
  );
}
