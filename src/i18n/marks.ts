// The marked mode (SVC_LANG_MARKS=1), for the end-to-end suite's coverage check: every text of
// the catalogue is said in the run's language as usual, each stretch of words between values
// wrapped in two invisible characters. Removing them gives the exact bytes the same run prints
// without the mode (layout included: src/output/table.ts gives them no width), so every test
// reads its usual output, while a word outside a pair is a text that escaped t() or the
// catalogue (test/e2e/pseudo-check.ts). Only for tests and translators.
import type { Catalogue, Lang } from './index.js';
import { pseudoCatalogue } from './pseudo.js';

// U+206A and U+206B: deprecated format characters, zero width, never in real text, and not among
// the invisible characters src/output/sanitize.ts removes (U+2063/U+2064 are: a sanitised message
// would lose its marks and read as an escape).
const MARK_OPEN = '\u206a';
const MARK_CLOSE = '\u206b';

/** Whether the environment asks for the marked mode. */
export function marksAsked(env: NodeJS.ProcessEnv): boolean {
  return /^(1|on|true)$/i.test(env.SVC_LANG_MARKS?.trim() ?? '');
}

/** Each stretch of words of one line between values, marked: `⁪Sale⁫ {n}`. */
function markLine(line: string): string {
  return line
    .split(/("\{[a-zA-Z0-9]+\}"|'\{[a-zA-Z0-9]+\}'|\{[a-zA-Z0-9]+\})/)
    .map((part) => {
      // a quoted value keeps its quotes outside the marks: `"{value}"` is data, quotes and all
      if (/^(["']?)\{[a-zA-Z0-9]+\}\1$/.test(part) || !/\p{L}/u.test(part)) return part;
      const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(part)!;
      return `${m[1]}${MARK_OPEN}${m[2]}${MARK_CLOSE}${m[3]}`;
    })
    .join('');
}

/** The catalogue of `lang` (English: its own keys), every text marked. */
export function markedCatalogue(pt: Catalogue, lang: Lang): Record<string, string> {
  const texts = lang === 'pseudo' ? pseudoCatalogue(pt) : pt;
  const out: Record<string, string> = {};
  for (const [en, local] of Object.entries(texts)) {
    // a table header (`header:NAME`), a label (`label:NAME`) or a state (`status:VALUE`) is its NAME in English
    const text = lang === 'en' ? en.replace(/^(header|label|status):/, '') : local;
    out[en] = text.split('\n').map(markLine).join('\n');
  }
  return out;
}

/** The text without its marks: what the same run prints without the mode. */
export function withoutMarks(text: string): string {
  return text.replace(/[\u206a\u206b]/g, '');
}
