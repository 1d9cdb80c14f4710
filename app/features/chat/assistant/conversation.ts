/**
 * Follow-ups: '¿y exprés?' after '¿cuánto cuesta el envío?', 'y cuánto
 * cuesta?' after '¿tienen arroz?', 'y si son las 3?' after a question about express. The
 * shopper's earlier messages (the history the assistant receives) are read with the same
 * analysis; a message that continues the conversation and names nothing of its own keeps the
 * previous topic, product or order. Pure.
 */
import type { Analysis } from "./analysis";
import { amountOf, dollarsSaid } from "./figures";
import { TOPICAL_SCORE, type Topic, analyse } from "./intents";
import { type Keyword, findKeyword } from "./text";
import { VOCABULARY } from "./vocabulary";
import type { ChatRole } from "../types";

/** Earlier shopper messages looked at, at most (a follow-up of a follow-up of a question). */
const MAX_EARLIER = 3;

/** Most words a message that points back may name of its own ('pongo' of 'dónde lo pongo'). */
const POINTING_MAX_WORDS = 2;

/** Topics about an order in general; with one of them, a follow-up to 'my order' is still about it. */
const ORDER_FOLLOW_TOPICS: readonly Topic[] = ["cancel", "modify", "deliveryTime", "express"];

/** Whether the message asks something done to an order, without naming one ('can you cancel it?'). */
const aboutAnOrder = (a: Analysis) => !a.orderCue && a.mainTopics.some((t) => ORDER_FOLLOW_TOPICS.includes(t));

const MEASURES: ReadonlySet<string> = new Set(VOCABULARY.measures);
/** 'the 5 kilo one', 'y el de 10 libras': a size alone, which is of the product asked before. */
function sizeOnly(a: Analysis): boolean {
  const typed = a.productPhrase.split(" ").filter(Boolean);
  return typed.some((w) => /^\d+$/.test(w)) && typed.every((w) => /^\d+$/.test(w) || MEASURES.has(w));
}

/** 'how much is it in CUP?': a price asked in a currency, of nothing named. */
const onlyCurrency = (a: Analysis) =>
  a.mainTopics.length === 1 && a.mainTopics[0] === "rate" && a.productPhrase === "" && a.conversion === null;

/** Whether the message names something of its own (a topic, a product, an order). */
function ownContent(a: Analysis): boolean {
  return a.mainTopics.length > 0 || a.productPhrase.length > 0 || a.orderCue;
}

/**
 * The previous question's topic that a follow-up only weakly about something else completes: one
 * keyword of a pair of that topic was said before, the other now ('y hasta qué hora?' after
 * '¿tienen express?' is the express cut-off, not the opening hours).
 */
function pairedTopic(current: Analysis, previous: Analysis): Topic | null {
  if (!current.followUp || Math.max(0, ...current.clauses.map((c) => c.bestScore)) >= TOPICAL_SCORE) return null;
  const exact = new Set([...previous.words, ...current.words]);
  const says = (typed: readonly string[], side: readonly Keyword[]) =>
    side.some((k) => findKeyword(typed, k, exact).length > 0);
  const completes = (t: Topic) =>
    VOCABULARY.topics[t].together.some(
      ([a, b]) =>
        (says(previous.words, a) && says(current.words, b)) || (says(previous.words, b) && says(current.words, a)),
    );
  return previous.mainTopics.find(completes) ?? null;
}

/**
 * 'which one is the cheapest?', '¿y cuál es el más potente?': the previous product asked again (its
 * phrase, head and uses), with what else the message asks, but not the wholesale rule or the rate
 * that 'más barato' or 'a cómo' would otherwise suggest.
 */
function ofPreviousProduct(current: Analysis, previous: Analysis): Analysis {
  return {
    ...current,
    continues: true,
    productRequest: true,
    productCue: true,
    productPhrase: previous.productPhrase,
    productHead: previous.productHead,
    useProducts: previous.useProducts,
    useRest: previous.useRest,
    mainTopics: current.mainTopics.filter((t) => t !== "wholesale" && t !== "rate"),
  };
}

/** The analysis of `current` once the conversation before it is taken into account. */
function continueFrom(current: Analysis, previous: Analysis): Analysis {
  // 'o sea que 50 dólares cuánto es' after '¿a cómo está el dólar?': that amount at the rate.
  const amount = previous.mainTopics.includes("rate") && !current.conversion ? amountOf(current.words) : null;
  if (amount && !current.orderCue) {
    return {
      ...current,
      continues: true,
      conversion: amount,
      mainTopics: ["rate"],
      productRequest: false,
      productPhrase: "",
    };
  }
  const paired = current.productRequest ? null : pairedTopic(current, previous);
  if (paired) return { ...current, continues: true, mainTopics: [paired], topics: [paired, ...current.topics] };
  const statedOnly = current.statedTime !== null && !current.ownTopics && current.productPhrase === "";
  // 'and for phones?' after a warranty question, 'y si gasto 60 dólares?' after one on shipping: a
  // linked follow-up that names only a thing, a place or a figure (a product's name may be a
  // keyword too: 'and for a phone?'), and asks for no product, asks the previous question again
  // about it.
  const sameQuestion =
    current.linked &&
    (current.mainTopics.length === 0 || current.topicsByProductNames) &&
    !current.productCue &&
    // 'and if the order is over 50 dollars?': an order supposed is no order of theirs.
    !current.personalOrder &&
    previous.mainTopics.length > 0 &&
    !previous.productRequest;
  // 'y en dólares?' or 'how much is it in CUP?' after '¿cuánto cuesta el aceite?': a currency named
  // alone (one keyword), or with a price asked of nothing named, asks the product's price again (it
  // is given in USD and CUP); 'y a cómo está el dólar?' asks the rate.
  const inCurrency =
    (current.linked || current.followUp || current.productCue) &&
    previous.productRequest &&
    current.mainTopics.length === 1 &&
    current.mainTopics[0] === "rate" &&
    current.clauses.every((c) => c.bestScore <= TOPICAL_SCORE) &&
    current.productPhrase === "" &&
    current.conversion === null;
  if (inCurrency)
    return {
      ...previous,
      words: current.words,
      clauses: current.clauses,
      continues: true,
      cheapest: previous.cheapest || current.cheapCue,
    };
  if (previous.productRequest && sizeOnly(current) && !current.orderCue) {
    const productPhrase = `${previous.productPhrase} ${current.productPhrase}`;
    return {
      ...current,
      continues: true,
      productRequest: true,
      productCue: true,
      productPhrase,
      productHead: previous.productHead,
    };
  }
  // 'which one is the cheapest, and does it come with a warranty?' after 'do you sell air
  // conditioners?': the cheapest of the previous product, with what else it asks.
  if (
    previous.productRequest &&
    current.cheapCue &&
    current.productPhrase === "" &&
    !current.orderCue &&
    // 'y si compro 10 paquetes me sale más barato?' asks the wholesale price, not the cheapest.
    !(current.mainTopics.includes("wholesale") && current.words.some((w) => /^\d+$/.test(w) && Number(w) > 1))
  ) {
    return { ...ofPreviousProduct(current, previous), cheapest: true };
  }
  // '¿y cuál es el más potente? es para un salón grande' after '¿tenéis aire acondicionado?': the
  // biggest of the previous product; what else it says names no product unless it asks for one.
  if (
    previous.productRequest &&
    current.bigCue &&
    (current.productPhrase === "" || !current.askCue) &&
    !current.orderCue
  ) {
    return { ...ofPreviousProduct(current, previous), biggest: true };
  }
  if (sameQuestion) {
    return {
      ...current,
      continues: true,
      mainTopics: previous.mainTopics,
      topics: [...new Set([...previous.topics, ...current.topics])],
      productRequest: false,
      productPhrase: "",
      productHead: "",
      statedTime: current.statedTime ?? previous.statedTime,
    };
  }
  // 'y si cojo 10 paquetes, me sale más barato?' after '¿tienen pañales Huggies?': that product's wholesale price.
  if (
    previous.productRequest &&
    current.mainTopics.includes("wholesale") &&
    !current.productRequest &&
    !current.orderCue
  ) {
    return {
      ...current,
      continues: true,
      words: [...previous.words, ...current.words],
      ownWords: previous.productPhrase.split(" ").filter(Boolean),
    };
  }
  // 'dnd lo pongo' after '¿tienen cupón?': a pronoun for what was asked and a verb, nothing of its
  // own. 'lo recibí ayer por la tarde, todavía estoy a tiempo?' after a broken TV: a weak hint
  // ('tarde') is no topic of its own either.
  const weakOnly = current.mainTopics.length > 0 && current.clauses.every((c) => c.bestScore < TOPICAL_SCORE);
  const pointing =
    current.words.some((w) => VOCABULARY.pointsBack.includes(w)) &&
    (current.mainTopics.length === 0 || weakOnly) &&
    !current.productRequest &&
    !current.orderCue &&
    previous.mainTopics.length > 0 &&
    !previous.productRequest &&
    (weakOnly || current.productPhrase.split(" ").filter(Boolean).length <= POINTING_MAX_WORDS);
  if (ownContent(current) && !statedOnly && !pointing) {
    // 'can you cancel it?', 'ya lo mandaron?' after 'I just placed an order': still that order.
    // 'y cuándo le llega? lo puse con envío normal': when it arrives, however loud another topic is.
    const whenItArrives = current.topics.includes("deliveryTime");
    if (previous.personalOrder && !current.orderCue && (current.tracking || aboutAnOrder(current) || whenItArrives)) {
      return {
        ...current,
        personalOrder: true,
        orderCue: true,
        transactionId: previous.transactionId,
        continues: true,
      };
    }
    // 'y frijoles?' after '¿tienen arroz?': a product asked the way the previous one was; or a kind
    // of the previous one ('y la eléctrica?' after '¿tienen olla de presión?'), which the engine tries first.
    if (previous.productRequest && current.mainTopics.length === 0 && current.productPhrase) {
      return { ...current, productRequest: true, productCue: true, continues: true, refines: previous.productPhrase };
    }
    return current;
  }
  if (statedOnly) {
    // 'y si son las 3?': the time changes the answer about express or delivery times.
    const timed = previous.mainTopics.filter((t) => t === "express" || t === "deliveryTime");
    return { ...current, mainTopics: timed.length > 0 ? timed : current.mainTopics, continues: true };
  }
  // Nothing of its own ('y cuánto cuesta?', 'and on sundays?' is its own): the previous question again.
  return {
    ...current,
    continues: true,
    mainTopics: previous.mainTopics,
    topics: [...new Set([...current.topics, ...previous.topics])],
    productRequest: previous.productRequest,
    productCue: current.productCue || previous.productCue,
    productPhrase: previous.productPhrase,
    productHead: previous.productHead,
    orderCue: previous.orderCue,
    personalOrder: previous.personalOrder,
    transactionId: previous.transactionId,
    statedTime: current.statedTime ?? previous.statedTime,
  };
}

/**
 * Reads the last message of a conversation: on its own when it does not continue one, else with
 * the shopper's earlier messages (newest last).
 */
export function readConversation(
  message: string,
  history: ReadonlyArray<{ role: ChatRole; content: string }>,
  catalogueWords: ReadonlySet<string> = new Set(),
): Analysis {
  const earlier = history
    .filter((turn) => turn.role === "user")
    .map((turn) => turn.content)
    .slice(-MAX_EARLIER);
  const read = readWithEarlier(message, earlier, catalogueWords);
  // 'y en cup?' after 'el envío es gratis desde $50.00': that figure at today's rate.
  if (onlyCurrency(read) && !read.continues) {
    const said = history.findLast((turn) => turn.role === "assistant");
    const dollars = said ? dollarsSaid(said.content) : null;
    if (dollars) return { ...read, conversion: dollars };
  }
  return read;
}

function readWithEarlier(message: string, earlier: readonly string[], catalogueWords: ReadonlySet<string>): Analysis {
  const current = analyse(message, catalogueWords);
  // 'how much is that one?': a price or stock asked of nothing named is asked of what came before.
  const priceOfBefore = current.productCue && (!ownContent(current) || onlyCurrency(current));
  const refersBack =
    current.followUp ||
    aboutAnOrder(current) ||
    current.tracking ||
    sizeOnly(current) ||
    priceOfBefore ||
    // '50 dólares cuánto es': an amount alone is of the question before (the rate).
    (current.mainTopics.length === 0 && amountOf(current.words) !== null);
  if (earlier.length === 0 || !refersBack || current.injection || current.transactionId) return current;
  if ((current.greeting || current.thanks) && !ownContent(current)) return current;
  const previous = readWithEarlier(earlier[earlier.length - 1], earlier.slice(0, -1), catalogueWords);
  return continueFrom(current, previous);
}
