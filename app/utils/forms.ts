/**
 * The answer to a posted body that is not a form (made by utils/forms.server.ts),
 * shared with the error page that shows it (components/route-error.tsx). A resource route (no page)
 * answers it as JSON, in the API's error style.
 */

/** The data of the 400 answered to an unreadable form: `error` is the message in the page's language. */
export type UnreadableFormData = { error: string; code: "unreadable_form" };

/** Whether a route error's data is the 400 of an unreadable form. */
export function isUnreadableForm(value: unknown): value is UnreadableFormData {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as UnreadableFormData).code === "unreadable_form" &&
    typeof (value as UnreadableFormData).error === "string"
  );
}
