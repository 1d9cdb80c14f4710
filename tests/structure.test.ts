import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Issue 25 point 3: small files with one job. No source module is over MAX_LINES lines, except
// the demo seed's data and the message catalogues (data, not code), and the files listed in
// SHRINKING below, which are still to be split: each may only get shorter, and leaves the list
// once it is under the limit. A new long file, or a listed one that grows, fails this test.

const MAX_LINES = 400;
const root = path.resolve(import.meta.dirname, "..");

/** Data, not code: the demo catalogue and the message catalogues. */
const DATA = [/^app\/db\/seed\/data\//, /^app\/i18n\/(es|en)\.ts$/, /^app\/i18n\/parts\//];

/** Files still over the limit, with the most lines each may have until it is split. */
const SHRINKING: Record<string, number> = {
  "app/db/schema.ts": 524,
};

/** The repository's source modules (tests and test support left out). */
function sourceFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "app", "server", "scripts", "bench"], {
    cwd: root,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file))
    .filter((file) => !/\.test\.ts$/.test(file) && !DATA.some((data) => data.test(file)))
    .filter((file) => fs.existsSync(path.join(root, file)));
}

const lineCount = (file: string) => fs.readFileSync(path.join(root, file), "utf8").split("\n").length - 1;

describe("issue 25 point 3: small files with one job", () => {
  const files = sourceFiles();

  it(`no source module is over ${MAX_LINES} lines, beyond the listed ones still to be split`, () => {
    const long = files
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ file, lines }) => lines > (SHRINKING[file] ?? MAX_LINES));
    expect(long).toEqual([]);
  });

  it("lists no file that is already short enough or gone (the list only shrinks)", () => {
    const stale = Object.keys(SHRINKING).filter((file) => !files.includes(file) || lineCount(file) <= MAX_LINES);
    expect(stale).toEqual([]);
  });
});
