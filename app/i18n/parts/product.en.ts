import type { productEs } from "./product.es";

/** English messages of the product pages: exactly the keys of product.es.ts. */
export const productEn = {} satisfies Record<keyof typeof productEs, string>;
