/**
 * The back office's company info (spec §2.4, §2.18, §2.19, §3 Company info;
 * decision “Shipping price and the express cut-off”): the one record the footer, the help centre, the seller page and shipping read. Providers
 * and products are not stored: they are counted live (approved seller applications, products on
 * sale). Saving is audited with before → after and drops the storefront's memo at once.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { companyInfo } from "~/db/schema/content";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import { getCompanyInfo } from "~/features/content/content.server";
import type { MediaStore } from "~/features/media/store.server";
import { isPickedFile, storeUploadedImage } from "~/features/media/upload.server";
import { CUBA_BOUNDS, isInCuba } from "~/features/shipping/shipping";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import type { SaveResult } from "~/features/catalog/categories-admin.server";
import { optionalText, parseWith, requiredText } from "~/features/admin/forms.server";
import { isHttpsUrl, isPhone } from "./slides-admin.server";

export type CompanyRow = typeof companyInfo.$inferSelect;

/** The record before the store has one: the schema's defaults (decision “Shipping price and the express cut-off”: dispatch from central Havana). */
const EMPTY_COMPANY: CompanyRow = {
  id: 1,
  name: "",
  description: "",
  descriptionEn: null,
  companyLogoUrl: "",
  facebookUrl: "",
  twitterUrl: "",
  instagramUrl: "",
  linkedinUrl: "",
  attPhone: "",
  supportEmail: "",
  sellsPhone: "",
  salesEmail: "",
  address: "",
  dispatchLatitude: 23.1136,
  dispatchLongitude: -82.3666,
};

export { CUBA_BOUNDS };

/** The stored record (or the defaults) with the live counts the storefront shows. */
export async function getCompanyForEdit(db: Db): Promise<{ company: CompanyRow; providers: number; products: number }> {
  const [[row], live] = await Promise.all([
    db.select().from(companyInfo).where(eq(companyInfo.id, 1)).limit(1),
    getCompanyInfo(db, "es"),
  ]);
  return { company: row ?? EMPTY_COMPANY, providers: live?.providers ?? 0, products: live?.products ?? 0 };
}

const url = optionalText(500).refine((v) => v === "" || isHttpsUrl(v), { message: "admin.company.errors.url" });
const phone = optionalText(30).refine((v) => v === "" || isPhone(v), { message: "admin.company.errors.phone" });
const email = optionalText(254).refine((v) => v === "" || z.email().safeParse(v).success, {
  message: "admin.company.errors.email",
});
/** A coordinate typed as `23.1136` or `23,1136`, then checked against Cuba's box (decision “Shipping price and the express cut-off”). */
const coordinate = (min: number, max: number) =>
  requiredText(20).transform((text, ctx) => {
    const value = /^[-+]?\d{1,3}(?:[.,]\d{1,10})?$/.test(text) ? Number(text.replace(",", ".")) : NaN;
    if (!Number.isFinite(value)) {
      ctx.addIssue({ code: "custom", message: "admin.company.errors.coordinate" });
      return z.NEVER;
    }
    if (value < min || value > max) {
      ctx.addIssue({ code: "custom", message: "admin.company.errors.outsideCuba" });
      return z.NEVER;
    }
    return value;
  });

/** Every stored field of §3 Company info but the logo (a file) and the counts (computed). */
export const CompanyFormSchema = z
  .object({
    name: requiredText(120),
    description: optionalText(1000),
    descriptionEn: optionalText(1000),
    facebookUrl: url,
    twitterUrl: url,
    instagramUrl: url,
    linkedinUrl: url,
    attPhone: phone,
    supportEmail: email,
    sellsPhone: phone,
    salesEmail: email,
    address: optionalText(300),
    dispatchLatitude: coordinate(CUBA_BOUNDS.minLatitude, CUBA_BOUNDS.maxLatitude),
    dispatchLongitude: coordinate(CUBA_BOUNDS.minLongitude, CUBA_BOUNDS.maxLongitude),
  })
  .refine((c) => isInCuba({ latitude: c.dispatchLatitude, longitude: c.dispatchLongitude }), {
    path: ["dispatchLatitude"],
    message: "admin.company.errors.outsideCuba",
  });

const auditView = ({ id: _id, ...company }: CompanyRow) => company;

/**
 * Saves the company record from its posted form. The logo, when a file is picked, is stored only
 * once every other field is valid; an empty logo field keeps the current one.
 */
export async function saveCompany(
  db: Db,
  deps: { media: MediaStore; actor: AuditActor },
  form: FormData,
): Promise<SaveResult> {
  const text = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  const parsed = parseWith(CompanyFormSchema, text);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };

  const [current] = await db.select().from(companyInfo).where(eq(companyInfo.id, 1)).limit(1);
  let logoUrl = current?.companyLogoUrl ?? "";
  const logo = form.get("logo");
  if (isPickedFile(logo)) {
    const stored = await storeUploadedImage(deps.media, "brand", logo);
    if (!stored.ok) {
      return {
        ok: false,
        errors: { logo: stored.error === "tooLarge" ? "admin.form.imageTooLarge" : "admin.form.imageNotImage" },
      };
    }
    logoUrl = stored.url;
  }

  const input = parsed.data;
  const values = { ...input, descriptionEn: input.descriptionEn || null, companyLogoUrl: logoUrl };
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(companyInfo)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: companyInfo.id, set: values })
      .returning();
    await recordAudit(tx as unknown as Db, {
      actor: deps.actor,
      action: "company.update",
      entity: "company",
      entityId: 1,
      before: current ? auditView(current) : undefined,
      after: auditView(row),
    });
  });
  invalidateCatalog(db);
  return { ok: true, id: 1 };
}
