/**
 * D15: deliveries are priced from the store's dispatch point, which the operator sets in company
 * info (back office, issue 12); central Havana until it is set. Memoised for a few seconds like
 * the exchange rate, and dropped by any change but one of stock alone (`invalidateCatalog`, in this
 * process or, on PostgreSQL, another): every create-order and calculate-shipping reads it.
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { companyInfo } from "~/db/schema";
import { onDataChange } from "~/features/cache/changes.server";
import { DISPATCH_POINT, type LatLng } from "./shipping";

const TTL_MS = 10_000;
const memo = new WeakMap<Db, { at: number; value: Promise<LatLng> }>();

onDataChange((db, kind) => {
  if (kind === "all") memo.delete(db);
});

export function getDispatchPoint(db: Db): Promise<LatLng> {
  const hit = memo.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = db
    .select({ latitude: companyInfo.dispatchLatitude, longitude: companyInfo.dispatchLongitude })
    .from(companyInfo)
    .where(eq(companyInfo.id, 1))
    .limit(1)
    .then(([row]) => row ?? DISPATCH_POINT);
  memo.set(db, { at: Date.now(), value });
  value.catch(() => memo.delete(db));
  return value;
}
