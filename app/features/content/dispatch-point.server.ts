/**
^ * Deliveries are priced from the store's dispatch point, which the operator sets in company
 * info (back office); central Havana until it is set. Every create-order and
 * calculate-shipping reads it: memoised like the exchange rate (cache/settings-memo.server.ts).
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { companyInfo } from "~/db/schema/content";
import { settingMemo } from "~/features/cache/settings-memo.server";
import { DISPATCH_POINT, type LatLng } from "~/features/shipping/shipping";

const dispatchPoint = settingMemo<LatLng>((db) =>
  db
    .select({ latitude: companyInfo.dispatchLatitude, longitude: companyInfo.dispatchLongitude })
    .from(companyInfo)
    .where(eq(companyInfo.id, 1))
    .limit(1)
    .then(([row]) => row ?? DISPATCH_POINT),
);

export function getDispatchPoint(db: Db): Promise<LatLng> {
  return dispatchPoint.get(db);
}
