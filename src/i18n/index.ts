// The one catalogue and its one t(): svc speaks the seller's language. English is
// the source: every human text is written in English where it is made, and t() gives the
// Portuguese of it when the language is pt-BR. A catalogue entry is keyed by the English text;
// `{name}` marks a value inside it (`no profile named "{name}"`), so a message built with a
// template literal is found without touching the code that built it. Machine output (json,
// jsonl, csv, tsv, codes, exit codes, report columns) never goes through t().
//
// English costs nothing: no catalogue is loaded, t() returns its argument. With pt-BR the
// catalogue is read on the first text asked for (src/i18n/load.ts), so a run that says nothing
// to a person (a --json read) never parses it, and placeholder entries are compiled to patterns
// on first use. How to add a message: docs/ARCHITECTURE.md.

/** `pseudo`: the catalogue transformed (src/i18n/pseudo.ts), for the coverage check. */
export type Lang = 'en' | 'pt-BR' | 'pseudo';
export type Catalogue = Readonly<Record<string, string>>;

/**
 * A pattern entry, with the literal text a line must have for it to match: its head, its tail and
 * its longest piece, checked before the regex (a line misses most of the ~700 patterns, and a
 * string test is far cheaper than a regex run: a table of word cells asks for one a row).
 */
type Patterns = { re: RegExp; names: string[]; to: string; head: string; tail: string; longest: string }[];
/** Each catalogue's compiled pattern entries, made on its first miss (one catalogue may serve the
 * run's t() and a translatorFor of the shop's notices alike). */
const patternsOf = new WeakMap<Catalogue, Patterns>();

let lang: Lang | undefined;
/** The marked mode (src/i18n/marks.ts): English goes through the catalogue too. */
let marked = false;
let book: Catalogue = {};
/** The run's catalogue, until the first text asks for it. */
let unread: (() => Catalogue) | undefined;

/** The run's catalogue, read now if it has not been. */
function runCatalogue(): Catalogue {
  if (unread) {
    const read = unread;
    unread = undefined;
    book = read();
  }
  return book;
}

/**
 * The language from the environment: SVC_LANG first (pt-BR, pt, en), then the POSIX order
 * LC_ALL, LC_MESSAGES, LANG. Any Portuguese locale (pt_BR.UTF-8, pt_PT, pt) is pt-BR; C,
 * POSIX, unset or anything else is English.
 */
export function detectLanguage(env: NodeJS.ProcessEnv): Lang {
  return envLanguage(env) ?? 'en';
}

/** The language the environment names, or undefined when none does (under systemd there is no LANG). */
export function envLanguage(env: NodeJS.ProcessEnv): Lang | undefined {
  for (const name of ['SVC_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const v = env[name]?.trim();
    if (!v) continue;
    if (name === 'SVC_LANG' && v === 'pseudo') return 'pseudo';
    return /^pt([_-]|$|\.)/i.test(v) ? 'pt-BR' : 'en';
  }
  return undefined;
}

/** The language of this run (from process.env until main() sets it). */
export function language(): Lang {
  if (lang === undefined) lang = detectLanguage(process.env);
  return lang;
}

/** Set the run's language and (for pt-BR, or any marked language) its catalogue. */
export function setLanguage(l: Lang, catalogue: Catalogue | (() => Catalogue) = {}, marks = false): void {
  lang = l;
  marked = marks;
  // English reads nothing (t() never looks up); any other book is read on the first text
  unread = l === 'en' && !marks ? undefined : typeof catalogue === 'function' ? catalogue : () => catalogue;
  book = {};
}

/** Whether t() looks texts up: any language but English, and English in the marked mode. */
export function translating(): boolean {
  return language() !== 'en' || marked;
}

/**
 * A t() of its own language, whatever the run's is: the shop's notices speak the seller's
 * language (shop.yaml `language:`), which may not be the terminal's.
 */
export function translatorFor(
  l: Lang,
  catalogue: Catalogue,
  marks = false,
): (text: string, values?: Record<string, string | number>) => string {
  const plain = l === 'en' && !marks;
  return (text, values) => {
    const filled = values ? fill(text, values) : text;
    return plain || filled === '' ? filled : translate(catalogue, filled);
  };
}

/**
 * The text in the run's language. A text of several lines is translated line by line when it
 * has no entry of its own (`FILE:LINE: message` lists). A text with no entry stays English.
 */
export function t(text: string, values?: Record<string, string | number>): string {
  const filled = values ? fill(text, values) : text;
  if (!translating() || filled === '') return filled;
  return translate(runCatalogue(), filled);
}

function translate(b: Catalogue, text: string): string {
  const hit = b[text];
  if (hit !== undefined) return hit;
  if (text.includes('\n'))
    return text
      .split('\n')
      .map((line) => translateLine(b, line))
      .join('\n');
  return translateLine(b, text);
}

/** How deep a message inside a message's value is still translated. */
const NESTED_MESSAGES = 3;

function translateLine(exact: Catalogue, line: string, depth = 0): string {
  if (line.trim() === '') return line;
  const hit = exact[line];
  if (hit !== undefined) return hit;
  // keep the indentation and a trailing punctuation-free remainder as they were
  const indent = /^\s*/.exec(line)![0];
  const body = line.slice(indent.length);
  const bodyHit = exact[body];
  if (bodyHit !== undefined) return indent + bodyHit;
  for (const p of compiled(exact)) {
    if (!body.startsWith(p.head) || !body.endsWith(p.tail) || !body.includes(p.longest)) continue;
    const m = p.re.exec(body);
    if (!m) continue;
    const found: Record<string, string> = {};
    // a value that is itself a message (`revoke {label}?` with an English label) is translated too,
    // and a message inside that one: a listener's warning wraps a failed lookup that wraps the
    // request core's `connection refused … (gave up after 1 attempt)` (three levels)
    p.names.forEach((n, i) => {
      found[n] = depth < NESTED_MESSAGES ? translateLine(exact, m[i + 1]!, depth + 1) : m[i + 1]!;
    });
    return indent + fill(p.to, found);
  }
  return line;
}

/** Entries with `{name}` as patterns, the most specific (most literal text) first. */
function compiled(exact: Catalogue): Patterns {
  const known = patternsOf.get(exact);
  if (known) return known;
  const patterns = Object.entries(exact)
    .filter(([en]) => /\{[a-zA-Z0-9]+\}/.test(en))
    .map(([en, to]) => {
      const names: string[] = [];
      const source = en
        .split(/(\{[a-zA-Z0-9]+\})/)
        .map((part) => {
          const name = /^\{([a-zA-Z0-9]+)\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(name);
          return '([\\s\\S]*?)';
        })
        .join('');
      const pieces = en.split(/\{[a-zA-Z0-9]+\}/);
      const longest = pieces.reduce((a, x) => (x.length > a.length ? x : a), '');
      const literal = pieces.join('').length;
      return { re: new RegExp(`^${source}$`), names, to, head: pieces[0]!, tail: pieces.at(-1)!, longest, literal };
    })
    .sort((x, y) => y.literal - x.literal);
  patternsOf.set(exact, patterns);
  return patterns;
}

function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{([a-zA-Z0-9]+)\}/g, (all, name: string) =>
    values[name] !== undefined ? String(values[name]) : all,
  );
}

/** The placeholders of a catalogue text (`{name}`), for the test that both languages agree. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{([a-zA-Z0-9]+)\}/g)].map((m) => m[1]!).sort();
}

/**
 * Money for a table in the run's language: `1234.50` → `1.234,50` in pt-BR (the seller's own
 * `19,90`). Only tables: csv, tsv and json keep integer cents or the API's value.
 */
export function localDecimal(text: string): string {
  if (language() === 'en') return text;
  const m = /^(-?)(\d+)\.(\d+)$/.exec(text);
  if (!m) return text;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${m[3]}`;
}

/**
 * A state the service names (approved, em_analise, delivered, open…) in the seller's words: the
 * catalogue keys them `status:VALUE` so a value never collides with a message; an unknown value
 * (a state the service adds later) is said as the service sent it.
 */
export function statusWord(value: string): string {
  return tKeyed('status', value);
}

/**
 * A short text by its own catalogue entry, `KIND:TEXT` (`header:`, `label:`, `status:`): a word
 * or a short label never catches, nor is caught by, a sentence's pattern. Without an entry, the
 * text as it is.
 */
export function tKeyed(kind: 'header' | 'label' | 'status', text: string): string {
  const key = `${kind}:${text}`;
  const said = t(key);
  return said === key ? text : said;
}

/** The text's own entry only, no pattern (help lines, where a pattern could catch a flag's line). */
export function tExact(text: string): string {
  if (!translating()) return text;
  return runCatalogue()[text] ?? text;
}
