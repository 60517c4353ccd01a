// The orders mirror (docs/DECISIONS.md "Orders mirror").

// ---- the orders mirror -----------------------------------------------------------
// Order states and their transitions are not shown (spec 3), nor the order of the orders list
// (A2 names no sort). These are svc's decisions about them (docs/DECISIONS.md "Orders mirror").
export const MIRROR = {
  /** The database's schema; a mirror of another version is rebuilt (with a message). */
  schemaVersion: 1,
  /**
   * A later sync re-reads every order created within this long before the newest one it knows
   * (A2 `from`, by createdAt): the new orders, the recent ones whose status moves within minutes
   * (pending_payment -> processing -> delivered), and orders the service wrote late or with a
   * skewed clock. Whatever order the service lists in, the `from` filter makes the set exact.
   * `--window`. Cost: one request per 100 orders created since the newest held, less this.
   */
  recheckWindowMs: 10 * 60_000,
  /**
   * Orders older than the window whose status can still change (a mediation opened on a week-old
   * sale, a sale stuck in processing, an unpaid one that expires) are refreshed each sync: one
   * `status=in_mediation` query finds settled sales taken to mediation; a mirrored order in one
   * of these statuses is read again by id (one or two) or by one `status=` query (more).
   * delivered -> completed or cancelled outside the window is not seen (`orders sync --full`).
   */
  transientStatuses: ['pending_payment', 'processing', 'in_mediation'] as readonly string[],
  /**
   * svc decision "one identity": a delivered sale can still be refunded, cancelled or taken to
   * mediation until its money is released (spec 6.3 `funds.released`, "some days after delivery":
   * sellers.md) and, for an account, within its warranty (spec 2.1 `warrantyPeriod`, days). Neither
   * window is given a length: each sync asks for the sales cancelled among those up to this old
   * (one `status=cancelled` query; profit counts delivered and completed alike, A13), so refunds
   * reach the reports; older ones by `orders sync --full`.
   */
  settleWindowMs: 30 * 24 * 60 * 60_000,
  /** A paid sale with no delivery after this long is reported as stuck (auto-delivery ran dry). */
  stuckAfterMs: 30 * 60_000,
  /** `webhooks listen` catches up on its start and this often while it runs (`--catch-up-every`). */
  catchUpEveryMs: 5 * 60_000,
  /** Catch-up looks back at most this far (and never before the listener's first start). */
  catchUpLookbackMs: 7 * 24 * 60 * 60_000,
  /** A second sync of the same mirror waits this long for the first, then exits 2. */
  lockWaitMs: 120_000,
  /** Page size of the sync's reads (A2's maximum). */
  pageSize: 100,
  /**
   * The most pages one sync pass reads (500,000 orders: a full day of a v2 key's quota). A first
   * page that claims more fails at once, like MAX_LIST_PAGES for `--all`: a server's totalPages
   * alone never keeps svc paging, and a server that keeps sending full pages is cut.
   */
  maxPages: 5000,
} as const;
