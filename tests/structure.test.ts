import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Small files with one job (docs/architecture.md, "Import direction"): no source module is over
// MAX_LINES lines, except the demo seed's data and the message catalogues (data, not code).

const MAX_LINES = 400;
const root = path.resolve(import.meta.dirname, "..");

/** Data, not code: the demo catalogue and the message catalogues. */
const DATA = [/^app\/db\/seed\/data\//, /^app\/i18n\/(es|en)\.ts$/, /^app\/i18n\/parts\//];

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

  it(`no source module is over ${MAX_LINES} lines`, () => {
    const long = files.map((file) => ({ file, lines: lineCount(file) })).filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
