/**
 * D15: deliveries are priced from the store's dispatch point, which the operator sets in company
 * info (back office, issue 12); central Havana until it is set. Memoised with the catalogue's
 * reads and dropped with them when company info changes (`invalidateCatalog`).
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { companyInfo } from "~/db/schema";
import { cached } from "~/features/catalog/catalog.server";
import { DISPATCH_POINT, type LatLng } from "./shipping";

export function getDispatchPoint(db: Db): Promise<LatLng> {
  return cached(db, "dispatch-point", async () => {
    const [row] = await db
      .select({ latitude: companyInfo.dispatchLatitude, longitude: companyInfo.dispatchLongitude })
      .from(companyInfo)
      .where(eq(companyInfo.id, 1))
      .limit(1);
    return row ?? DISPATCH_POINT;
  });
}
