/**
 * What the assistant reads in a question (intents.ts writes it, the engine and conversation.ts
 * read it): its clauses, the topics they carry, the product asked for and the figures stated.
 */
import type { Conversion } from "./figures";
import type { Basket } from "./free-shipping";
import type { FalsePremise } from "./premise";
import type { StatedTime } from "./stated-time";
import type { Topic } from "./vocabulary";

/** A clause whose best topic scores this much is about that topic (one strong keyword, two weak ones). */
export const TOPICAL_SCORE = 2;

export type Clause = {
  words: string[];
  /** Score of each topic named in the clause (> 0). */
  scores: Partial<Record<Topic, number>>;
  /** The clause's best topics (ties kept), and their score. */
  best: Topic[];
  bestScore: number;
  productCue: boolean;
  /** The clause's words once cues, fillers, topic and order words are removed. */
  leftover: string[];
  /** Those of them said before a word of purpose ('baterías pal inversor' → baterías): what is asked for. */
  head: string[];
  orderCue: boolean;
  /** About the asker's own order, said as a fact (not 'si…', not 'un pedido'). */
  personalOrder: boolean;
  /** Ends with a question mark: what the message asks, not the story told before it. */
  asked?: boolean;
  /** Names the order with the asker's possessive right before it ('mi pedido', 'my order'). */
  myOrder?: boolean;
  /** The thing a message sends ('send food to my mom'): asked for as a product (sent-things.ts). */
  sent?: boolean;
};

export type Analysis = {
  words: string[];
  clauses: Clause[];
  /** Every topic named, the most asked first. */
  topics: Topic[];
  /** What the question mainly asks: the best topics of each clause that a topic carries. */
  mainTopics: Topic[];
  productCue: boolean;
  /** A clause no topic carries asks for a product ('tienen arroz', 'cuánto cuesta el split'). */
  productRequest: boolean;
  /** The product asked for is asked cheap ('un celular barato', 'cheapest laptop'): cheapest first. */
  cheapest: boolean;
  /** Asks for the cheapest, with or without naming a product ('¿cuál es la más barata?'). */
  cheapCue: boolean;
  /** The biggest or most powerful of the product is asked ('¿cuál es el más grande?'): largest size first. */
  biggest: boolean;
  /** Asks for the biggest, with or without naming a product. */
  bigCue: boolean;
  /** Asks for a product in so many words ('tienen', 'do you sell', 'busco'), not only its price or stock. */
  askCue: boolean;
  /** The things named right after the words that ask for them ('tienen iphones?'), not a verb ('quisiera saber…'): product-asks.ts. */
  askedNames: string[];
  /** Asks the colours a product comes in ('¿qué colores hay?'): its lines name them. */
  colors: boolean;
  /** Asks the sizes or varieties the products come in ('¿qué tallas hay?'). */
  sizes: boolean;
  /** Asks what a product holds ('¿qué trae el combo básico?', 'what's in the bundle?'): its parts or description follow. */
  contents: boolean;
  /** What the shopper asks the brands of ('¿qué marcas de split tienen?' → 'split'), or ''. */
  brandsOf: string;
  /** The words to search for: what the clauses no topic carries leave once cues and fillers go. */
  productPhrase: string;
  /** The phrase's parts said apart ('gel de ducha y lejía': 'gel ducha', 'lejia'), each a product of its own. */
  productParts: string[];
  /** The product phrase's words before a word of purpose: what it asks for ('baterías' of 'baterías pal inversor'). */
  productHead: string;
  /** What every clause leaves once cues, fillers, topic and order words go (the help centre weighs them). */
  ownWords: string[];
  /** Whether a topic is named by the words themselves (a stated time alone makes it 'express'). */
  ownTopics: boolean;
  /** Asks where an order is or how it goes ('dónde está', 'status', 'ya salió'). */
  tracking: boolean;
  orderCue: boolean;
  personalOrder: boolean;
  transactionId: string | null;
  injection: boolean;
  offTopic: boolean;
  greeting: boolean;
  thanks: boolean;
  /** Starts like a follow-up ('y…', 'and…', 'what about…') or is short: may continue the conversation. */
  followUp: boolean;
  /** Starts with a word that links it to what was said before ('y…', 'and…', 'what about…'). */
  linked: boolean;
  /** Its topics come only from words that name products too ('and for a phone?'): a follow-up asks the previous question of them. */
  topicsByProductNames: boolean;
  /** Read as the continuation of the shopper's previous question (conversation.ts). */
  continues: boolean;
  /** The previous product phrase a follow-up may narrow ('y la eléctrica?' after 'olla de presión'). */
  refines?: string;
  /** The time of day the shopper states, if any. */
  statedTime: StatedTime | null;
  /** What a leading question gets wrong ('since you have 30-day returns…', 'como entregan en 3 horas'). */
  falsePremise: FalsePremise | null;
  /** Asks how one option compares with another ('¿el express es más caro que el normal?'). */
  compare: boolean;
  /** Asks where the store is ('¿dónde están ubicados?'): the contact answer gives its address. */
  location: boolean;
  /** An amount to convert at the current rate ('¿cuánto es 20 dólares en CUP?'). */
  conversion: Conversion | null;
  /** The distance the shopper states, in km ('vivo a unos 5 km'). */
  distanceKm: number | null;
  /** The goods' amount the shopper states, and their coupon ('my cart is $52 and I use a 10% coupon'). */
  basket: Basket | null;
  /** The product words of the uses or symptoms the product phrase names ('dolor de cabeza' → 'paracetamol …'). */
  useProducts: string[];
  /** The product phrase without the words of those uses and their forms ('pills back pain' → ''): what may still name a product. */
  useRest: string;
};
