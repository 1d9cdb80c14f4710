/**
 * Cuba's provinces and municipalities (the division in force since 2011: 15 provinces and the
 * special municipality Isla de la Juventud, 168 municipalities), west to east. Browser-safe data:
 * the delivery-zone chooser, the back office and the API read it. A municipality's `id` is the
 * slug of its name; a name found in two provinces (San Luis) gets its province's slug appended.
 */
export type Province = { id: string; name: string };
export type Municipality = { id: string; name: string; provinceId: string };

const DIVISION: ReadonlyArray<readonly [province: string, municipalities: readonly string[]]> = [
  [
    "Pinar del Río",
    [
      "Consolación del Sur",
      "Guane",
      "La Palma",
      "Los Palacios",
      "Mantua",
      "Minas de Matahambre",
      "Pinar del Río",
      "San Juan y Martínez",
      "San Luis",
      "Sandino",
      "Viñales",
    ],
  ],
  [
    "Artemisa",
    [
      "Alquízar",
      "Artemisa",
      "Bahía Honda",
      "Bauta",
      "Caimito",
      "Candelaria",
      "Guanajay",
      "Güira de Melena",
      "Mariel",
      "San Antonio de los Baños",
      "San Cristóbal",
    ],
  ],
  [
    "La Habana",
    [
      "Playa",
      "Plaza de la Revolución",
      "Centro Habana",
      "La Habana Vieja",
      "Regla",
      "La Habana del Este",
      "Guanabacoa",
      "San Miguel del Padrón",
      "Diez de Octubre",
      "Cerro",
      "Marianao",
      "La Lisa",
      "Boyeros",
      "Arroyo Naranjo",
      "Cotorro",
    ],
  ],
  [
    "Mayabeque",
    [
      "Batabanó",
      "Bejucal",
      "Güines",
      "Jaruco",
      "Madruga",
      "Melena del Sur",
      "Nueva Paz",
      "Quivicán",
      "San José de las Lajas",
      "San Nicolás",
      "Santa Cruz del Norte",
    ],
  ],
  [
    "Matanzas",
    [
      "Calimete",
      "Cárdenas",
      "Ciénaga de Zapata",
      "Colón",
      "Jagüey Grande",
      "Jovellanos",
      "Limonar",
      "Los Arabos",
      "Martí",
      "Matanzas",
      "Pedro Betancourt",
      "Perico",
      "Unión de Reyes",
    ],
  ],
  ["Cienfuegos", ["Abreus", "Aguada de Pasajeros", "Cienfuegos", "Cruces", "Cumanayagua", "Lajas", "Palmira", "Rodas"]],
  [
    "Villa Clara",
    [
      "Caibarién",
      "Camajuaní",
      "Cifuentes",
      "Corralillo",
      "Encrucijada",
      "Manicaragua",
      "Placetas",
      "Quemado de Güines",
      "Ranchuelo",
      "Remedios",
      "Sagua la Grande",
      "Santa Clara",
      "Santo Domingo",
    ],
  ],
  [
    "Sancti Spíritus",
    ["Cabaiguán", "Fomento", "Jatibonico", "La Sierpe", "Sancti Spíritus", "Taguasco", "Trinidad", "Yaguajay"],
  ],
  [
    "Ciego de Ávila",
    [
      "Baraguá",
      "Bolivia",
      "Chambas",
      "Ciego de Ávila",
      "Ciro Redondo",
      "Florencia",
      "Majagua",
      "Morón",
      "Primero de Enero",
      "Venezuela",
    ],
  ],
  [
    "Camagüey",
    [
      "Camagüey",
      "Carlos Manuel de Céspedes",
      "Esmeralda",
      "Florida",
      "Guáimaro",
      "Jimaguayú",
      "Minas",
      "Najasa",
      "Nuevitas",
      "Santa Cruz del Sur",
      "Sibanicú",
      "Sierra de Cubitas",
      "Vertientes",
    ],
  ],
  [
    "Las Tunas",
    ["Amancio", "Colombia", "Jesús Menéndez", "Jobabo", "Las Tunas", "Majibacoa", "Manatí", "Puerto Padre"],
  ],
  [
    "Holguín",
    [
      "Antilla",
      "Báguanos",
      "Banes",
      "Cacocum",
      "Calixto García",
      "Cueto",
      "Frank País",
      "Gibara",
      "Holguín",
      "Mayarí",
      "Moa",
      "Rafael Freyre",
      "Sagua de Tánamo",
      "Urbano Noris",
    ],
  ],
  [
    "Granma",
    [
      "Bartolomé Masó",
      "Bayamo",
      "Buey Arriba",
      "Campechuela",
      "Cauto Cristo",
      "Guisa",
      "Jiguaní",
      "Manzanillo",
      "Media Luna",
      "Niquero",
      "Pilón",
      "Río Cauto",
      "Yara",
    ],
  ],
  [
    "Santiago de Cuba",
    [
      "Contramaestre",
      "Guamá",
      "Mella",
      "Palma Soriano",
      "San Luis",
      "Santiago de Cuba",
      "Segundo Frente",
      "Songo-La Maya",
      "Tercer Frente",
    ],
  ],
  [
    "Guantánamo",
    [
      "Baracoa",
      "Caimanera",
      "El Salvador",
      "Guantánamo",
      "Imías",
      "Maisí",
      "Manuel Tames",
      "Niceto Pérez",
      "San Antonio del Sur",
      "Yateras",
    ],
  ],
  ["Isla de la Juventud", ["Isla de la Juventud"]],
];

/** A name as compared: lower case, accents dropped ("Güines" and "guines" are one name). */
export const foldName = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .trim();

/** A name as an id: accents and case folded, anything else between words a hyphen ("Güira de Melena" → "guira-de-melena"). */
export const slugOf = (name: string) =>
  foldName(name)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const PROVINCES: readonly Province[] = DIVISION.map(([name]) => ({ id: slugOf(name), name }));

const nameCount = new Map<string, number>();
for (const [, names] of DIVISION) for (const name of names) nameCount.set(name, (nameCount.get(name) ?? 0) + 1);

export const MUNICIPALITIES: readonly Municipality[] = DIVISION.flatMap(([province, names]) =>
  names.map((name) => ({
    id: nameCount.get(name)! > 1 ? `${slugOf(name)}-${slugOf(province)}` : slugOf(name),
    name,
    provinceId: slugOf(province),
  })),
);

const municipalities = new Map(MUNICIPALITIES.map((m) => [m.id, m]));
const provinces = new Map(PROVINCES.map((p) => [p.id, p]));

export const findMunicipality = (id: string): Municipality | undefined => municipalities.get(id);
export const findProvince = (id: string): Province | undefined => provinces.get(id);

/**
 * The municipality a shopper typed (the checkout's `city`, optionally with its `state`), by name
 * with accents and case ignored; with two of that name (San Luis) the province decides, and
 * without it there is no answer.
 */
export function municipalityNamed(city: string, province?: string): Municipality | undefined {
  const name = foldName(city);
  const provinceId = province ? slugOf(province) : undefined;
  const matches = MUNICIPALITIES.filter((m) => foldName(m.name) === name);
  const inProvince = provinceId ? matches.filter((m) => m.provinceId === provinceId) : matches;
  return inProvince.length === 1 ? inProvince[0] : matches.length === 1 ? matches[0] : undefined;
}
