// What one refill did (planning: would do), as data: the refill's three ends (nothing to send,
// the dry run, a finished job) hand it to the caller of `refillListing` instead of printing only.
export interface RefillFigures {
  /** Held before. */
  held: number;
  /** Sent (planning: that would be sent). */
  sent: number;
  /** Held after (planning: held + sent). */
  inStock: number;
  /** Pool entries never sent, after this refill. */
  poolLeft: number;
}

export type FigureSink = (f: RefillFigures) => void;
