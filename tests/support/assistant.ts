/** What the assistant's tests share: the clock they ask at, how replies are compared, earlier turns. */

/** 10:00 in Havana: express still open. */
export const MORNING = () => new Date("2026-03-10T15:00:00Z");

/** Lower case, accents removed: replies are compared as the evaluation compares them. */
export const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");

/** The shopper's earlier messages as a conversation's history, each with a reply between them. */
export const historyOf = (before: readonly string[] = []) =>
  before.flatMap((content) => [
    { role: "user" as const, content },
    { role: "assistant" as const, content: "…" },
  ]);
