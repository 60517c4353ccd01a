// Stock levels, refill from a pool, and the input files svc reads (docs/DECISIONS.md "Stock
// levels and refill", "Input files").

// stock levels and refill from a credential pool (docs/DECISIONS.md "Stock levels
// and refill"). The spec names no such feature; these are svc's own choices.
export const STOCK_LEVELS = {
  /** `stock status`: the pace of sales is measured over this many days ("the last 7 days"). */
  salesWindowDays: 7,
  /** Orders that took stock: every sale but a cancelled or unpaid one (A4 order statuses). */
  soldStatuses: ['processing', 'delivered', 'completed', 'in_mediation'] as readonly string[],
  /** `stock refill`: the highest --target, the service's per-variant ceiling (spec 8). */
  targetMax: 10_000,
  /** `stock refill` warns "running low" when the entries left are fewer than this share of --target. */
  poolLowFraction: 1,
  /** A refill waits this long for another refill of the same pool (a cron run meeting a hook), checking every poolLockPollMs. */
  poolLockWaitMs: 120_000,
  poolLockPollMs: 200,
} as const;

// ---- input files (docs/DECISIONS.md "Input files") -------------------
// svc decision: zero-width characters refused inside a credential (unless --keep-whitespace):
// ZERO WIDTH SPACE, NON-JOINER, JOINER, WORD JOINER, the invisible operators, MONGOLIAN VOWEL
// SEPARATOR, SOFT HYPHEN and a BOM that is not at the start of a line.
export const ZERO_WIDTH_CHARACTERS: readonly number[] = [
  0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x180e, 0x00ad, 0xfeff,
];
// svc decision: stdin (`--file -`, `bulk-price -`) is spooled to a file with no name (Linux
// O_TMPFILE; elsewhere a 0700 folder swept at the next start), at most this many bytes: the largest valid stock job (10000 credentials x 5000 characters) with room for
// multi-byte characters, refs, costs and CSV quoting. Past it: exit 2, nothing sent.
// SVC_STDIN_MAX_BYTES lowers or raises it.
export const STDIN_SPOOL_MAX_BYTES = 64 * 1024 * 1024;
// svc decision: rows of a spreadsheet export whose cells are all empty (Excel's `;;` rows
// below the data) are blank lines; header columns with no name at the end of the header are
// ignored; columns the verb does not know are ignored with one note naming them
// (--strict-columns refuses them, the behaviour before).
// svc decision: credentials are normalised (BOM, CR, leading/trailing whitespace) before they
// are judged, deduplicated and sent; repeats within a file are dropped with --dedupe skip.
// svc decision: a thousands separator is accepted when the file shows which mark is the
// decimal one (a value with both marks, or with one mark followed by 1 or 2 digits); a value
// like 1.234 in a file that does not say is refused as ambiguous. Spaces, NBSP, narrow NBSP
// and `'` group digits only, never decimals.
