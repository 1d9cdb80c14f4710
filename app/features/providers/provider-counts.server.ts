/** How many sellers the store has and how many wait for an answer (company info, dashboard). */
import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { providerApplications } from "~/db/schema/providers";

export type PendingApplications = {
  pending: number;
  latest: Array<{ id: number; businessName: string; providerType: "local" | "warehouse"; createdAt: Date }>;
};

/** How many applications are pending, and the `limit` latest of them. */
export async function pendingApplications(db: Db, limit: number): Promise<PendingApplications> {
  const [pending, latest] = await Promise.all([
    db.select({ n: count() }).from(providerApplications).where(eq(providerApplications.status, "pending")),
    db
      .select({
        id: providerApplications.id,
        businessName: providerApplications.businessName,
        providerType: providerApplications.providerType,
        createdAt: providerApplications.createdAt,
      })
      .from(providerApplications)
      .where(eq(providerApplications.status, "pending"))
      .orderBy(desc(providerApplications.createdAt), desc(providerApplications.id))
      .limit(limit),
  ]);
  return { pending: Number(pending[0]?.n ?? 0), latest };
}

/** How many seller applications were approved: the store's providers (company info, spec §3). */
export async function approvedProviderCount(db: Db): Promise<number> {
  const [{ providers }] = await db
    .select({ providers: sql<number>`count(*)::int` })
    .from(providerApplications)
    .where(eq(providerApplications.status, "approved"));
  return providers;
}
