/**
 * Reads an assistant reply (plain text, `features/chat/types.ts`) into lines of text and links, for
 * the chat bubbles (§2.20). `[label](/path)` becomes a link only when the target is a path
 * of this site: it starts with exactly one `/` and holds no backslash, control character or space.
 * Anything else (`javascript:`, `//host`, `https://…`) stays as the plain text it was written as.
 * Nothing is ever parsed as HTML: React renders each piece as text. Browser-safe.
 */

export type ReplyPiece = { kind: "text"; text: string } | { kind: "link"; label: string; href: string };

/** Longest label and target read as a link; longer ones stay text. */
const MAX_LABEL = 200;
const MAX_HREF = 500;

const LINK = /\[([^[\]\n]+)\]\(([^()\s]+)\)/g;

/** Whether `href` is a path of this site (`/es/product/12`, `/en/help-center#returns`). */
export function isSitePath(href: string): boolean {
  return (
    href.length <= MAX_HREF &&
    href.startsWith("/") &&
    !href.startsWith("//") &&
    !href.includes("\\") &&
    !/[\p{Cc}\s]/u.test(href)
  );
}

/** One line of a reply as text and link pieces. */
function readLine(line: string): ReplyPiece[] {
  const pieces: ReplyPiece[] = [];
  let at = 0;
  const text = (value: string) => {
    if (!value) return;
    const last = pieces.at(-1);
    if (last?.kind === "text") last.text += value;
    else pieces.push({ kind: "text", text: value });
  };
  for (const match of line.matchAll(LINK)) {
    const [whole, label, href] = match;
    text(line.slice(at, match.index));
    if (label.trim() && label.length <= MAX_LABEL && isSitePath(href)) {
      pieces.push({ kind: "link", label: label.trim(), href });
    } else {
      text(whole);
    }
    at = match.index + whole.length;
  }
  text(line.slice(at));
  return pieces;
}

/** The reply's lines (split at line breaks), each as pieces; an empty line is an empty array. */
export function readReply(reply: string): ReplyPiece[][] {
  return reply.split(/\r\n|\r|\n/).map(readLine);
}
