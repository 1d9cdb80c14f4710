/**
 * What a question is about (D23): store topics scored by keywords in both languages (typos
 * forgiven, see text.ts), plus the cues of a product question, an order question, an attempt to
 * change the rules, and a question that is not about the store at all. Deterministic and pure.
 */
import { type Keyword, type Vocabulary, countKeywords, coveredBy, findKeyword, words } from "./text";

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
  "identity",
] as const;
export type Topic = (typeof TOPICS)[number];

/**
 * Keywords of each topic, folded, both languages. A phrase counts once, like a word; a keyword
 * written '~word' is weak (it hints at the topic but belongs to others too): it weighs half.
 */
const TOPIC_KEYWORDS: Record<Topic, readonly Keyword[]> = {
  shippingCost: [
    "envio*",
    "enviar",
    "envian",
    "mensajeria",
    "domicilio",
    "flete",
    "shipping",
    "ship",
    "~delivery",
    "~deliver",
    "~entrega*",
    "~entregan",
    "km",
    "kilometro*",
    "kilometer*",
    "kilometre*",
    "per km",
    "gratis",
    "free",
    "costo de entrega",
    "cobran la entrega",
  ],
  deliveryTime: [
    "cuando llega*",
    "demora*",
    "tarda*",
    "~dias",
    "plazo",
    "~how long",
    "how many days",
    "~when will",
    "~arrive*",
    "~llegar",
    "~llegue",
    "~recibir*",
    "~delivery",
    "~entrega*",
    "business days",
    "tiempo de entrega",
  ],
  express: [
    "express",
    "expres",
    "urgente",
    "rapido",
    "same day",
    "mismo dia",
    "hoy mismo",
    "~today",
    "~14",
    "~2 pm",
    "~2pm",
    "~tarde",
    "~afternoon",
  ],
  deliveryArea: [
    "provincia*",
    "santiago",
    "holguin",
    "camaguey",
    "matanzas",
    "santa clara",
    "fuera de la habana",
    "outside havana",
    "toda cuba",
    "all of cuba",
    "zona*",
    "area*",
    "municipio*",
  ],
  payment: [
    "pago*",
    "pagar",
    "pagan",
    "pay",
    "paying",
    "payment*",
    "tarjeta*",
    "card",
    "cards",
    "paypal",
    "efectivo",
    "cash",
    "transferencia*",
    "transfer",
    "zelle",
    "billete*",
    "bill",
    "bills",
    "mlc",
    "contra entrega",
    "on delivery",
  ],
  returns: [
    "devol*",
    "devuelv*",
    "devolver",
    "return*",
    "refund*",
    "reembols*",
    "reintegr*",
    "money back",
    "dinero",
    "no me gusta",
    "arrepenti*",
  ],
  warranty: [
    "garantia*",
    "warrant*",
    "guarantee*",
    "defect*",
    "roto",
    "rota",
    "broken",
    "no funciona",
    "doesnt work",
    "not working",
    "damaged",
    "danado",
    "averiado",
    "reclam*",
    "cambiar el producto",
    "replace*",
  ],
  cancel: ["cancel*", "anular", "anulo", "deshacer"],
  modify: ["modific*", "cambiar mi pedido", "cambiar el pedido", "change my order", "edit my order", "editar"],
  seller: [
    "vender",
    "vendedor*",
    "proveedor*",
    "provider*",
    "seller*",
    "supplier*",
    "sell with",
    "sell my",
    "vende con",
    "vendo",
    "mis productos",
    "my products",
    "almacen",
    "warehouse",
    "~negocio",
    "~business",
    "revision",
    "solicitud",
  ],
  wholesale: [
    "mayor",
    "mayorista*",
    "mayoreo",
    "wholesale",
    "bulk",
    "por cantidad",
    "muchas unidades",
    "10 unidades",
    "10 units",
  ],
  rate: [
    "tasa",
    "cambio del dolar",
    "tipo de cambio",
    "exchange",
    "rate",
    "dolar",
    "dollar",
    "~usd",
    "~cup",
    "~pesos",
    "moneda",
    "currency",
    "a como esta",
    "a cuanto esta",
  ],
  contact: [
    "telefono*",
    "phone",
    "llamar",
    "call",
    "correo",
    "email",
    "mail",
    "contact*",
    "whatsapp",
    "numero",
    "number",
    "persona",
    "humano",
    "human",
    "agente",
    "agent",
    "atencion al cliente",
    "customer service",
    "direccion",
    "address",
    "oficina",
  ],
  hours: [
    "horario*",
    "hours",
    "abierto*",
    "abren",
    "cierran",
    "open",
    "24 7",
    "24 horas",
    "atienden",
    "fin de semana",
    "weekend",
    "domingo*",
    "sunday",
  ],
  account: [
    "cuenta",
    "registr*",
    "account",
    "sign up",
    "signup",
    "contrasena",
    "clave",
    "password",
    "login",
    "log in",
    "iniciar sesion",
    "sign in",
    "usuario",
    "username",
  ],
  coupon: ["cupon*", "coupon*", "descuento*", "discount*", "promo*", "codigo"],
  identity: [
    "quien eres",
    "que eres",
    "eres un bot",
    "eres humano",
    "who are you",
    "are you a bot",
    "are you human",
    "are you real",
    "tu nombre",
    "your name",
  ],
};

/** Cues that a question asks about products (what is for sale, its price or stock). */
const PRODUCT_CUES: readonly Keyword[] = [
  "tienen",
  "tienes",
  "tiene",
  "hay",
  "venden",
  "vendes",
  "busco",
  "buscando",
  "necesito",
  "quiero",
  "quisiera",
  "comprar",
  "cuanto cuesta*",
  "cuanto cuestan",
  "cuanto vale*",
  "cuanto sale*",
  "a cuanto",
  "precio*",
  "cuesta",
  "cuestan",
  "valen",
  "disponible*",
  "stock",
  "existencia*",
  "queda",
  "quedan",
  "agotado*",
  "do you have",
  "do you sell",
  "have you got",
  "do you carry",
  "is there",
  "are there",
  "how much",
  "price*",
  "cost",
  "costs",
  "in stock",
  "available",
  "looking for",
  "i need",
  "i want",
  "buy",
  "sell",
  "any",
];

/** Words that carry no product: what is left after removing them (and the cues) is searched. */
export const FILLER: ReadonlySet<string> = new Set(
  (
    "el la los las un una unos unas de del al a y o e en con sin por para que se lo le les me mi mis " +
    "su sus tu usted ustedes ustedes alguno alguna algun algo esto este esta ese esa eso hola buenas " +
    "buenos dias tardes noches favor gracias ahora todavia aun ya si no cuanto cuanta cuantos cuantas " +
    "es son esta estan ser hay tienen tiene tienes venden vende vendes the a an of to and or for in on " +
    "at is are do does you your i me my we us it its this that these those some any have has got " +
    "please hi hello hey thanks there still now how much many what price prices cost costs stock " +
    "available sell buy want need looking please tell me know quiero necesito busco buscando comprar " +
    "precio precios cuesta cuestan vale valen sale salen disponible disponibles queda quedan agotado " +
    "agotada agotados existencia existencias puedo pueden podria could can would like ok okay " +
    "tienda store shop ustedes aqui here pls porfa porfavor x q k help ayuda ayudar ayudame ayudarme some " +
    "algun alguna per por favor info informacion information question pregunta duda consulta"
  ).split(" "),
);

/** An order question: about 'my order', its status or tracking. */
const ORDER_KEYWORDS: readonly Keyword[] = [
  "pedido*",
  "orden",
  "ordenes",
  "order",
  "orders",
  "compra",
  "compras",
  "mi paquete",
  "my package",
  "rastre*",
  "track*",
  "seguimiento",
  "donde esta mi",
  "where is my",
  "estado",
  "status",
];

/** Attempts to change the rules, reach someone else's data or the system's inner workings. */
const INJECTION_KEYWORDS: readonly Keyword[] = [
  "ignora*",
  "ignore*",
  "olvida tus",
  "olvida las",
  "forget your",
  "forget all",
  "instrucciones",
  "instructions",
  "system prompt",
  "prompt",
  "tus reglas",
  "your rules",
  "jailbreak",
  "modo desarrollador",
  "developer mode",
  "otro cliente",
  "otros clientes",
  "otra persona",
  "another customer",
  "other customers",
  "someone else",
  "otro usuario",
  "another user",
  "other users",
  "todos los pedidos",
  "all orders",
  "all the orders",
  "base de datos",
  "database",
  "admin*",
  "contrasenas",
  "passwords",
  "user id",
  "usuario numero",
  "actua como",
  "act as",
  "pretend",
  "finge",
];

/** Subjects no store assistant covers: a polite steer back, unless a store topic is also named. */
const OFF_TOPIC_KEYWORDS: readonly Keyword[] = [
  "clima",
  "tiempo hace",
  "weather",
  "futbol",
  "football",
  "soccer",
  "beisbol",
  "baseball",
  "pelota",
  "partido",
  "politica",
  "politics",
  "presidente",
  "president",
  "elecciones",
  "election*",
  "poema",
  "poem",
  "cancion",
  "song",
  "chiste",
  "joke",
  "receta",
  "recipe",
  "capital de",
  "capital of",
  "tarea",
  "homework",
  "matematica*",
  "math",
  "ecuacion",
  "codigo python",
  "python",
  "javascript",
  "historia de",
  "history of",
  "pelicula*",
  "movie*",
  "novia",
  "girlfriend",
  "horoscopo",
  "horoscope",
  "bitcoin",
  "cripto*",
  "crypto*",
  "loteria",
  "lottery",
  "dios",
  "god",
  "sentido de la vida",
  "meaning of life",
];

const GREETINGS: readonly Keyword[] = [
  "hola",
  "buenas",
  "buenos dias",
  "buenas tardes",
  "hello",
  "hi",
  "hey",
  "good morning",
  "good afternoon",
  "saludos",
];
const THANKS: readonly Keyword[] = ["gracias", "thanks", "thank you", "perfecto", "genial", "great", "muy amable"];

const plain = (keyword: Keyword) => keyword.replace(/^~/, "");

/** Every word the lists above spell out: a typed word among them is never "corrected". */
const KNOWN: Vocabulary = new Set(
  [
    ...Object.values(TOPIC_KEYWORDS).flat().map(plain),
    ...PRODUCT_CUES,
    ...ORDER_KEYWORDS,
    ...INJECTION_KEYWORDS,
    ...OFF_TOPIC_KEYWORDS,
    ...GREETINGS,
    ...THANKS,
    ...FILLER,
  ]
    .flatMap((k) => k.split(" "))
    .map((w) => w.replace(/\*$/, ""))
    // Everyday words that are one slip from a keyword and must stay what they are.
    .concat([
      "cuesta",
      "cuestan",
      "cuenta",
      "venta",
      "ventas",
      "orden",
      "ordene",
      "order",
      "precio",
      "pesos",
      "peso",
      "hora",
      "horas",
      "tarde",
      "solar",
    ]),
);

/** A transaction id as the store writes them (D19: 32 hex characters). */
const TRANSACTION_ID = /\b[a-f0-9]{32}\b/i;

export type Analysis = {
  words: string[];
  /** Store topics named, best first (score > 0). */
  topics: Topic[];
  /** The topics with the best score (what the question is mainly about). */
  mainTopics: Topic[];
  productCue: boolean;
  /** What is left once cues, filler and topic words are removed: the product phrase, if any. */
  productPhrase: string;
  orderCue: boolean;
  transactionId: string | null;
  injection: boolean;
  offTopic: boolean;
  greeting: boolean;
  thanks: boolean;
};

/** Reads the question (see the module comment). */
export function analyse(message: string, catalogueWords: ReadonlySet<string> = new Set()): Analysis {
  const typed = words(message);
  // A word that names something in the catalogue ('solar') is not a typo of a keyword ('dolar').
  const known: Vocabulary = catalogueWords.size === 0 ? KNOWN : new Set([...KNOWN, ...catalogueWords]);
  const scored = TOPICS.map((topic) => ({ topic, score: topicScore(typed, topic, known) }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic));
  const allTopicWords = Object.values(TOPIC_KEYWORDS).flat().map(plain);
  const cueCovered = coveredBy(typed, PRODUCT_CUES, known);
  const topicCovered = coveredBy(typed, allTopicWords, known);
  const orderCovered = coveredBy(typed, ORDER_KEYWORDS, known);
  const productWords = typed.filter(
    (w, i) => !cueCovered[i] && !topicCovered[i] && !orderCovered[i] && !FILLER.has(w) && !/^[a-f0-9]{32}$/.test(w),
  );
  const transactionId = TRANSACTION_ID.exec(message)?.[0].toLowerCase() ?? null;
  const best = scored[0]?.score ?? 0;
  const findAny = (keywords: readonly Keyword[]) => keywords.some((k) => findKeyword(typed, k, known).length > 0);
  return {
    words: typed,
    topics: scored.map((s) => s.topic),
    mainTopics: scored.filter((s) => s.score >= best).map((s) => s.topic),
    productCue: cueCovered.some(Boolean),
    productPhrase: productWords.join(" "),
    orderCue: transactionId !== null || findAny(ORDER_KEYWORDS),
    transactionId,
    injection: findAny(INJECTION_KEYWORDS),
    offTopic: findAny(OFF_TOPIC_KEYWORDS),
    greeting: findAny(GREETINGS),
    thanks: findAny(THANKS),
  };
}

/** Strong keywords weigh 2, weak ('~') ones 1. */
function topicScore(typed: readonly string[], topic: Topic, known: Vocabulary): number {
  const keywords = TOPIC_KEYWORDS[topic];
  const strong = keywords.filter((k) => !k.startsWith("~"));
  const weak = keywords.filter((k) => k.startsWith("~")).map(plain);
  return 2 * countKeywords(typed, strong, known) + countKeywords(typed, weak, known);
}
