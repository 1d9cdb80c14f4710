import type { providerApplications } from "~/db/schema/providers";

/** A seller application as stored (spec §2.14): what the emails and the back office read. */
export type ProviderApplication = typeof providerApplications.$inferSelect;
