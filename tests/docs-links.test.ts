import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The repo explains itself (docs/style.md, "Comments"): source comments point at docs that exist,
// never at issue numbers or a missing STYLE.md, and every page of app/routes.ts is in the map.

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

const sources = execFileSync("git", ["ls-files", "app", "server", "scripts", "bench"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !/\.test\.tsx?$/.test(file));

/** The comment text of a line: after `//` (not a URL's), or a block comment's line. */
function commentOf(line: string): string {
  const block = /^\s*(\/\*|\*)/.test(line) ? line : null;
  const trailing = /(?<![:"'`\w])\/\/(.*)$|\/\*(.*)$/.exec(line);
  return block ?? (trailing ? (trailing[1] ?? trailing[2] ?? "") : "");
}

const comments = sources.flatMap((file) =>
  read(file)
    .split("\n")
    .map((line, i) => ({ where: `${file}:${i + 1}`, text: commentOf(line) }))
    .filter(({ text }) => text !== ""),
);

describe("docs links", () => {
  it("no source comment cites an issue number or STYLE.md", () => {
    const bad = comments.filter(({ text }) => /\bissue \d+/i.test(text) || text.includes("STYLE.md"));
    expect(bad.map(({ where, text }) => `${where}: ${text.trim()}`)).toEqual([]);
  });

  it("every docs/ path a source comment cites exists", () => {
    const cited = comments.flatMap(({ where, text }) =>
      [...text.matchAll(/\bdocs\/[\w./-]*\w\.md\b/g)].map((m) => ({ where, doc: m[0] })),
    );
    expect(cited.filter(({ doc }) => !fs.existsSync(path.join(root, doc)))).toEqual([]);
  });

  it("every route module of app/routes.ts is in docs/architecture.md's page table", () => {
    const modules = new Set([...read("app/routes.ts").matchAll(/"(routes\/[^"]+\.tsx?)"/g)].map((m) => `app/${m[1]}`));
    const table = read("docs/architecture.md").split("## Where is the page for")[1]?.split("\n## ")[0] ?? "";
    const named = new Set<string>();
    for (const row of table.split("\n").filter((line) => line.startsWith("|"))) {
      let dir = "";
      for (const [, file] of (row.split("|")[2] ?? "").matchAll(/`([^`]+\.tsx?)`/g)) {
        if (file.includes("/")) dir = file.slice(0, file.lastIndexOf("/") + 1);
        named.add(file.includes("/") ? file : dir + file);
      }
    }
    expect([...modules].filter((file) => !named.has(file))).toEqual([]);
  });
});
