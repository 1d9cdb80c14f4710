/**
 * Which language a question is written in (decision “The assistant works offline”: the reply follows the question). Spanish and
 * English function words are counted, Spanish accents, 'ñ' and '¿¡' weigh for Spanish; when the
 * evidence is even (a bare product name, 'ok', a number) the page's language decides.
 */
import type { Language } from "~/i18n/languages";
import { words } from "./text";

// Everyday words that belong to one language only (folded). Product names are left out on
// purpose: 'do you have arroz?' is English.
const SPANISH = new Set(
  (
    "que de el la los las un una unos unas del al y o pero con sin por para en es son esta estan " +
    "tienen tiene tienes hay venden vende vendes cuanto cuanta cuantos cuesta cuestan vale valen " +
    "como cuando donde quien cual cuales porque mi mis tu su sus yo me te se nos usted ustedes " +
    "hola buenas buenos dias tardes noches gracias quiero quisiera necesito puedo pueden puede " +
    "envio envios entrega pedido pedidos orden compra comprar pago pagar efectivo tarjeta " +
    "precio precios devolucion devolver garantia cancelar vender proveedor mayor tasa cambio " +
    "dolar telefono correo horario ayuda algo hacen llega llegan tarda demora si ya mas muy " +
    "tambien aceptan hacer ver saber estado cuenta contrasena ahora hoy manana otro otra todos " +
    "mandan entregan envian llevan traen pido hago oye pa pal q asere ahorita a " +
    "ayer llego llegado llegue roto rota rompio ha han he hemos sirve funciona esto eso ese esa aqui " +
    "mio mia nada nadie tengo tenemos estoy fue pasa paso vino revisar revisa dime"
  ).split(" "),
);

const ENGLISH = new Set(
  (
    "the a an of to and or but with without for in on at is are was be do does did you your i my me " +
    "we our they it this that have has had can could would will how much many what when where who " +
    "which why hello hi hey thanks thank please want need buy sell sold shipping delivery order " +
    "orders pay payment cash card price prices cost costs return returns refund warranty cancel " +
    "seller supplier wholesale rate exchange dollar phone email hours help get any there stock " +
    "available long take takes arrive status my just also yet now today tomorrow other all about " +
    "from good morning afternoon evening night here know think send sent bring mom dad family"
  ).split(" "),
);

/**
 * English words Cuban shoppers use in Spanish ('hacen delivery a Matanzas', 'hice un order'): they
 * say nothing about the language of the sentence around them.
 */
const LOANWORDS: ReadonlySet<string> = new Set(
  "delivery order orders ok okay online shopping cash combo link email chat app wifi split laptop tablet mouse router power bank pullover".split(
    " ",
  ),
);

/** The question's language, or `fallback` when the question does not say. */
export function detectLanguage(message: string, fallback: Language): Language {
  let es = 0;
  let en = 0;
  if (/[¿¡ñáéíóú]/i.test(message)) es += 2;
  // Each word counts once: 'what do I do' is not twice as English.
  for (const word of new Set(words(message))) {
    // A word both languages spell the same way ('a', 'me', 'no') weighs for neither.
    if (LOANWORDS.has(word) || (SPANISH.has(word) && ENGLISH.has(word))) continue;
    if (SPANISH.has(word)) es += 1;
    if (ENGLISH.has(word)) en += 1;
  }
  if (es === en) return fallback;
  return es > en ? "es" : "en";
}
