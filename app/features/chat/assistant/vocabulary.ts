/**
 * The assistant's vocabulary (decision “The assistant works offline”): what shoppers say, kept as data in
 * vocabulary/es.json and vocabulary/en.json (folded keywords, see text.ts) rather than in code.
 * Both files have one shape and are read together, because shoppers mix the languages ('my
 * blender no funciona'). This module only loads, checks and merges them.
 */
import en from "./vocabulary/en.json";
import es from "./vocabulary/es.json";
import type { Keyword } from "./text";

export const TOPICS = [
  "shippingCost",
  "deliveryTime",
  "express",
  "deliveryArea",
  "payment",
  "returns",
  "warranty",
  "cancel",
  "modify",
  "seller",
  "wholesale",
  "rate",
  "contact",
  "hours",
  "account",
  "coupon",
  "deals",
  "gift",
  "identity",
  "recipients",
  "stockAlert",
  "sharedCart",
  "dataSaver",
  "signupRules",
  "wishlist",
  "reorder",
  "privacy",
  "orderEmails",
  "services",
  "deliveryPoint",
  "trust",
  "invoice",
  "chatData",
  "deleteAccount",
  "howToBuy",
  "cart",
  "reviews",
  "checkoutFields",
] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * In a 'together' list, stands for a number of things ('15 jabones', '20 bags'): a number of two
 * or more followed by a word that is no measure, currency, time word or filler (intents.ts).
 */
export const QUANTITY_CUE = "#quantity";
/** Like QUANTITY_CUE, for a number of things that reaches the wholesale price ('si compro 12 jabones'). */
export const BULK_CUE = "#bulk";

/** How a topic is recognised: strong keywords weigh 2, weak ones 1, a pair found together 3. */
export type TopicWords = {
  strong: readonly Keyword[];
  weak: readonly Keyword[];
  /** Each entry: two lists; one keyword of each in the same clause ('entregan' + 'domingos'). */
  together: ReadonlyArray<readonly [readonly Keyword[], readonly Keyword[]]>;
};

/** Words that place a time of day: numbers, the words around them, am and pm. */
export type TimeWords = {
  numbers: Readonly<Record<string, number>>;
  minutes: Readonly<Record<string, number>>;
  /** Words that introduce a time ('a las', 'son las', 'at', 'after'). */
  before: readonly string[];
  /** Words that add minutes ('y' media) or subtract them ('menos' cuarto, 'quarter to'). */
  plus: readonly string[];
  minus: readonly string[];
  pm: readonly string[];
  am: readonly string[];
  noon: readonly string[];
  midnight: readonly string[];
  /** Words that make a number a quantity, not an hour ('after 2 days', 'a las 10 unidades'). */
  units: readonly string[];
  /** Places abroad ('cdmx', 'madrid'): a time said to be the time there ('aquí en CDMX son la 1') is not Havana's. */
  abroad: readonly string[];
  /** Words that place the shopper's own clock somewhere ('aquí en', 'here in', 'hora de'). */
  here: readonly string[];
};

/** The shape of one language's file. */
type LanguageFile = {
  topics: Record<Topic, { strong: string[]; weak: string[]; together?: string[][][] }>;
  productCues: {
    ask: string[];
    price: string[];
    stock: string[];
    cheap: string[];
    /** Says what a thing holds ('algo con arroz', 'one with rice'): its parts are no things apart. */
    holding: string[];
    /** Asks for the biggest or most powerful ('el más grande', 'most powerful'). */
    biggest: string[];
    brands: string[];
    colors: string[];
    contents: string[];
    sizes: string[];
  };
  fillers: string[];
  orderWords: string[];
  possessives: string[];
  indefinite: string[];
  personalVerbs: string[];
  tracking: string[];
  hypothetical: string[];
  /** An order still to be placed ('si pido', 'if I order'): the clause's order words are not the asker's order. */
  futureOrder: string[];
  /** What is done to an order ('cancelo', 'change'): supposed of 'my order', it is still theirs ('si cancelo mi pedido…'). */
  actedOn: string[];
  followUp: string[];
  /** Said before a follow-up without changing it ('ok and if…', 'vale, y…'). */
  acknowledgments: string[];
  /** A pronoun for what was asked before ('dónde lo pongo', 'where do I put it'). */
  pointsBack: string[];
  premiseMarkers: string[];
  premiseClaims: Record<"returns" | "warranty" | "payment", string[]>;
  clauseBreaks: string[];
  /** After a break word, a word that keeps the clause whole ('litro y medio', 'las 4 y media'). */
  breakKeepers: string[];
  injection: string[];
  /** Who a message may pretend to speak as ('SISTEMA: …', '[admin] …'): said first, it is an attempt to change the rules. */
  speakerRoles: string[];
  offTopic: string[];
  greetings: string[];
  thanks: string[];
  known: string[];
  /** Currency words: after a number they make it an amount ('60 dólares'), which asks no topic. */
  money: string[];
  /** Words that make a number a measure, not a number of things ('3 días', '3000 W', '2 km'). */
  measures: string[];
  /** Chat shorthand and the words it stands for ('q' → 'que', 'xfa' → 'por favor', 'u' → 'you'). */
  abbreviations: Record<string, string>;
  time: TimeWords;
  /** What a use or symptom asks for ('dolor de cabeza' → 'paracetamol ibuprofeno dipirona'): product words searched when the shopper's own words find nothing. */
  uses: Record<string, string>;
  /** Words that only say the form of what treats a use ('pastillas', 'pills'): no product's name. */
  useForms: string[];
  /** Words that ask a sub-question of a topic: a comparison ('más caro que el normal'), where the store is ('¿dónde están ubicados?'). */
  asks: { compare: string[]; location: string[] };
  /** The unit words of a figure the shopper states ('3 horas', '5 unidades', '20 dólares'), by unit. */
  claimUnits: Record<ClaimUnit, string[]>;
  /** Words the help centre spells otherwise ('borro' → 'eliminar'): its entries are searched with these. */
  equivalents: Record<string, string>;
  /** The store's words for the names shoppers give products ('duralgina' → 'dipirona'): the question is read with them. */
  productNames: Record<string, string>;
  /** Words that start what a product is for ('baterías pal inversor'): the words before them name what is asked. */
  purposeWords: string[];
  /** Verbs of sending ('mandarle', 'deliver'), and `asks` for a thing ('busco', 'looking for'): the words right after them, past `skip` and up to `stops`, name the thing. */
  sending: { verbs: string[]; asks: string[]; skip: string[]; stops: string[] };
  /** Words that make a figure a coupon's ('cupón de 10 dólares', 'cupón del 10', '$10 off'): said `before` or `after` it. */
  couponFigure: { before: string[]; after: string[] };
};

/** The units of a stated figure (figures.ts). */
export const CLAIM_UNITS = ["hour", "day", "week", "month", "year", "unit", "usd", "cup", "percent", "km"] as const;
export type ClaimUnit = (typeof CLAIM_UNITS)[number];

export type Vocabulary = Omit<
  LanguageFile,
  "topics" | "time" | "abbreviations" | "uses" | "equivalents" | "productNames"
> & {
  /** Each use keyword and the product words it asks for. */
  uses: ReadonlyArray<readonly [Keyword, string]>;
  /** Each keyword and the words the help centre uses for it. */
  equivalents: ReadonlyArray<readonly [Keyword, string]>;
  /** Each shopper's name of a product and the store's words for it. */
  productNames: ReadonlyArray<readonly [Keyword, string]>;
  /** Each shorthand word and the folded words it is read as. */
  abbreviations: ReadonlyMap<string, readonly string[]>;
  topics: Record<Topic, TopicWords>;
  /** Per language: times are read in the words of one language at a time. */
  time: readonly TimeWords[];
};

const FILES: readonly LanguageFile[] = [es as LanguageFile, en as LanguageFile];

function merge(files: readonly LanguageFile[]): Vocabulary {
  const union = (pick: (f: LanguageFile) => readonly string[]) => [...new Set(files.flatMap(pick))];
  const topics = Object.fromEntries(
    TOPICS.map((topic) => {
      const parts = files.map((f) => f.topics[topic]);
      if (parts.some((p) => !p)) throw new Error(`assistant vocabulary: topic ${topic} is missing in a language file`);
      const together = parts
        .flatMap((p) => p.together ?? [])
        .map((pair) => {
          if (pair.length !== 2)
            throw new Error(`assistant vocabulary: a 'together' entry of ${topic} needs two lists`);
          return [pair[0], pair[1]] as const;
        });
      return [
        topic,
        {
          strong: union(() => parts.flatMap((p) => p.strong)),
          weak: union(() => parts.flatMap((p) => p.weak)),
          together,
        },
      ];
    }),
  ) as unknown as Record<Topic, TopicWords>;
  return {
    topics,
    productCues: {
      ask: union((f) => f.productCues.ask),
      price: union((f) => f.productCues.price),
      stock: union((f) => f.productCues.stock),
      cheap: union((f) => f.productCues.cheap),
      biggest: union((f) => f.productCues.biggest),
      holding: union((f) => f.productCues.holding),
      brands: union((f) => f.productCues.brands),
      colors: union((f) => f.productCues.colors),
      contents: union((f) => f.productCues.contents),
      sizes: union((f) => f.productCues.sizes),
    },
    fillers: union((f) => f.fillers),
    orderWords: union((f) => f.orderWords),
    possessives: union((f) => f.possessives),
    indefinite: union((f) => f.indefinite),
    personalVerbs: union((f) => f.personalVerbs),
    tracking: union((f) => f.tracking),
    hypothetical: union((f) => f.hypothetical),
    futureOrder: union((f) => f.futureOrder),
    actedOn: union((f) => f.actedOn),
    followUp: union((f) => f.followUp),
    acknowledgments: union((f) => f.acknowledgments),
    pointsBack: union((f) => f.pointsBack),
    premiseMarkers: union((f) => f.premiseMarkers),
    premiseClaims: {
      returns: union((f) => f.premiseClaims.returns),
      warranty: union((f) => f.premiseClaims.warranty),
      payment: union((f) => f.premiseClaims.payment),
    },
    clauseBreaks: union((f) => f.clauseBreaks),
    breakKeepers: union((f) => f.breakKeepers),
    injection: union((f) => f.injection),
    speakerRoles: union((f) => f.speakerRoles),
    offTopic: union((f) => f.offTopic),
    greetings: union((f) => f.greetings),
    thanks: union((f) => f.thanks),
    known: union((f) => f.known),
    money: union((f) => f.money),
    measures: union((f) => f.measures),
    abbreviations: new Map(
      files.flatMap((f) => Object.entries(f.abbreviations)).map(([short, long]) => [short, long.split(" ")]),
    ),
    time: files.map((f) => f.time),
    uses: files.flatMap((f) => Object.entries(f.uses)),
    useForms: union((f) => f.useForms),
    asks: { compare: union((f) => f.asks.compare), location: union((f) => f.asks.location) },
    claimUnits: Object.fromEntries(CLAIM_UNITS.map((u) => [u, union((f) => f.claimUnits[u])])) as Record<
      ClaimUnit,
      string[]
    >,
    equivalents: files.flatMap((f) => Object.entries(f.equivalents)),
    productNames: files.flatMap((f) => Object.entries(f.productNames)),
    purposeWords: union((f) => f.purposeWords),
    sending: {
      verbs: union((f) => f.sending.verbs),
      asks: union((f) => f.sending.asks),
      skip: union((f) => f.sending.skip),
      stops: union((f) => f.sending.stops),
    },
    couponFigure: { before: union((f) => f.couponFigure.before), after: union((f) => f.couponFigure.after) },
  };
}

/** Both languages' vocabulary, merged once at start-up. */
export const VOCABULARY: Vocabulary = merge(FILES);
