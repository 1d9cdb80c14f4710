/** Spanish messages of the catalog pages (merged into es.ts). */
export const catalogEs = {} as const;
