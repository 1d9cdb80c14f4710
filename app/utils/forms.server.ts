/**
 * How every page action reads its posted form: a body that is not a form (another
 * content type, a broken multipart, a cut-off upload) is a 400 with its own message in the page's
 * language — shown by the error page, or as JSON by a resource route — never a 500.
 */
import { data } from "react-router";
import { translate } from "~/i18n/i18n";
import { pageLanguage } from "~/i18n/links";
import { getMessages } from "~/i18n/messages.server";
import type { UnreadableFormData } from "./forms";

/** The posted form (multipart or urlencoded), or a thrown 400 for anything else. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    const lang = pageLanguage(new URL(request.url).pathname);
    const error = translate(getMessages(lang), lang, "error.unreadableForm");
    throw data<UnreadableFormData>({ error, code: "unreadable_form" }, { status: 400 });
  }
}
