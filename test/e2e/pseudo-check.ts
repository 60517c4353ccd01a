// What "a line escaped the catalogue" means under SVC_LANG=pseudo (src/i18n/pseudo.ts): every
// text of svc is bracketed and accented there, `⟦Ŝàlé⟧`, and under SVC_LANG_MARKS=1
// (src/i18n/marks.ts) wrapped in two invisible marks, so what stays outside the brackets or the
// marks is a value (an id, a number, money, a file name, a code, a flag) or an escape: a plain
// English word.

/** Tokens that are values, not words: numbers, money, paths, codes, flags, quoted data, dates. */
function isValue(token: string): boolean {
  const t = token.replace(/^[(["'`«]+|[)\]"'`»:;,.!?…]+$/g, '');
  if (t === '') return true;
  return (
    /\d/.test(t) || // ids, money, counts, dates, times
    /[/\\]/.test(t) || // paths, urls
    /\.[a-z0-9]{2,6}$/i.test(t) || // file names (shop.svcbak)
    /^[A-Z][A-Z0-9_]+$/.test(t) || // codes (OFFLINE_PAUSED), ids like ORD
    t === 'svc' || // the program's name (`svc: GET /api/v2/me → 200` in a trace)
    t === 'stdin' || // standard input's file name (`stdin:3: …`)
    /^-/.test(t) || // flags
    /^[a-z]+[_.][a-z_.,]+$/.test(t) || // the service's own values (em_analise, price_cents, order.delivered,sale.processing)
    /^[a-z]+:[a-z]+$/.test(t) || // a key's scope (orders:read)
    /^(?=.*[a-z])(?=.*[A-Z])[\w-]{16,}$/.test(t) || // a random token (an idempotency key of 22 base64url characters)
    !/[a-z]/i.test(t) // punctuation, R$, arrows
  );
}

/** An argument or option value as commander writes it: `<id>`, `<ids...>`, `<id[:variant]>`, `<on|off>`, `[options]`. */
const ARG = /<[a-z][\w.|:[\]-]*(?:\.\.\.)?>|\[[a-z][\w|:-]*(?:\.\.\.)?\]/;

/**
 * A line without the commands it names, which are what a seller types, not text: an example of
 * the help (`  $ svc products list --all   # comment`, `$ cat keys.txt | svc …`: the comment stays), a command line
 * (`Usage: svc products list [options]`), a command or option column of the help (`  list
 * [options]   list your listings`: the marked description stays).
 */
function withoutCommands(line: string): string {
  return (
    line
      .replace(/^(\s*)\$ .*?(\s#\s|$)/, '$1 ')
      // the program's name as a word (not the `svc` of `shop.svcbak`)
      .replace(new RegExp(`(?<![\\w.])svc\\b( [a-z][a-z0-9-]*)*( (?:${ARG.source}))*`, 'g'), ' ')
      .replace(new RegExp(`^\\s{2}[a-z][\\w|:[\\]-]*( (?:${ARG.source}))*\\s{2,}(?=[\u206a⟦])`), ' ')
      .replace(new RegExp(ARG.source, 'g'), ' ')
  );
}

/** The English words a line has outside the brackets (quoted data and `code` left out). */
export function escapedWords(line: string): string[] {
  const rest = withoutCommands(line)
    .replace(/\u001b\[[0-9;]*m/g, '')
    // the service's own message (spec 7: `message` beside its `code`), unmarked after a marked
    // `error:` and before its status and code (or its status alone): the service's words, not svc's
    .replace(/^(\s*\u206a[^\u206b]*\u206b )[^\u206a\u206b]*( \(\d{3}( [A-Z][A-Z0-9_]+)?\))$/, '$1$2')
    // `code` first: a value in it (`svc {path}`) splits the marks of the text around it
    .replace(/`[^`]*`/g, ' ')
    // a value in single quotes (`unknown command 'products nosuch'`): a quote opening after a
    // space and closing before one, so an apostrophe (`the account's`) never opens a value
    .replace(/(^|[\s\u206b])'[^'\s][^']*'(?=$|[\s.,:;)\u206a])/g, '$1 ')
    // a name of two capitalised words or more: `Secret Service`, `Too Many Requests`
    .replace(/\b[A-Z][a-z]+( [A-Z][a-z]+)+\b/g, ' ')
    // a flag's value right after the marked text that names the flag (`not -o {format}`: csv)
    .replace(/(\s--?[a-z][\w-]*)\u206b \S+/g, '$1\u206b')
    // a marked stretch; a run killed mid-line may leave the last one open
    .replace(/\u206a[^\u206b]*(\u206b|$)/g, ' ')
    .replace(/⟦[^⟧]*⟧/g, ' ')
    .replace(/"[^"]*"/g, ' ');
  return rest.split(/\s+/).filter((w) => /[a-z]{2,}/i.test(w) && !isValue(w));
}

/** A table cell that is a word of svc's or a state of the service's, left in English. */
const OWN_CELL =
  /^(yes|no|true|false|none|paused|approved|rejected|processing|delivered|completed|cancelled|pending|open|closed|refunded|unanswered|answered|sale|purchase|single|multiple|active|inactive|failed|unchanged)$/;

/**
 * The escaped lines of one run: every stderr line, a table's header line (or a key-value
 * table's field column) and the table cells that are svc's own words (yes/no) or states (approved).
 */
export function escapes(stdout: string, stderr: string, table: boolean): string[] {
  const out: string[] = [];
  for (const line of stderr.split('\n')) if (escapedWords(line).length > 0) out.push(`stderr: ${line}`);
  if (!table) {
    for (const line of stdout.split('\n')) if (escapedWords(line).length > 0) out.push(`stdout: ${line}`);
    return out;
  }
  // marks read as brackets for the table's shape (a marked run may be a bracketed one too)
  const marked = /\u206a/.test(stdout);
  const lines = stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) =>
      marked
        ? l
            .replace(/[⟦⟧]/g, '')
            .replace(/\u206a/g, '⟦')
            .replace(/\u206b/g, '⟧')
        : l,
    );
  const keyValue =
    lines.length > 0 && !/^\S*⟦[^⟧]*⟧\s{2,}⟦/.test(lines[0]!) && /^\S*⟦[^⟧]*⟧(\s\(\S+\))?\s{2,}/.test(lines[0]!);
  lines.forEach((line, i) => {
    const cells = line.trim().split(/\s{2,}/);
    // svc's words and the service's states it says in the seller's words (a `status` cell)
    const own = cells.filter((c) => OWN_CELL.test(c));
    // a line that is no table row (one cell) is a sentence: a plan, a summary
    // (a key-value table's line that starts blank goes on the value above: no field name)
    const head = keyValue ? (/^\s/.test(line) ? '' : cells[0]!) : i === 0 || cells.length < 2 ? line : '';
    // a header line is read in lower case: an English header in capitals is a word, not a code
    const words = escapedWords(!keyValue && i === 0 ? head.toLowerCase() : head);
    if (own.length > 0 || words.length > 0) out.push(`table: ${line}`);
  });
  return out;
}
