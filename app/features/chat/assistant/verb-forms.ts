/**
 * Spanish verb forms said around a question ('quisiera orientarme', 'quiero repetirla', 'estoy
 * buscando'): an infinitive, with the pronouns joined to it, or a gerund is no thing a shopper asks
 * for. Read by morphology, so that a verb no vocabulary lists is still known as one. Pure.
 */

/** Pronouns joined to an infinitive or a gerund ('mandarle', 'repetirla', 'regalárselos'). */
const PRONOUNS = "(?:me|te|le|lo|la|les|los|las|nos|se|selo|sela|selos|selas|melo|mela|telo|tela)";
/** Infinitives in -ar and -ir (not -ular: 'celular', 'regular'; not -air: 'chair', 'hair'). */
const AR_IR = "(?:(?<!ul)ar|[^a]ir)";
/** A bare one this short may be a noun ('lugar', 'solar', 'cigar'). */
const BARE_MIN_LENGTH = 7;
/**
 * The -er endings that only verbs have ('conocer', 'tener', 'hacer', 'saber', 'poner', 'traer',
 * 'poder', 'querer', 'entender', 'proceder', 'escoger', 'proteger', 'devolver', 'comer', 'correr').
 */
const ER = "(?:ecer|ocer|ener|acer|aber|oner|raer|oder|erer|ntender|eder|oger|eger|olver|omer|orrer)";
const WITH_PRONOUN = new RegExp(`^[a-z]{2,}(?:${AR_IR}|er)${PRONOUNS}$`);
const BARE_AR_IR = new RegExp(`^[a-z]{2,}${AR_IR}$`);
const BARE_ER = new RegExp(`^[a-z]*${ER}$`);
const GERUND = new RegExp(`^[a-z]{3,}(?:ando|iendo|yendo)${PRONOUNS}?$`);

/** Whether a folded word is a Spanish infinitive or gerund ('orientar', 'hacerle', 'buscando'). */
export function isVerbForm(word: string): boolean {
  return (
    WITH_PRONOUN.test(word) ||
    GERUND.test(word) ||
    BARE_ER.test(word) ||
    (word.length >= BARE_MIN_LENGTH && BARE_AR_IR.test(word))
  );
}
