/** Spanish messages of the product pages (merged into es.ts). */
export const productEs = {} as const;
