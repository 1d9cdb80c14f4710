/** A static page's front matter: its title, description and date (content/pages/README.md). */
export type FrontMatter = { title: string; description: string; lastUpdated: string | null };

/**
 * The `---` block at the top of a file: one `key: value` per line (title, description,
 * lastUpdated as YYYY-MM-DD). Kept to what a person can write without knowing YAML.
 */
export function parseFrontMatter(source: string, file: string): { meta: FrontMatter; body: string } {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new Error(`${file}: the file must start with a --- block (title, description)`);
  const fields = new Map<string, string>();
  for (const line of match[1].split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const colon = line.indexOf(":");
    if (colon === -1) throw new Error(`${file}: front matter line without "key: value": ${line}`);
    const value = line
      .slice(colon + 1)
      .trim()
      .replace(/^(["'])(.*)\1$/, "$2");
    fields.set(line.slice(0, colon).trim(), value);
  }
  for (const key of fields.keys()) {
    if (!["title", "description", "lastUpdated"].includes(key)) throw new Error(`${file}: unknown field "${key}"`);
  }
  const title = fields.get("title");
  const description = fields.get("description");
  if (!title || !description) throw new Error(`${file}: title and description are required`);
  const lastUpdated = fields.get("lastUpdated") ?? null;
  if (lastUpdated !== null && !isIsoDate(lastUpdated)) {
    throw new Error(`${file}: lastUpdated must be a date written YYYY-MM-DD, not "${lastUpdated}"`);
  }
  return { meta: { title, description, lastUpdated }, body: source.slice(match[0].length) };
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
