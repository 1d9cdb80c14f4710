/**
 * What a question is about (decision “The assistant works offline”), read by meaning rather than by the first
 * keyword that matches. The message is cut into clauses ('¿cuánto es el envío y cómo se paga?' is
 * two questions); in each clause every store topic is scored with the vocabulary of
 * vocabulary/*.json (strong and weak keywords, pairs that mean something together, typos
 * forgiven, see text.ts), and the best topics of each clause are what the question asks. A clause
 * that a topic carries is not a product search, whatever product-like word it holds ('el split trae
 * garantía?'); only the words of the other clauses, without cues and fillers, are searched. An
 * order named in a hypothetical ('si tengo un problema con mi pedido…', 'if I place an order…') or
 * with an indefinite article ('un pedido', unless 'tengo un pedido') is not the asker's order.
 * Numbers are read: a number of things ('15 jabones') can ask the wholesale price, an amount ('60
 * dólares') asks no exchange rate, a distance ('a 5 km') is priced. Also read: the time of day the shopper states, a leading
 * question's false premise, attempts to change the rules and subjects the store does not cover.
 */
import { WHOLESALE_MIN_UNITS } from "~/features/content/policy";
import { findOrderId, isOrderId } from "~/features/orders/order-id";
import { type Analysis, type Clause, TOPICAL_SCORE } from "./analysis";
import { conversionOf, distanceOf } from "./figures";
import { basketOf } from "./free-shipping";
import { falsePremiseOf } from "./premise";
import { statedTime } from "./stated-time";
import { splitClauses, spelledOut } from "./clauses";
import { useProductsOf, withoutUses } from "./uses";
import { type Keyword, type Vocabulary as Known, coveredBy, findKeyword } from "./text";
import { amounts, isTimeWord, quantities, timeAgo } from "./counted";
import { fillerCovered } from "./fillers";
import { isVerbForm } from "./verb-forms";
import { afterSupposition, isPersonal } from "./order-mentions";
import { namesAThing, sentApart } from "./sent-things";
import { askedAfter, askedNames, asProductAsked, pricedInCurrency } from "./product-asks";
import { BULK_CUE, QUANTITY_CUE, TOPICS, type Topic, VOCABULARY } from "./vocabulary";
import { KNOWN, PRODUCT_CUES, SINGLE_TOPIC_KEYWORDS } from "./known-words";

export { TOPICS, type Topic };

const V = VOCABULARY;

export { TOPICAL_SCORE };
/** Topics answered in one reply at most. */
const MAX_MAIN_TOPICS = 3;
/** Messages this short with nothing of their own continue the conversation ('¿y exprés?'). */
const FOLLOW_UP_MAX_WORDS = 4;

/** The words of the 'together' pairs met in a clause: a pair's word alone ('cambio') is the shopper's own word. */
function completePairs(typed: readonly string[], known: Known): Keyword[] {
  return TOPICS.flatMap((t) =>
    V.topics[t].together
      .filter(([a, b]) => has(typed, a, known) && has(typed, b, known))
      .flatMap(([a, b]) => [...a, ...b]),
  );
}
/**
 * A keyword's positions; QUANTITY_CUE is found where a number of things is said ('15 jabones'),
 * BULK_CUE where that number reaches the wholesale price, said of things in the plural.
 */
function find(typed: readonly string[], keyword: Keyword, known: Known): number[] {
  if (keyword === QUANTITY_CUE) return quantities(typed);
  // A plural follows a number of things ('12 jabones', '20 bags'), not a model number ('iphone 13 pro').
  if (keyword === BULK_CUE)
    return quantities(typed).filter((i) => Number(typed[i]) >= WHOLESALE_MIN_UNITS && /s$/.test(typed[i + 1] ?? ""));
  return findKeyword(typed, keyword, known);
}

function has(typed: readonly string[], keywords: readonly Keyword[], known: Known): boolean {
  return keywords.some((k) => find(typed, k, known).length > 0);
}

function positions(typed: readonly string[], keywords: readonly Keyword[], known: Known): number[] {
  return keywords.flatMap((k) => find(typed, k, known));
}

const PURPOSE: ReadonlySet<string> = new Set(V.purposeWords);

/** What a masked word is replaced by for scoring: matches no keyword. */
const MASKED = "#";

/**
 * Score of one topic in a clause: strong 2, weak 1, a pair found together 3. A keyword found only
 * inside a longer one of the same topic is not counted again ('me registro' is one cue, not two
 * with 'registr*'; 'real person' is not 'person' too).
 */
function topicScore(typed: readonly string[], topic: Topic, known: Known): number {
  const { strong, weak, together } = V.topics[topic];
  const found = [...strong.map((k) => ({ k, weight: 2 })), ...weak.map((k) => ({ k, weight: 1 }))].flatMap(
    ({ k, weight }) => {
      const at = find(typed, k, known);
      return at.length > 0 ? [{ at, size: k.split(" ").length, weight }] : [];
    },
  );
  const inside = (p: number, size: number) =>
    found.some((o) => o.size > size && o.at.some((q) => q <= p && p + size <= q + o.size));
  const single = found.filter((f) => f.at.some((p) => !inside(p, f.size))).reduce((n, f) => n + f.weight, 0);
  const pairs = together.filter(([a, b]) => has(typed, a, known) && has(typed, b, known)).length;
  return single + 3 * pairs;
}

/**
 * A clause after 'y' / 'and' this short, or one that leaves no word of its own ('and how much does
 * it cost?'), may leave its noun to the one before ('delivery time and cost?').
 */
const ELLIPSIS_WORDS = 2;

/** Whether the words hold any keyword of the topic, a pair's half included ('precio', 'cost'). */
function mentions(typed: readonly string[], topic: Topic, known: Known): boolean {
  const { strong, weak, together } = V.topics[topic];
  return has(typed, [...strong, ...weak, ...together.flat(2)], known);
}

/**
 * Reads the clauses; one that names no topic alone is read with the words of the clause before it,
 * and takes the topic that adds, when it is short or empty and joined by 'y' / 'and' ('delivery
 * time and cost?' asks the delivery cost too) or when the clause before names no topic either (the
 * two halves of a pair: 'if I buy 12 bags, do I get a better price?'). 'tienen arroz y a cuánto?'
 * stays a product question.
 */
function readClauses(message: string, known: Known): Clause[] {
  const read: Clause[] = [];
  // The topic a clause's words gain when read with another's, and that the other does not have already.
  const gained = (own: string[], all: string[], other: Clause): [Topic, number] | null => {
    const whole = readClause(all, known).scores;
    const found = Object.entries(whole)
      .filter(([t, n]) => n >= TOPICAL_SCORE && !other.best.includes(t as Topic) && mentions(own, t as Topic, known))
      .sort((a, b) => b[1] - a[1])[0];
    return found ? [found[0] as Topic, found[1]] : null;
  };
  const taking = (c: Clause, [topic, score]: [Topic, number]): Clause => ({
    ...c,
    scores: { [topic]: score },
    best: [topic],
    bestScore: score,
  });
  for (const { words: typed, joined, asked } of splitClauses(message)) {
    const clause = { ...readClause(typed, known), asked };
    const before = read.at(-1);
    // 'If I buy 12 bags of rice, do I get a better price?': the other half of a pair, said in the clause before.
    const completes = before !== undefined && before.bestScore === 0;
    const elliptic = joined && (typed.length <= ELLIPSIS_WORDS || clause.leftover.length === 0);
    if (
      before &&
      (clause.bestScore === 0 || (elliptic && clause.bestScore < TOPICAL_SCORE)) &&
      (elliptic || completes)
    ) {
      const added = gained(typed, [...before.words, ...typed], before);
      if (added) {
        read.push(taking(clause, added));
        continue;
      }
    }
    // 'precio y demora del envío?': a short ask before 'y' leaves its noun to the clause after.
    if (before && joined && clause.bestScore >= TOPICAL_SCORE && before.bestScore < TOPICAL_SCORE) {
      const added =
        before.words.length <= ELLIPSIS_WORDS ? gained(before.words, [...before.words, ...typed], clause) : null;
      if (added) read[read.length - 1] = taking(before, added);
    }
    read.push(clause);
  }
  return afterSupposition(withOrderContext(read, known), known);
}

/**
 * 'I placed an order but I need to change the address': the order one clause names is what the
 * others speak of. A clause without an order word is read again with it, and takes the topic that
 * gains a pair by it ('change' + 'order' asks to modify it).
 */
function withOrderContext(read: Clause[], known: Known): Clause[] {
  const named = read.find((c) => c.orderCue);
  if (!named) return read;
  const orderWord = named.words[Math.min(...positions(named.words, V.orderWords, known))];
  return read.map((c) => {
    if (c.orderCue || orderWord === undefined) return c;
    const again = readClause([...c.words, orderWord], known);
    const top = again.best[0];
    const gained = top !== undefined && !c.best.includes(top) && again.bestScore - (c.scores[top] ?? 0) >= 3;
    return gained ? { ...c, scores: again.scores, best: again.best, bestScore: again.bestScore } : c;
  });
}

/** Reads one clause; the `productNames` given name products here, not topics ('el teléfono más barato'). */
function readClause(typed: string[], known: Known, productNames: ReadonlySet<string> = new Set()): Clause {
  const amount = amounts(typed);
  // The currency of an amount names no topic ('and if I spend 60 dollars?' is no exchange-rate
  // question), nor does a time gone by ('I signed up two hours ago' asks no opening hours).
  const past = timeAgo(typed);
  const scoring = typed.map((w, i) => (amount[i] || past[i] || productNames.has(w) ? MASKED : w));
  const scored = TOPICS.map((topic) => ({ topic, score: topicScore(scoring, topic, known) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic));
  const bestScore = scored[0]?.score ?? 0;
  const best = scored.filter((s) => s.score === bestScore).map((s) => s.topic);
  // 'si compro hoy, ¿cuándo me lo traen?': the delivery-time answer says what express does today too.
  const delivery = scored.find((s) => s.topic === "deliveryTime");
  if (best.includes("express") && !best.includes("deliveryTime") && delivery && delivery.score >= bestScore - 2)
    best.unshift("deliveryTime");
  const cue = coveredBy(typed, PRODUCT_CUES, known);
  const topicWords = coveredBy(scoring, [...SINGLE_TOPIC_KEYWORDS, ...completePairs(scoring, known)], known);
  const orderWords = coveredBy(typed, V.orderWords, known);
  const fillers = fillerCovered(typed);
  const kept = typed.map(
    (w, i) =>
      !cue[i] &&
      !topicWords[i] &&
      !orderWords[i] &&
      !fillers[i] &&
      !amount[i] &&
      !isOrderId(w) &&
      // 'quiero coger 10 pa revender': a verb is no product's name, unless the store's names hold it.
      !(isVerbForm(w) && !known.catalogue?.has(w)),
  );
  const leftover = typed.filter((_, i) => kept[i]);
  const purposeAt = typed.findIndex((w, i) => i > 0 && PURPOSE.has(w));
  // 'quiero vender mis cosas' speaks of the seller's goods, not of an order.
  const selling = scored.some((s) => s.topic === "seller" && s.score === bestScore);
  const orderAt = selling ? [] : positions(typed, V.orderWords, known);
  const orderCue = orderAt.length > 0;
  return {
    words: typed,
    scores: Object.fromEntries(scored.map((s) => [s.topic, s.score])),
    best,
    bestScore,
    productCue: cue.some(Boolean),
    leftover,
    head: purposeAt < 0 ? leftover : typed.filter((_, i) => kept[i] && i < purposeAt),
    orderCue,
    personalOrder: orderCue && isPersonal(typed, orderAt, known, amount.some(Boolean)),
    myOrder: orderAt.some((p) => p > 0 && V.possessives.includes(typed[p - 1])),
  };
}

/**
 * '¿tienen combos de comida para mandarle a la familia?': a clause that asks for a product the
 * catalogue names, then says what for, is two: the product asked (no topic of its own) and the
 * purpose's topic.
 */
function atPurpose(clause: Clause, known: Known, catalogueWords: ReadonlySet<string>): Clause[] {
  if (clause.bestScore < TOPICAL_SCORE) return [clause];
  const at = clause.words.findIndex((w, i) => i > 0 && PURPOSE.has(w));
  if (at < 0) return [clause];
  const asked = readClause(clause.words.slice(0, at), known);
  const named = asked.leftover.some((w) => namesAThing(w, known, catalogueWords));
  // The ask may come after the purpose ('tylenol for my grandma, u have it?').
  // 'laptop pa mi hijo en Santiago': a thing said alone before its purpose is asked for too.
  const alone = asked.leftover.length === at;
  if (asked.bestScore > 0 || !named || !(alone || has(clause.words, V.productCues.ask, known))) return [clause];
  return [{ ...asked, productCue: true }, readClause(clause.words.slice(at), known)];
}

/** Reads the question (see the module comment); `catalogueWords` are never typo-corrected. */
export function analyse(message: string, catalogueWords: ReadonlySet<string> = new Set()): Analysis {
  const typed = spelledOut(message);
  const known: Known =
    catalogueWords.size === 0
      ? KNOWN
      : { has: (w: string) => KNOWN.has(w) || catalogueWords.has(w), catalogue: catalogueWords };
  const read = readClauses(message, known);
  const clauses = askedAfter(
    read
      .map((c) =>
        pricedInCurrency(
          asProductAsked(c, known, catalogueWords, read, (w, names) => readClause(w, known, names)),
          known,
          catalogueWords,
        ),
      )
      .flatMap((c) => atPurpose(c, known, catalogueWords))
      .flatMap((c) => sentApart(c, known, (w) => readClause(w, known), catalogueWords)),
  );
  const strongest = Math.max(0, ...clauses.map((c) => c.bestScore));
  const carrying = clauses.filter((c) => c.bestScore > 0 && c.bestScore >= Math.min(TOPICAL_SCORE, strongest));
  const askedFirst = [...carrying.filter((c) => c.asked), ...carrying.filter((c) => !c.asked)];
  const time = statedTime(message);
  const offTopic = has(typed, V.offTopic, known);
  // A weak hint is no store question when the message is about something else ('¿quién gana hoy?').
  let mainTopics =
    offTopic && strongest < TOPICAL_SCORE
      ? []
      : // Each clause's own best topic first: 'pressure cookers? how much to ship to Playa and can I pay by card' asks the payment too.
        // The clauses a '?' ends first: 'hice un pedido… pero me arrepentí, ¿se puede anular todavía?' asks to cancel.
        [...new Set([...askedFirst.map((c) => c.best[0]), ...askedFirst.flatMap((c) => c.best)])].slice(
          0,
          MAX_MAIN_TOPICS,
        );
  // 'quién ganó anoche, Industriales o Santiago?': a place alone, beside what the store does not cover, asks no delivery.
  if (offTopic && strongest <= TOPICAL_SCORE && mainTopics.join() === "deliveryArea") mainTopics = [];
  const ownTopics = mainTopics.length > 0;
  const totals = new Map<Topic, number>();
  for (const c of clauses)
    for (const [t, s] of Object.entries(c.scores)) totals.set(t as Topic, (totals.get(t as Topic) ?? 0) + s);
  const topics = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([t]) => t);

  // The words of a stated time ('las 4 y media', 'at 3pm') are not a product.
  if (time) for (const c of clauses) c.leftover = c.leftover.filter((w) => !isTimeWord(w));
  const free = clauses.filter((c) => c.bestScore < TOPICAL_SCORE);
  const conversion = conversionOf(typed);
  // 'si un producto cuesta 20 dólares, ¿cuánto sería en pesos?' converts an amount: no product is asked.
  const productRequest = !conversion && free.some((c) => c.productCue && c.leftover.length > 0);
  const firstAsk = free.findIndex((c) => c.productCue && c.leftover.length > 0);
  // 'My mom lives in Cerro… she can't sleep from the heat. What rechargeable fans do you have?': the
  // story told before the clause that asks is not the product.
  const asking = firstAsk > 0 ? free.slice(firstAsk) : free;
  const productPhrase = asking.flatMap((c) => c.leftover).join(" ");
  const productHead = asking.flatMap((c) => c.head).join(" ");
  // 'combos… algo con arroz, aceite': what a thing holds is no other thing asked.
  const holding = asking.some((c) => has(c.words, V.productCues.holding, known));
  const productParts = holding ? [] : asking.map((c) => c.leftover.join(" ")).filter(Boolean);
  // A time of day said alone is asked about express (decision “Shipping price and the express cut-off”: the only rule that depends on the hour).
  if (time && mainTopics.length === 0 && !productRequest) mainTopics = ["express"];

  // 'y si uso un cupón y me queda en 48 dólares?': goods and a coupon ask what shipping comes to.
  const basket = conversion ? null : basketOf(typed);
  if (basket && mainTopics.includes("coupon") && !mainTopics.includes("shippingCost"))
    mainTopics = [...mainTopics.slice(0, MAX_MAIN_TOPICS - 1), "shippingCost"];

  // A wrong claim is corrected by its topic's answer, given first.
  const falsePremise = falsePremiseOf(typed, mainTopics, topics, known);
  if (falsePremise)
    mainTopics = [falsePremise.topic, ...mainTopics.filter((t) => t !== falsePremise.topic)].slice(0, MAX_MAIN_TOPICS);
  const transactionId = findOrderId(message);
  const greeting = has(typed, V.greetings, known);
  const thanks = has(typed, V.thanks, known);
  // 'good morning!! hope you're doing well today': a weak hint beside a greeting asks nothing.
  if ((greeting || thanks) && strongest < TOPICAL_SCORE && !productRequest && !time && !clauses.some((c) => c.orderCue))
    mainTopics = [];
  // 'ok and if the order is over 50 dollars?': an acknowledgment first changes nothing.
  const start = V.acknowledgments.some((k) => findKeyword(typed, k, known).includes(0)) ? 1 : 0;
  const startsAsFollowUp = V.followUp.some((f) => findKeyword(typed, f, known).includes(start));
  const cheapCue = has(typed, V.productCues.cheap, known);
  const bigCue = has(typed, V.productCues.biggest, known);
  return {
    words: typed,
    clauses,
    topics,
    mainTopics,
    productCue: clauses.some((c) => c.productCue),
    productRequest,
    cheapest: productRequest && cheapCue,
    cheapCue,
    biggest: productRequest && bigCue,
    bigCue,
    askCue: has(typed, V.productCues.ask, known) || clauses.some((c) => c.sent),
    askedNames: askedNames(typed, known, catalogueWords),
    colors: has(typed, V.productCues.colors, known),
    sizes: has(typed, V.productCues.sizes, known),
    contents: has(typed, V.productCues.contents, known),
    brandsOf: free.find((c) => has(c.words, V.productCues.brands, known))?.leftover.join(" ") ?? "",
    productPhrase,
    productParts,
    productHead,
    ownWords: clauses.flatMap((c) => c.leftover),
    ownTopics,
    // 'me avisaron que ya salió, pero ¿se puede anular?': where the order is, asked, not told.
    tracking: (clauses.some((c) => c.asked) ? clauses.filter((c) => c.asked) : clauses).some((c) =>
      has(c.words, V.tracking, known),
    ),
    orderCue: transactionId !== null || clauses.some((c) => c.orderCue),
    personalOrder: transactionId !== null || clauses.some((c) => c.personalOrder),
    transactionId,
    injection: has(typed, V.injection, known),
    offTopic,
    greeting,
    thanks,
    linked: startsAsFollowUp,
    topicsByProductNames:
      startsAsFollowUp &&
      mainTopics.length > 0 &&
      catalogueWords.size > 0 &&
      clauses.every(
        (c) =>
          readClause(
            c.words.map((w) => (catalogueWords.has(w) ? MASKED : w)),
            known,
          ).bestScore < TOPICAL_SCORE,
      ),
    // 'cuál es la más barata?' names no product of its own: it asks of the one before.
    followUp:
      startsAsFollowUp ||
      (typed.length <= FOLLOW_UP_MAX_WORDS && !greeting && !thanks) ||
      ((cheapCue || bigCue) && productPhrase === ""),
    continues: false,
    statedTime: time,
    falsePremise,
    compare: has(typed, V.asks.compare, known),
    location: has(typed, V.asks.location, known),
    conversion,
    distanceKm: distanceOf(typed),
    basket,
    useProducts: useProductsOf(
      free.flatMap((c) => c.words),
      known,
    ),
    useRest: withoutUses(productPhrase, known),
  };
}
