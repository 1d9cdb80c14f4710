// The assistant's reply time, offline (decision “The assistant works offline”), part of `npm run bench`; on its own:
// `node --import tsx bench/chat.ts`. Every question of evals/chat/questions.json is asked
// BENCH_CHAT_ROUNDS times (default 5) on a fresh in-memory PGlite with the demo seed, one at a
// time as one shopper would; the first round warms caches and is not counted. Prints p50, p95
// and max (target: p95 under 150 ms), and the same for the uncounted first round (cold search and
// catalogue caches, as after a restart). Figures are printed, never asserted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { seedDemoStore } from "~/db/seed/seed.server";
import { answerQuestion } from "~/features/chat/assistant.server";
import { getEnv } from "~/utils/env.server";
import { OTHER_ORDER, OWN_ORDER, insertEvalShoppers } from "../evals/chat/fixtures";
import { loadQuestions } from "../scripts/eval-chat";

const rounds = Math.max(2, Number(process.env.BENCH_CHAT_ROUNDS ?? 5));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n: number) => Math.round(n * 10) / 10;

const questions = loadQuestions();
const database = await openDatabase({ dataDir: null });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-bench-chat-"));
try {
  await database.migrate();
  await seedDemoStore(database.db, { media: null });
  const shoppers = await insertEvalShoppers(database.db);
  const env = { ...getEnv({ DATA_DIR: dataDir, SECRET_KEY: "bench-secret-key-0123456789" }), CHAT_LLM_URL: undefined };
  const times: number[] = [];
  const cold: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const q of questions) {
      const message = q.question.replaceAll("{OWN_ORDER}", OWN_ORDER).replaceAll("{OTHER_ORDER}", OTHER_ORDER);
      const start = performance.now();
      await answerQuestion(
        { db: database.db, env },
        { message, pageLanguage: q.lang, history: [], userId: q.setup ? shoppers[q.setup.user] : null },
      );
      (round > 0 ? times : cold).push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  cold.sort((a, b) => a - b);
  const row = (label: string, t: number[]) => ({
    "": label,
    replies: t.length,
    "p50 ms": ms(percentile(t, 50)),
    "p95 ms": ms(percentile(t, 95)),
    "max ms": ms(t.at(-1) ?? 0),
  });
  console.log(
    `\nChat assistant, offline, PGlite: ${times.length} replies (${questions.length} questions x ${rounds - 1} rounds after a warm-up)`,
  );
  console.table([row("warm (counted)", times), row("first round (cold caches)", cold)]);
  console.log("Target: p95 under 150 ms.");
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
