// What "a line escaped the catalogue" means under SVC_LANG=pseudo (src/i18n/pseudo.ts): every
// text of svc is bracketed and accented there, `⟦Ŝàlé⟧`, so what stays outside the brackets is
// a value (an id, a number, money, a file name, a code, a flag) or an escape: a plain English word.

/** Tokens that are values, not words: numbers, money, paths, codes, flags, quoted data, dates. */
function isValue(token: string): boolean {
  const t = token.replace(/^[(["'`«]+|[)\]"'`»:;,.!?…]+$/g, '');
  if (t === '') return true;
  return (
    /\d/.test(t) || // ids, money, counts, dates, times
    /[/\\]/.test(t) || // paths, urls
    /\.[a-z0-9]{2,5}$/i.test(t) || // file names
    /^[A-Z][A-Z0-9_]+$/.test(t) || // codes (OFFLINE_PAUSED), ids like ORD
    /^-/.test(t) || // flags
    /^[a-z]+[_.][a-z_.]+$/.test(t) || // the service's own values (em_analise, price_cents, order.delivered)
    !/[a-z]/i.test(t) // punctuation, R$, arrows
  );
}

/** The English words a line has outside the brackets (quoted data and `code` left out). */
export function escapedWords(line: string): string[] {
  const rest = line
    .replace(/\u001b\[[0-9;]*m/g, '')
    .replace(/⟦[^⟧]*⟧/g, ' ')
    .replace(/"[^"]*"/g, ' ')
    .replace(/`[^`]*`/g, ' ');
  return rest.split(/\s+/).filter((w) => /[a-z]{2,}/i.test(w) && !isValue(w));
}

/**
 * The escaped lines of one run: every stderr line, a table's header line (or a key-value
 * table's field column) and the table cells that are svc's own words (yes/no).
 */
export function escapes(stdout: string, stderr: string, table: boolean): string[] {
  const out: string[] = [];
  for (const line of stderr.split('\n')) if (escapedWords(line).length > 0) out.push(`stderr: ${line}`);
  if (!table) {
    for (const line of stdout.split('\n')) if (escapedWords(line).length > 0) out.push(`stdout: ${line}`);
    return out;
  }
  const lines = stdout.split('\n').filter((l) => l.trim() !== '');
  const keyValue =
    lines.length > 0 && !/^\S*⟦[^⟧]*⟧\s{2,}⟦/.test(lines[0]!) && /^\S*⟦[^⟧]*⟧(\s\(\S+\))?\s{2,}/.test(lines[0]!);
  lines.forEach((line, i) => {
    const cells = line.trim().split(/\s{2,}/);
    const own = cells.filter((c) => /^(yes|no|true|false|none|paused)$/.test(c));
    // a line that is no table row (one cell) is a sentence: a plan, a summary
    const head = keyValue ? cells[0]! : i === 0 || cells.length < 2 ? line : '';
    if (own.length > 0 || escapedWords(head).length > 0) out.push(`table: ${line}`);
  });
  return out;
}
