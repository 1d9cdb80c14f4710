import type { catalogEs } from "./catalog.es";

/** English messages of the catalog pages: exactly the keys of catalog.es.ts. */
export const catalogEn = {} satisfies Record<keyof typeof catalogEs, string>;
