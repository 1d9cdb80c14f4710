/**
 * The back office's home carousel (spec §2.5, §3 Slide): the slides in order,
 * create and edit every column with an image, move up and down, switch on and off. Every change is
 * audited in its own transaction and drops the storefront's memo (getSlides shares the catalogue's).
 */
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/db/client.server";
import { slides } from "~/db/schema/content";
import { invalidateCatalog } from "~/features/catalog/catalog-cache.server";
import type { MediaStore } from "~/features/media/store.server";
import { isPickedFile, storeUploadedImage } from "~/features/media/upload.server";
import { PHONE_MIN_DIGITS } from "~/features/providers/schemas";
import { type AuditActor, recordAudit } from "~/features/audit/audit.server";
import type { SaveResult } from "~/features/catalog/categories-admin.server";
import {
  type MoveDirection,
  checkbox,
  movedOrder,
  optionalText,
  parseWith,
  requiredText,
} from "~/features/admin/forms.server";

export type SlideRow = typeof slides.$inferSelect;

export const SLIDE_LIMITS = { title: 120, subtitle: 240, link: 500, phone: 30, message: 500 } as const;

/** A link's scheme that may never be followed from the store's page (script or local content). */
const UNSAFE_SCHEME = /^(javascript|data|vbscript|file|blob|about|http):/i;

/** An https URL with a host: what the store links to outside itself. */
export function isHttpsUrl(text: string): boolean {
  if (!/^https:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    return new URL(text).hostname.length > 0;
  } catch {
    return false;
  }
}

/** A path on this site: starts with one `/` (not `//`, another host), no spaces or backslashes. */
export function isSitePath(text: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(text);
}

/**
 * A phone number as the store writes them everywhere (the seller form's rule): digits, spaces,
 * `+ ( ) . -`, and at least PHONE_MIN_DIGITS digits.
 */
export function isPhone(text: string): boolean {
  return /^[\d\s+().-]*$/.test(text) && text.replace(/\D/g, "").length >= PHONE_MIN_DIGITS;
}

/** The text fields of the slide form, every column of §3 Slide except the image and position. */
export const SlideFormSchema = z
  .object({
    title: requiredText(SLIDE_LIMITS.title),
    titleEn: optionalText(SLIDE_LIMITS.title),
    subtitle: optionalText(SLIDE_LIMITS.subtitle),
    subtitleEn: optionalText(SLIDE_LIMITS.subtitle),
    link: optionalText(SLIDE_LIMITS.link).refine((v) => v === "" || isSitePath(v) || isHttpsUrl(v), {
      message: "admin.slides.errors.link",
    }),
    // An app's own scheme (`myapp://…`, `market://…`) or an https store link; never a script.
    appLink: optionalText(SLIDE_LIMITS.link).refine(
      (v) => v === "" || isHttpsUrl(v) || (/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(v) && !UNSAFE_SCHEME.test(v)),
      { message: "admin.slides.errors.appLink" },
    ),
    hasWhatsapp: checkbox,
    phoneNumber: optionalText(SLIDE_LIMITS.phone),
    whatsappMessage: optionalText(SLIDE_LIMITS.message),
    active: checkbox,
  })
  .superRefine((slide, ctx) => {
    if (slide.phoneNumber !== "" && !isPhone(slide.phoneNumber)) {
      ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: "admin.slides.errors.phone" });
    } else if (slide.hasWhatsapp && slide.phoneNumber === "") {
      ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: "admin.slides.errors.phoneRequired" });
    }
  });

/** Every slide, active or not, in carousel order. */
export function listSlides(db: Db): Promise<SlideRow[]> {
  return db.select().from(slides).orderBy(asc(slides.position), asc(slides.id));
}

/** One slide, or null. */
export async function getSlideForEdit(db: Db, id: number): Promise<SlideRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.select().from(slides).where(eq(slides.id, id)).limit(1);
  return row ?? null;
}

const auditView = ({ id: _id, ...slide }: SlideRow) => slide;

/**
 * Creates (no `id`, image required, placed last) or updates a slide from its posted form. The
 * image is stored only when every other field is valid; a refusal stores nothing.
 */
export async function saveSlide(
  db: Db,
  deps: { media: MediaStore; actor: AuditActor },
  form: FormData,
  id?: number,
): Promise<SaveResult> {
  const before = id === undefined ? null : await getSlideForEdit(db, id);
  if (id !== undefined && !before) return { ok: false, errors: { form: "admin.form.notFound" } };

  const text = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  const parsed = parseWith(SlideFormSchema, text);
  const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
  const image = form.get("image");
  const picked = isPickedFile(image);
  if (!before && !picked) errors.image = "admin.slides.errors.imageRequired";
  if (!parsed.ok || Object.keys(errors).length > 0) return { ok: false, errors };

  let imageUrl = before?.imageUrl ?? "";
  if (picked) {
    const stored = await storeUploadedImage(deps.media, "slides", image);
    if (!stored.ok) {
      return {
        ok: false,
        errors: { image: stored.error === "tooLarge" ? "admin.form.imageTooLarge" : "admin.form.imageNotImage" },
      };
    }
    imageUrl = stored.url;
  }

  const input = parsed.data;
  const values = {
    title: input.title,
    titleEn: input.titleEn || null,
    subtitle: input.subtitle,
    subtitleEn: input.subtitleEn || null,
    imageUrl,
    link: input.link || null,
    appLink: input.appLink || null,
    hasWhatsapp: input.hasWhatsapp,
    phoneNumber: input.phoneNumber,
    whatsappMessage: input.whatsappMessage,
    active: input.active,
  };
  const savedId = await db.transaction(async (tx) => {
    let row: SlideRow;
    if (before) {
      [row] = await tx.update(slides).set(values).where(eq(slides.id, before.id)).returning();
    } else {
      const [{ max }] = await tx.select({ max: sql<number | null>`max(${slides.position})` }).from(slides);
      [row] = await tx
        .insert(slides)
        .values({ ...values, position: Number(max ?? 0) + 1 })
        .returning();
    }
    await recordAudit(tx as unknown as Db, {
      actor: deps.actor,
      action: before ? "slide.update" : "slide.create",
      entity: "slide",
      entityId: row.id,
      before: before ? auditView(before) : undefined,
      after: auditView(row),
    });
    return row.id;
  });
  invalidateCatalog(db);
  return { ok: true, id: savedId };
}

/**
 * Moves a slide one place up or down and renumbers every slide 1..n in one transaction, audited.
 * False when the slide does not exist or cannot move that way: nothing changes then.
 */
export async function moveSlide(db: Db, actor: AuditActor, id: number, direction: MoveDirection): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const moved = await db.transaction(async (tx) => {
    const all = await tx
      .select({ id: slides.id })
      .from(slides)
      .orderBy(asc(slides.position), asc(slides.id))
      .for("update");
    const ids = all.map((s) => s.id);
    const order = movedOrder(ids, ids.indexOf(id), direction);
    if (!order) return false;
    for (const [index, slideId] of order.entries()) {
      await tx
        .update(slides)
        .set({ position: index + 1 })
        .where(eq(slides.id, slideId));
    }
    await recordAudit(tx as unknown as Db, {
      actor,
      action: "slide.reorder",
      entity: "slide",
      entityId: id,
      before: { order: all.map((s) => s.id) },
      after: { order },
    });
    return true;
  });
  if (moved) invalidateCatalog(db);
  return moved;
}
