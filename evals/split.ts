/**
 * The development / held-out split of the evaluation sets. An item belongs to
 * the development half when the first byte of the SHA-256 of its id (UTF-8) is even, else to the
 * held-out half; the chat questions written before the split (marked `legacy`) are always
 * development. Rules and synonyms are tuned on the development half only; the held-out half is run
 * only to measure, and its failures are counted, never listed.
 */
import { createHash } from "node:crypto";

export type Split = "dev" | "heldout";
export const SPLITS: readonly Split[] = ["dev", "heldout"];

/**
 * Chat questions written as unseen batches, measured once, then tuned on (id prefixes `s2-` to `s8-`,
 * `s10-` to `s44-`): they are development questions whatever their hash, so the held-out half stays unseen.
 */
export const TUNED_PREFIXES: readonly string[] = [
  "s2-",
  "s3-",
  "s4-",
  "s5-",
  "s6-",
  "s7-",
  "s8-",
  "s10-",
  "s11-",
  "s12-",
  "s13-",
  "s14-",
  "s15-",
  "s16-",
  "s17-",
  "s18-",
  "s19-",
  "s20-",
  "s21-",
  "s22-",
  "s23-",
  "s24-",
  "s25-",
  "s26-",
  "s27-",
  "s28-",
  "s29-",
  "s30-",
  "s31-",
  "s32-",
  "s33-",
  "s34-",
  "s35-",
  "s36-",
  "s37-",
  "s38-",
  "s39-",
  "s40-",
  "s41-",
  "s42-",
  "s43-",
  "s44-",
];

/** The half a chat question belongs to: dev when legacy or tuned on, else by the hash rule. */
export function chatSplitOf(id: string, legacy = false): Split {
  return legacy || TUNED_PREFIXES.some((prefix) => id.startsWith(prefix)) ? "dev" : splitOf(id);
}

/** The half an item with this id belongs to by the hash rule. */
export function splitOf(id: string): Split {
  return createHash("sha256").update(id, "utf8").digest()[0] % 2 === 0 ? "dev" : "heldout";
}

/** The halves a runner was asked for with `--split dev|heldout|all` (default all). */
export function splitsFromArgs(argv: readonly string[]): Split[] {
  const i = argv.findIndex((a) => a === "--split" || a.startsWith("--split="));
  if (i < 0) return [...SPLITS];
  const value = argv[i].includes("=") ? argv[i].split("=")[1] : argv[i + 1];
  if (value === "all") return [...SPLITS];
  if (value === "dev" || value === "heldout") return [value];
  throw new Error(`--split must be dev, heldout or all (got ${value ?? "nothing"})`);
}

/** The p-th percentile (nearest rank) of some figures. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
