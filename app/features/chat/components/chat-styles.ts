/** The chat's focus ring, and the not-allowed cursor of a control that waits for a reply. */
export const CHAT_FOCUS =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed";
