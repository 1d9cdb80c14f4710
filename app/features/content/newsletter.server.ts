import type { Db } from "~/db/client.server";
import { newsletterSubscriptions } from "~/db/schema/content";
import type { Language } from "~/i18n/languages";
import { NewsletterSchema } from "./schemas";

/**
 * Stores a newsletter address once (decision “Newsletter”). The address is trimmed and lower-cased, so 'Ana@X.cu'
 * and 'ana@x.cu ' are one subscriber; an address already stored is not an error (the visitor is
 * thanked the same way) and keeps its first language. Throws a ZodError for an invalid address:
 * callers parse NewsletterSchema first to show its messages.
 */
export async function subscribeNewsletter(db: Db, email: string, lang: Language): Promise<void> {
  const { email: address } = NewsletterSchema.parse({ email });
  await db
    .insert(newsletterSubscriptions)
    .values({ email: address, language: lang })
    .onConflictDoNothing({ target: newsletterSubscriptions.email });
}
