/**
 * Demo reviewers and their reviews (spec §2.11, decision “Review comments”): ~150 reviews over ~70 products, ratings
 * skewed to 4-5 as in real shops, Spanish comments of 10 to 500 characters built from sentences
 * that fit the product's category, one review per user and product.
 */
import type { users } from "~/db/schema/accounts";
import type { reviews } from "~/db/schema/reviews";
import { createRandom } from "./random";

/** Fisher-Yates, in place. */
function shuffle<T>(items: T[], next: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** Shoppers who wrote the demo reviews: no password and inactive, so nobody can sign in as them. */
export const DEMO_REVIEWERS: ReadonlyArray<Pick<typeof users.$inferInsert, "email" | "username" | "firstName" | "lastName">> = [
  { email: "yanet.perez@example.com", username: "yanetp", firstName: "Yanet", lastName: "Pérez" },
  { email: "alejandro.rodriguez@example.com", username: "alejandror", firstName: "Alejandro", lastName: "Rodríguez" },
  { email: "yusleidy.fernandez@example.com", username: "yusleidyf", firstName: "Yusleidy", lastName: "Fernández" },
  { email: "ernesto.diaz@example.com", username: "ernestod", firstName: "Ernesto", lastName: "Díaz" },
  { email: "daylin.hernandez@example.com", username: "daylinh", firstName: "Daylín", lastName: "Hernández" },
  { email: "osmany.lopez@example.com", username: "osmanyl", firstName: "Osmany", lastName: "López" },
  { email: "lisandra.martinez@example.com", username: "lisandram", firstName: "Lisandra", lastName: "Martínez" },
  { email: "reinier.sanchez@example.com", username: "reiniers", firstName: "Reinier", lastName: "Sánchez" },
  { email: "yaimara.torres@example.com", username: "yaimarat", firstName: "Yaimara", lastName: "Torres" },
  { email: "dayron.castillo@example.com", username: "dayronc", firstName: "Dayron", lastName: "Castillo" },
  { email: "marisleidys.romero@example.com", username: "marisleidysr", firstName: "Marisleidys", lastName: "Romero" },
  { email: "yoandry.alvarez@example.com", username: "yoandrya", firstName: "Yoandry", lastName: "Álvarez" },
];

type Group = "food" | "care" | "home" | "tech" | "fashion";
type Tone = "good" | "mid" | "bad";

const GROUP_OF: Record<string, Group> = {
  alimentos: "food",
  bebidas: "food",
  "aseo-personal": "care",
  farmacia: "care",
  hogar: "home",
  ferreteria: "home",
  electrodomesticos: "tech",
  "energia-solar": "tech",
  electronica: "tech",
  "ropa-y-calzado": "fashion",
};

const PRODUCT_SENTENCES: Record<Group, Record<Tone, readonly string[]>> = {
  food: {
    good: [
      "Muy buena calidad, igual que el que se compraba antes en la shopping.",
      "Lo compré para mi mamá en Centro Habana y le encantó.",
      "El paquete llegó sellado y con fecha de vencimiento lejana.",
      "Rinde muchísimo, con esto resolvemos casi todo el mes.",
      "Buen precio comparado con lo que cuesta en la calle.",
      "Se lo mandé a mis abuelos y llegó todo completo, hasta con la factura.",
    ],
    mid: [
      "Está bien, aunque esperaba un paquete un poco más grande por el precio.",
      "El producto es bueno pero una de las bolsas vino un poco rota.",
      "Cumple, pero he visto la misma marca más barata en otra tienda.",
    ],
    bad: [
      "La fecha de vencimiento estaba muy cerca, no me gustó.",
      "Llegó una unidad menos de lo que pedí y tuve que reclamar.",
      "El congelado llegó medio descongelado, la nevera no tenía hielo suficiente.",
    ],
  },
  care: {
    good: [
      "Huele riquísimo y dura bastante.",
      "Original, no es de esos imitados que venden por ahí.",
      "Lo uso toda la familia y nadie ha tenido alergia.",
      "Muy difícil de conseguir en la farmacia, aquí lo encontré enseguida.",
      "Buena presentación y el frasco vino bien cerrado.",
    ],
    mid: [
      "Es bueno, pero el olor es más suave de lo que pensaba.",
      "Cumple su función, aunque el envase es más pequeño de lo que parece en la foto.",
    ],
    bad: [
      "El frasco llegó derramado dentro de la bolsa.",
      "No me hizo el efecto que esperaba y el precio es alto.",
    ],
  },
  home: {
    good: [
      "Muy resistente, se nota que es de buena calidad.",
      "Justo lo que necesitaba para la casa, funciona perfecto.",
      "Mi esposo lo instaló en un rato, vino con todo lo necesario.",
      "Lo recomiendo, ya compré otro para mi hermana.",
      "Buena relación calidad precio.",
    ],
    mid: [
      "Está bien por el precio, pero el acabado podría ser mejor.",
      "Funciona, aunque las instrucciones venían solo en inglés.",
    ],
    bad: [
      "Vino con una pieza rajada, tuve que llamar a atención al cliente.",
      "No es tan resistente como dice la descripción.",
    ],
  },
  tech: {
    good: [
      "Aguantó el apagón completo de la noche sin problema.",
      "Enfría rapidísimo y casi no se siente el consumo en la cuenta de la corriente.",
      "Vino sellado en su caja, con garantía y factura.",
      "El técnico que lo trajo me explicó cómo usarlo, excelente servicio.",
      "Ya lleva dos meses funcionando todos los días sin ningún problema.",
      "Con los apagones que hay esto es una bendición, ahora los niños pueden dormir.",
      "La batería dura más de lo que dice el fabricante.",
    ],
    mid: [
      "Funciona bien, pero hace un poco más de ruido de lo que esperaba.",
      "Buen equipo, aunque la entrega se demoró un día más de lo prometido.",
      "Cumple, pero el manual en español no está muy claro.",
    ],
    bad: [
      "A la semana empezó a fallar, lo cambiaron por la garantía pero fue un proceso lento.",
      "No rinde lo que dice la descripción, con la nevera conectada dura muy poco.",
      "Llegó con un golpe en la caja y un rayón en el frente.",
    ],
  },
  fashion: {
    good: [
      "La talla es exacta, me sirvió perfecto.",
      "La tela es fresca, ideal para el calor de aquí.",
      "El color es igual que en la foto.",
      "Muy cómodos, los uso todos los días para ir al trabajo.",
      "Se lo regalé a mi hijo por su cumpleaños y le encantó.",
    ],
    mid: [
      "Bonito, pero talla un poco pequeño, recomiendo pedir una talla más.",
      "La calidad está bien, aunque el color es un poco más oscuro que en la foto.",
    ],
    bad: [
      "Después de dos lavadas ya se desteñía.",
      "La talla no corresponde, me quedó muy grande.",
    ],
  },
};

const SERVICE_SENTENCES: Record<Tone, readonly string[]> = {
  good: [
    "La entrega fue rápida, al día siguiente lo tenía en la casa.",
    "El mensajero fue muy amable y llamó antes de llegar.",
    "Pagué en efectivo al recibir, sin complicaciones.",
    "Atención al cliente me respondió enseguida por WhatsApp.",
    "Es la tercera vez que compro aquí y siempre cumplen.",
    "Excelente, cien por ciento recomendado.",
    "Llegó bien embalado.",
  ],
  mid: [
    "La entrega demoró un poco pero llegó.",
    "El mensajero no encontraba la dirección, hubo que explicarle por teléfono.",
    "Está bien, nada del otro mundo.",
  ],
  bad: [
    "La entrega se demoró tres días y nadie me avisó.",
    "Tuve que llamar varias veces para saber dónde estaba el pedido.",
    "No lo vuelvo a comprar.",
  ],
};

export type ReviewTarget = { id: number; categorySlug: string; dateCreated: Date; sold: number };

export type DemoReview = Omit<typeof reviews.$inferInsert, "id">;

/**
 * About 150 reviews over about 70 products, by the users whose ids are given (one review per user
 * and product, as decision “Review comments” requires). Best sellers are more likely to be reviewed.
 */
export function buildDemoReviews(targets: readonly ReviewTarget[], userIds: readonly number[], now: Date): DemoReview[] {
  const random = createRandom(5355512345);
  const ranked = [...targets].sort((a, b) => b.sold - a.sold || a.id - b.id);
  // Mostly best sellers, plus some others so that reviews show up across the catalogue.
  const chosen = new Map<number, ReviewTarget>();
  for (const t of ranked.slice(0, 40)) if (random.next() < 0.85) chosen.set(t.id, t);
  while (chosen.size < 70 && chosen.size < targets.length) {
    const t = random.pick(targets);
    chosen.set(t.id, t);
  }
  const result: DemoReview[] = [];
  let remaining = 150;
  const list = [...chosen.values()];
  list.forEach((product, index) => {
    const left = list.length - index;
    // Spread ~150 reviews: 1 to 4 per product, averaging what is left.
    const count = Math.max(1, Math.min(4, userIds.length, Math.round(remaining / left + (random.next() - 0.5) * 2)));
    remaining -= count;
    const reviewers = shuffle([...userIds], random.next).slice(0, count);
    for (const userId of reviewers) {
      const rating = random.weighted([
        [5, 45],
        [4, 30],
        [3, 12],
        [2, 7],
        [1, 6],
      ] as const);
      const tone: Tone = rating >= 4 ? "good" : rating === 3 ? "mid" : "bad";
      const group = GROUP_OF[product.categorySlug] ?? "home";
      const long = random.next() < 0.3;
      const sentences = new Set<string>([random.pick(PRODUCT_SENTENCES[group][tone])]);
      const extra = long ? 3 : random.int(0, 2);
      for (let i = 0; i < extra; i++) {
        sentences.add(random.next() < 0.5 ? random.pick(PRODUCT_SENTENCES[group][tone]) : random.pick(SERVICE_SENTENCES[tone]));
      }
      const comment = [...sentences].join(" ").slice(0, 500);
      const from = product.dateCreated.getTime();
      const dateCreated = new Date(from + random.next() * Math.max(0, now.getTime() - from));
      result.push({
        productId: product.id,
        userId,
        rating: rating.toFixed(1),
        comment,
        verifiedPurchase: random.next() < 0.6,
        helpfulCount: Math.floor(Math.pow(random.next(), 2) * 40),
        dateCreated,
      });
    }
  });
  return result;
}
