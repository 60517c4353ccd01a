// Decisions about spending the account's day (spec 8: 5,000 requests a day per account, reset at
// 00:00 UTC; A8) that the specs leave open; src/api/assumptions.ts re-exports them.
// The reasons are in docs/DECISIONS.md "The shop's day on a clock".
export const SHOP_DAY = {
  /**
   * The share of the shop's budget its periodic passes may take in `shop run`. Less than half: the
   * day's first pass (a refill of every rule) and each confirmed sale come out of the same budget,
   * so an idle day over 12 rules stays within 10% of the day at the default budget of 20%.
   */
  passShare: 0.45,
  /** `webhooks listen`'s catch-ups: half the budget (no first pass of refills beside them). */
  catchUpShare: 0.5,
  /**
   * While the webhook receiver misses sales (a full pass finds sales in the mirror that no
   * confirmed delivery brought), the periodic pass is the only way they are seen: it runs this
   * many times as often, taking the share the per-sale work is not using (within the budget),
   * never more often than shop.yaml's `every:`. Back to the stretched pace once it delivers again.
   */
  receiverDownFactor: 2,
} as const;
