import { data, redirect } from "react-router";
import type { NewsletterResult } from "~/components/newsletter-form";
import { appContext } from "~/context";
import { subscribeNewsletter } from "~/features/content/newsletter.server";
import { NewsletterSchema } from "~/features/content/schemas";
import type { TranslationKey } from "~/i18n/i18n";
import { localePath } from "~/i18n/links";
import { requireLanguage } from "~/i18n/require-language";
import type { Route } from "./+types/newsletter";
import { isDocumentRequest, safeRedirectPath, withSearchParam } from "./+shared/safe-redirect";
import { logger } from "~/utils/logger.server";
import { readForm } from "~/utils/forms.server";

/** Schema message keys to the `?newsletter=` flag of a submission made without JavaScript. */
const FLAG_OF: Record<string, string> = {
  "newsletter.email.required": "required",
  "newsletter.email.invalid": "invalid",
  "newsletter.email.tooLong": "tooLong",
  "newsletter.error": "error",
};

/**
 * decision “Newsletter” footer newsletter: validates with NewsletterSchema and stores the address (an address
 * already stored is thanked the same way). A fetcher gets `{ ok }` or the field error; a plain
 * form post (no JavaScript) is redirected back with `?newsletter=thanks` or the error's flag.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const lang = requireLanguage(request, params.lang);
  const { db } = context.get(appContext);
  const form = await readForm(request);
  const parsed = NewsletterSchema.safeParse({ email: form.get("email") ?? "" });

  let error: TranslationKey | null = null;
  if (!parsed.success) {
    error = (parsed.error.issues[0]?.message as TranslationKey | undefined) ?? "newsletter.email.invalid";
  } else {
    try {
      await subscribeNewsletter(db, parsed.data.email, lang);
    } catch (cause) {
      logger.error({ err: cause }, "Newsletter subscription failed");
      error = "newsletter.error";
    }
  }

  if (isDocumentRequest(request)) {
    const back = safeRedirectPath(form.get("redirectTo"), localePath(lang));
    const flag = error ? (FLAG_OF[error] ?? "invalid") : "thanks";
    return redirect(`${withSearchParam(back, "newsletter", flag)}#newsletter`, 303);
  }
  if (error) return data<NewsletterResult>({ ok: false, error }, { status: error === "newsletter.error" ? 500 : 400 });
  return data<NewsletterResult>({ ok: true });
}

export function loader({ request, params }: Route.LoaderArgs) {
  const lang = requireLanguage(request, params.lang);
  return redirect(localePath(lang));
}
