import type { ColorOption } from "~/db/schema/catalog";
import type { ColorKey } from "./types";

/** Colour options of the demo catalogue: Spanish name (stored in `color`), English name and swatch hex. */
export const COLORS: Record<ColorKey, ColorOption> = {
  negro: { name: "Negro", name_en: "Black", hex: "#111827" },
  blanco: { name: "Blanco", name_en: "White", hex: "#f9fafb" },
  gris: { name: "Gris", name_en: "Grey", hex: "#6b7280" },
  plateado: { name: "Plateado", name_en: "Silver", hex: "#c0c4cc" },
  azul: { name: "Azul", name_en: "Blue", hex: "#2563eb" },
  azulMarino: { name: "Azul marino", name_en: "Navy blue", hex: "#1e3a8a" },
  celeste: { name: "Azul cielo", name_en: "Sky blue", hex: "#7dd3fc" },
  rojo: { name: "Rojo", name_en: "Red", hex: "#dc2626" },
  verde: { name: "Verde", name_en: "Green", hex: "#16a34a" },
  rosado: { name: "Rosado", name_en: "Pink", hex: "#f472b6" },
  beige: { name: "Beige", name_en: "Beige", hex: "#e7d7b9" },
  amarillo: { name: "Amarillo", name_en: "Yellow", hex: "#facc15" },
  morado: { name: "Morado", name_en: "Purple", hex: "#7c3aed" },
  naranja: { name: "Naranja", name_en: "Orange", hex: "#f97316" },
  dorado: { name: "Dorado", name_en: "Gold", hex: "#d4a72c" },
};
