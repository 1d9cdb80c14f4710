// `npm run eval:chat`: the assistant's quality, measured (docs/development.md, "Evaluation sets"). Every
// question of evals/chat/questions.json is put to the offline engine, on a fresh in-memory PGlite
// with the demo seed; a reply is correct when it is in the expected language, contains every
// `mustContain` fact (an entry that is a list is met by any one of its strings) and none of the
// `mustNotContain` ones (lower-case, accents ignored). A question with `before` is the last turn of
// a conversation: the earlier shopper messages are asked first (their replies become the history)
// and only the last reply is judged. `at` sets the clock (default 10:00 in Havana, express open).
// Prints accuracy and p95 reply time for each half (dev, heldout); misses are listed for the dev
// half only — held-out misses are counted, never listed (docs/development.md "Evaluation sets").
// `--split dev|heldout|all` (default all); `--file evals/chat/scratch.json` runs a scratch set instead
// (split "scratch", never counted in either half, misses listed). Exits 1 when EVAL_MIN is set and the accuracy of the
// last half run is below it.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { seedDemoStore } from "~/db/seed/seed.server";
import { answerQuestion } from "~/features/chat/assistant.server";
import type { AssistantReply, ChatRole } from "~/features/chat/types";
import type { Language } from "~/i18n/languages";
import { getEnv } from "~/utils/env.server";
import { OTHER_ORDER, OWN_ORDER, insertEvalShoppers } from "../evals/chat/fixtures";
import { type Split, percentile, splitsFromArgs } from "../evals/split";

export type EvalQuestion = {
  id: string;
  split: Split | "scratch";
  /** Written before the split: always in the development half. */
  legacy?: boolean;
  lang: Language;
  question: string;
  setup?: { user: "withOrder" | "withoutOrder" };
  /** Earlier messages of the same shopper in this conversation, oldest first. */
  before?: string[];
  /** When the question is asked (ISO 8601); default DEFAULT_NOW. */
  at?: string;
  expect: { mustContain: Array<string | string[]>; mustNotContain?: string[]; language: Language };
};

/** A fixed morning in Havana (10:00 or 11:00 with summer time), so that express is open. */
export const DEFAULT_NOW = "2026-03-10T15:00:00Z";

const root = path.resolve(import.meta.dirname, "..");
export const CHAT_QUESTIONS_FILE = path.join(root, "evals", "chat", "questions.json");
/** Questions written to probe the assistant while tuning it: neither half, run only with `--file`. */
export const CHAT_SCRATCH_FILE = path.join(root, "evals", "chat", "scratch.json");
export function loadQuestions(file: string = CHAT_QUESTIONS_FILE): EvalQuestion[] {
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { questions: EvalQuestion[] }).questions;
}

/** `--file path`: run every question of another file (a scratch set) as one half, misses listed. */
function fileFromArgs(argv: readonly string[]): string | null {
  const i = argv.findIndex((a) => a === "--file" || a.startsWith("--file="));
  if (i < 0) return null;
  const value = argv[i].includes("=") ? argv[i].split("=")[1] : argv[i + 1];
  if (!value) throw new Error("--file needs a path");
  return path.resolve(value);
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
export const fill = (s: string) => s.replaceAll("{OWN_ORDER}", OWN_ORDER).replaceAll("{OTHER_ORDER}", OTHER_ORDER);

/** Why a reply fails its expectations (empty when it is correct). */
export function judge(q: EvalQuestion, reply: AssistantReply): string[] {
  const text = fold(reply.text);
  const problems: string[] = [];
  if (reply.language !== q.expect.language) problems.push(`language ${reply.language}, expected ${q.expect.language}`);
  for (const fact of q.expect.mustContain) {
    const options = (Array.isArray(fact) ? fact : [fact]).map(fill);
    if (!options.some((o) => text.includes(fold(o)))) problems.push(`missing "${options.join('" or "')}"`);
  }
  for (const fact of q.expect.mustNotContain ?? [])
    if (text.includes(fold(fill(fact)))) problems.push(`contains "${fill(fact)}"`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("eval-chat.ts")) {
  const file = fileFromArgs(process.argv.slice(2));
  const splits: Array<Split | "scratch"> = file ? ["scratch"] : splitsFromArgs(process.argv.slice(2));
  const questions = file ? loadQuestions(file).map((q) => ({ ...q, split: "scratch" as const })) : loadQuestions();
  const database = await openDatabase({ dataDir: null });
  try {
    await database.migrate();
    await seedDemoStore(database.db, { media: null });
    const shoppers = await insertEvalShoppers(database.db);
    // The offline engine is what is measured: no model, whatever the shell's environment says.
    const env = {
      ...getEnv({
        DATA_DIR: fs.mkdtempSync(path.join(process.env.TMPDIR ?? "/tmp", "eval-chat-")),
        SECRET_KEY: "eval-secret-key-0123456789",
      }),
      CHAT_LLM_URL: undefined,
    };
    const rows: Array<Record<string, string | number>> = [];
    let lastShare: number | null = null;
    for (const split of splits) {
      const asked = questions.filter((q) => q.split === split);
      const misses: Array<{ q: EvalQuestion; problems: string[]; reply: string }> = [];
      const times: number[] = [];
      for (const q of asked) {
        const deps = { db: database.db, env, now: () => new Date(q.at ?? DEFAULT_NOW) };
        const userId = q.setup ? shoppers[q.setup.user] : null;
        const history: Array<{ role: ChatRole; content: string }> = [];
        for (const earlier of q.before ?? []) {
          const message = fill(earlier);
          const reply = await answerQuestion(deps, { message, pageLanguage: q.lang, history: [...history], userId });
          history.push({ role: "user", content: message }, { role: "assistant", content: reply.text });
        }
        const start = performance.now();
        const reply = await answerQuestion(deps, { message: fill(q.question), pageLanguage: q.lang, history, userId });
        times.push(performance.now() - start);
        const problems = judge(q, reply);
        if (process.env.EVAL_VERBOSE && split !== "heldout")
          console.log(`\n${q.id}: ${fill(q.question)}\n  [${reply.language}] ${reply.text.replace(/\n+/g, " | ")}`);
        if (problems.length > 0) misses.push({ q, problems, reply: reply.text });
      }
      if (split !== "heldout") {
        for (const miss of misses) {
          const turns = [...(miss.q.before ?? []), miss.q.question].map(fill).join(" → ");
          console.log(`\nMISS ${miss.q.id}${miss.q.at ? ` (at ${miss.q.at})` : ""}: ${turns}`);
          console.log(`  ${miss.problems.join("; ")}`);
          console.log(`  reply: ${miss.reply.replace(/\n+/g, " | ")}`);
        }
      } else {
        console.log(`\n${split}: ${misses.length} missed (held-out misses are counted, never listed).`);
      }
      const correct = asked.length - misses.length;
      lastShare = asked.length === 0 ? 0 : correct / asked.length;
      rows.push({
        half: split,
        questions: asked.length,
        correct,
        accuracy: `${(lastShare * 100).toFixed(1)}%`,
        "p95 reply ms": Math.round(percentile(times, 95) * 10) / 10,
      });
    }
    console.log("\nAssistant evaluation (offline engine, demo store, PGlite in-process):");
    console.table(rows);
    const min = process.env.EVAL_MIN;
    process.exitCode = min && lastShare !== null && lastShare < Number(min) ? 1 : 0;
  } finally {
    await database.close();
  }
}
