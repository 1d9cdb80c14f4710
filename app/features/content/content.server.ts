import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { companyInfo, slides } from "~/db/schema/content";
import { approvedProviderCount } from "~/features/providers/provider-counts.server";
// Content changes as rarely as the catalogue: same memo, dropped by the same invalidation.
import { cached } from "~/features/catalog/catalog-cache.server";
import { countProducts } from "~/features/catalog/catalog.server";
import { localized } from "~/features/catalog/product-cards.server";
import type { CompanyInfoDto, SlideDto } from "~/features/catalog/types";
import type { Language } from "~/i18n/languages";

/** Active carousel slides in order (§2.5, §7.1), titles in the visitor's language (decision “Names in both languages”). */
export function getSlides(db: Db, lang: Language): Promise<SlideDto[]> {
  return cached(db, `slides:${lang}`, async () => {
    const rows = await db
      .select()
      .from(slides)
      .where(eq(slides.active, true))
      .orderBy(asc(slides.position), asc(slides.id));
    return rows.map((s) => ({
      id: s.id,
      title: localized(lang, s.title, s.titleEn),
      subtitle: localized(lang, s.subtitle, s.subtitleEn),
      image_url: s.imageUrl,
      link: s.link,
      app_link: s.appLink,
      has_whatsapp: s.hasWhatsapp,
      phone_number: s.phoneNumber,
      whatsapp_message: s.whatsappMessage,
    }));
  });
}

/**
 * Every image URL a slide (hidden ones too) or the company logo points at, for the pruning of
 * orphaned media (features/media/prune.server.ts). Never cached.
 */
export async function getContentImageUrls(db: Db): Promise<string[]> {
  const [slideRows, companyRows] = await Promise.all([
    db.select({ url: slides.imageUrl }).from(slides),
    db.select({ url: companyInfo.companyLogoUrl }).from(companyInfo),
  ]);
  return [...slideRows, ...companyRows].map((r) => r.url).filter((url) => !!url);
}

/** The store's address as the operator wrote it in the company record (empty when unset). */
export function getCompanyAddress(db: Db): Promise<string> {
  return cached(db, "company:address", async () => {
    const [row] = await db.select({ address: companyInfo.address }).from(companyInfo).where(eq(companyInfo.id, 1));
    return row?.address.trim() ?? "";
  });
}

/** The company record of §3 with live provider and product counts; null before it is set. */
export function getCompanyInfo(db: Db, lang: Language): Promise<CompanyInfoDto | null> {
  return cached(db, `company:${lang}`, async () => {
    const [[row], products, providers] = await Promise.all([
      db.select().from(companyInfo).where(eq(companyInfo.id, 1)).limit(1),
      countProducts(db),
      approvedProviderCount(db),
    ]);
    if (!row) return null;
    return {
      name: row.name,
      description: localized(lang, row.description, row.descriptionEn),
      company_logo_url: row.companyLogoUrl,
      facebook_url: row.facebookUrl,
      twitter_url: row.twitterUrl,
      instagram_url: row.instagramUrl,
      linkedin_url: row.linkedinUrl,
      att_phone: row.attPhone,
      support_email: row.supportEmail,
      sells_phone: row.sellsPhone,
      sales_email: row.salesEmail,
      providers,
      products,
    };
  });
}
