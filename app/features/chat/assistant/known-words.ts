/**
 * The words the assistant's vocabulary spells out (vocabulary/*.json): every topic's keywords, the
 * words that ask for a product, and the rest. A typed word among them is never read as a typo of
 * another (text.ts), and intents.ts and product-asks.ts read clauses with them.
 */
import type { Keyword, Vocabulary as Known } from "./text";
import { TOPICS, VOCABULARY as V } from "./vocabulary";

const plainWords = (keywords: readonly Keyword[]) =>
  keywords.flatMap((k) => k.split(" ")).map((w) => w.replace(/\*$/, ""));

const ALL_TOPIC_KEYWORDS: readonly Keyword[] = TOPICS.flatMap((t) => [
  ...V.topics[t].strong,
  ...V.topics[t].weak,
  ...V.topics[t].together.flatMap(([a, b]) => [...a, ...b]),
]);
/** Each topic's strong and weak keywords. */
export const SINGLE_TOPIC_KEYWORDS: readonly Keyword[] = TOPICS.flatMap((t) => [
  ...V.topics[t].strong,
  ...V.topics[t].weak,
]);
/** Words that ask for a product or say something of one (its price, stock, colours, sizes…). */
export const PRODUCT_CUES: readonly Keyword[] = [
  ...V.productCues.ask,
  ...V.productCues.price,
  ...V.productCues.stock,
  ...V.productCues.cheap,
  ...V.productCues.biggest,
  ...V.productCues.brands,
  ...V.productCues.colors,
  ...V.productCues.contents,
  ...V.productCues.sizes,
];

/** Every word the vocabulary spells out: a typed word among them is never "corrected". */
export const KNOWN: Known = new Set(
  plainWords([
    ...ALL_TOPIC_KEYWORDS,
    ...PRODUCT_CUES,
    ...V.orderWords,
    ...V.tracking,
    ...V.hypothetical,
    ...V.futureOrder,
    ...V.injection,
    ...V.offTopic,
    ...V.greetings,
    ...V.thanks,
    ...V.fillers,
    ...V.known,
  ]),
);
