// `npm run eval:chat`: the assistant's quality, measured (issue 11 point 7). Every question of
// evals/chat/questions.json is put to the offline engine, on a fresh in-memory PGlite with the demo
// seed; a reply is correct when it is in the expected language, contains every `mustContain`
// fact and none of the `mustNotContain` ones (lower-case, accents ignored). Prints the share
// correct and each miss with its reply. Exits 1 below EVAL_MIN (default 0.9).
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { seedDemoStore } from "~/db/seed/seed.server";
import { answerQuestion } from "~/features/chat/assistant.server";
import type { AssistantReply } from "~/features/chat/types";
import type { Language } from "~/i18n/languages";
import { getEnv } from "~/utils/env.server";
import { OTHER_ORDER, OWN_ORDER, insertEvalShoppers } from "../evals/chat/fixtures";

export type EvalQuestion = {
  id: string;
  lang: Language;
  question: string;
  setup?: { user: "withOrder" | "withoutOrder" };
  expect: { mustContain: string[]; mustNotContain?: string[]; language: Language };
};

const root = path.resolve(import.meta.dirname, "..");
export function loadQuestions(): EvalQuestion[] {
  const file = path.join(root, "evals", "chat", "questions.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { questions: EvalQuestion[] }).questions;
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "");
const fill = (s: string) => s.replaceAll("{OWN_ORDER}", OWN_ORDER).replaceAll("{OTHER_ORDER}", OTHER_ORDER);

/** Why a reply fails its expectations (empty when it is correct). */
export function judge(q: EvalQuestion, reply: AssistantReply): string[] {
  const text = fold(reply.text);
  const problems: string[] = [];
  if (reply.language !== q.expect.language) problems.push(`language ${reply.language}, expected ${q.expect.language}`);
  for (const fact of q.expect.mustContain)
    if (!text.includes(fold(fill(fact)))) problems.push(`missing "${fill(fact)}"`);
  for (const fact of q.expect.mustNotContain ?? [])
    if (text.includes(fold(fill(fact)))) problems.push(`contains "${fill(fact)}"`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("eval-chat.ts")) {
  const questions = loadQuestions();
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
    // A fixed morning in Havana (10:00), so that express is open and the replies do not depend on the hour.
    const now = () => new Date("2026-03-10T15:00:00Z");
    const misses: Array<{ q: EvalQuestion; problems: string[]; reply: string }> = [];
    for (const q of questions) {
      const reply = await answerQuestion(
        { db: database.db, env, now },
        {
          message: fill(q.question),
          pageLanguage: q.lang,
          history: [],
          userId: q.setup ? shoppers[q.setup.user] : null,
        },
      );
      const problems = judge(q, reply);
      if (process.env.EVAL_VERBOSE)
        console.log(`\n${q.id}: ${fill(q.question)}\n  [${reply.language}] ${reply.text.replace(/\n+/g, " | ")}`);
      if (problems.length > 0) misses.push({ q, problems, reply: reply.text });
    }
    const correct = questions.length - misses.length;
    const share = correct / questions.length;
    for (const miss of misses) {
      console.log(`\nMISS ${miss.q.id}: ${fill(miss.q.question)}`);
      console.log(`  ${miss.problems.join("; ")}`);
      console.log(`  reply: ${miss.reply.replace(/\n+/g, " | ")}`);
    }
    console.log(
      `\nAssistant evaluation (offline engine): ${correct}/${questions.length} correct (${(share * 100).toFixed(1)}%), ${misses.length} missed.`,
    );
    const min = Number(process.env.EVAL_MIN ?? 0.9);
    process.exitCode = share >= min ? 0 : 1;
  } finally {
    await database.close();
  }
}
