/** The static pages' Markdown: to HTML for the page, and HTML back to text for the assistant. */
import { Marked, type Token, type Tokens, type TokensList } from "marked";

/** `## Title {#anchor}` gives the heading an id (the help centre's tiles jump to them). */
export const HEADING_ID = /\s*\{#([a-z][a-z0-9-]*)\}\s*$/;

export const markdown = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }: Tokens.Heading) {
      const inner = this.parser.parseInline(tokens);
      const id = HEADING_ID.exec(inner)?.[1];
      return `<h${depth}${id ? ` id="${id}"` : ""}>${inner.replace(HEADING_ID, "")}</h${depth}>\n`;
    },
  },
});

export function renderTokens(tokens: Token[], links: TokensList["links"]): string {
  return markdown.parser(Object.assign([...tokens], { links }));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', nbsp: " " };

/** HTML to plain text for the assistant: site links kept as `[label](/path)` (chat/types.ts). */
export function htmlToText(html: string): string {
  return html
    .replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_whole, href: string, label: string) =>
      href.startsWith("/") && !href.startsWith("//") ? `[${label}](${href})` : label,
    )
    .replace(/<li>/g, "\n- ")
    .replace(/<\/(p|h\d|li|ul|ol)>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(#\d+|\w+);/g, (whole, code: string) =>
      code.startsWith("#") ? String.fromCharCode(Number(code.slice(1))) : (ENTITIES[code] ?? whole),
    )
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
}
