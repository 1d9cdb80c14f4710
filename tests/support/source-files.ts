/**
 * The project's own source files, read as text, for tests that guard "one home per rule"
 * (docs/architecture.md, "Where is the rule for …"): a rule copied back into a second file fails.
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Where the app's rules live; tests, seed data and generated files are left out. */
const DIRS = ["app", "server", "content"];
const SKIP = /(\.test\.tsx?$|\/db\/seed\/|\/db\/migrations\/|\.react-router\/)/;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** Every source file (`.ts`, `.tsx`, `.md`) under app/, server/ and content/, relative to the root. */
export function sourceFiles(): string[] {
  return DIRS.flatMap((dir) => walk(path.join(ROOT, dir)))
    .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
    .filter((file) => /\.(tsx?|md)$/.test(file) && !SKIP.test(file))
    .sort();
}

/** The source files whose text matches `pattern`, relative to the root, sorted. */
export function sourceFilesMatching(pattern: RegExp): string[] {
  return sourceFiles().filter((file) => pattern.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
}
