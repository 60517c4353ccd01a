// svc's own tools beyond the marketplace: one identity of the account, backup, outbound proxies
// and the MCP server (docs/DECISIONS.md).

// ---- svc decision "one identity" (docs/DECISIONS.md "One identity of the account") ----------
// spec 4 names `GET /api/v2/me` "identity of the key"; api-assumptions.md gives Me `accountId` and
// `sellerId`. svc keys what it records for an account (the pool ledger, the orders mirror) by
// those two ids, never by the base URL as spelled, the profile or the pool secret; asked once per
// key (a hash of the base URL and key names the cached answer: state/identity-cache.ts) and
// counted in the requests of the run that asks. A v1-only session has no identity (the route is
// v2): the mirror then keeps its owner check by the orders' sellerId.
// spec 5.5 ("keys stay on the server side"): the key is sent only over https or to loopback;
// plain http elsewhere is refused unless --insecure-http (api/base-url.ts checkKeyTransport).
// One pool secret per account: a second one for an account with tagged uploads is refused.

/**
 * Backup and restore (docs/DECISIONS.md, "Backup and restore"), where the specs say nothing.
 * The package and the releases (docs/DECISIONS.md, "A name that is ours"): the npm package is
 * `@svc-cli/svc` and the install scripts fetch from https://github.com/svc-cli/svc/releases, both
 * placeholders the publisher sets once (package.json `name`, SVC_RELEASE_URL's default in
 * deploy/install.sh and install.ps1, the README's Install section; test/docs/install-recipes
 * keeps every recipe on the scoped name).
 */
export const BACKUP = {
  /** scrypt's cost as log2(N), r=8, p=1: 2^15 is OWASP's floor for scrypt (~32 MiB, ~0.1 s a try). */
  scryptLogN: 15,
  /** A shorter passphrase is refused: the archive holds the API keys and the pool secret. */
  minPassphraseChars: 8,
} as const;

/**
 * Outbound proxies (the specs are silent; docs/DECISIONS.md "Outbound proxies from the
 * environment"): the variables curl reads, each in either case with the lower-case one first; a
 * loopback target (the sandbox) always direct; a proxied request always through a CONNECT
 * tunnel, so the proxy never reads a request (src/api/proxy.ts).
 */
export const OUTBOUND_PROXY = {
  /** The proxy of a target, by the target's scheme. */
  variableFor: { 'https:': 'HTTPS_PROXY', 'http:': 'HTTP_PROXY' } as Readonly<Record<string, string>>,
  /** Hosts that go direct (comma or space separated; `*` for all). */
  bypass: 'NO_PROXY',
} as const;

// ---- svc mcp: what an assistant may do (docs/DECISIONS.md "An MCP server for assistants") ----
export const MCP = {
  /** A write plan is applied within this long of being made, or planned again. */
  planTtlMs: 10 * 60_000,
  /** The most bytes of JSON one tool result carries; a longer list is cut and says so. */
  resultMaxBytes: 64_000,
  /** The largest page a list tool reads (A2's maximum page). */
  pageMax: 100,
  /**
   * A mirror-backed read (orders profit, stock status) within this long of the last one that
   * synced reads the orders mirror as it is: no request; an assistant asking three questions
   * about this week's sales spends the sync once. `offline: false` syncs anyway.
   */
  mirrorFreshMs: 2 * 60_000,
  /** The most rows one price plan carries (50 bulk-price requests of 100, spec 8). */
  maxRows: 5000,
  /**
   * The assistant's share of the quota unless `svc mcp` is told less: 600 requests an hour and
   * 2500 a day, half of a v2 key's 5000 a day (A8), so the shop's own jobs keep the other half.
   */
  budgetPerHour: 600,
  budgetPerDay: 2500,
} as const;
