/**
 * Content forms shared by the browser and the server (docs/style.md: one zod schema per form; messages
 * are translation keys, translated when shown).
 */
import { z } from "zod";
import { textInput } from "~/utils/text";

/** RFC 5321 caps a forward path at 256 octets including the brackets: 254 for the address. */
export const MAX_EMAIL_LENGTH = 254;

/** The footer newsletter box (§2.4, decision “Newsletter”). The address is trimmed and lower-cased before checks. */
export const NewsletterSchema = z.object({
  email: textInput({ error: "newsletter.email.required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "newsletter.email.required" })
    .max(MAX_EMAIL_LENGTH, { error: "newsletter.email.tooLong" })
    .email({ error: "newsletter.email.invalid" }),
});

export type NewsletterInput = z.infer<typeof NewsletterSchema>;
