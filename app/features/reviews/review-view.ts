/** One review as the page shows it: the §3 fields and the date already written out. */
export type ReviewView = {
  id: number;
  user: string;
  rating: number;
  comment: string;
  /** ISO 8601, for `<time datetime>`. */
  date_created: string;
  /** The date in the page's language, written by the server (no locale data needed in the browser). */
  date_label: string;
  verified_purchase: boolean;
  helpful_count: number;
  /** The signed-in viewer's own review. */
  is_own: boolean;
};
