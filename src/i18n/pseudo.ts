// The pseudo-locale (SVC_LANG=pseudo): every text of the catalogue, transformed. A text that
// reaches a person without passing t(), or passes t() with no catalogue entry, stays plain ASCII
// English, and test/e2e/pseudo-locale.test.ts finds it: a check that the Portuguese covers every
// line cannot be fooled by a text that happens to look Portuguese. Only for tests and translators.

const ACCENTED: Record<string, string> = {
  a: 'à',
  b: 'ƀ',
  c: 'ç',
  d: 'ď',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'ì',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ù',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
};

/** Accented letters, except in what a seller types as it is: flags, `code`, {values}. */
function accent(text: string): string {
  return text
    .split(/(`[^`]*`|(?<![\w-])--?[a-z][\w-]*|\{[a-zA-Z0-9]+\})/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(/[a-zA-Z]/g, (c) => {
            const low = ACCENTED[c.toLowerCase()]!;
            return c === c.toLowerCase() ? low : low.toUpperCase();
          }),
    )
    .join('');
}

/**
 * One text in the pseudo-locale: each stretch of words between values bracketed, `⟦Ŝàlé⟧ {n}`,
 * so a value filled in later (an id, a file name) stands outside the brackets and a word of a
 * text that escaped the catalogue stands out as plain ASCII.
 */
function pseudo(text: string): string {
  return text
    .split(/("\{[a-zA-Z0-9]+\}"|\{[a-zA-Z0-9]+\})/)
    .map((part) => {
      if (/^"?\{[a-zA-Z0-9]+\}"?$/.test(part) || !/[a-zA-Z]/.test(part)) return part;
      const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(part)!;
      return `${m[1]}⟦${accent(m[2]!)}⟧${m[3]}`;
    })
    .join('');
}

/** The pseudo catalogue: the pt-BR catalogue's keys (English), each transformed. */
export function pseudoCatalogue(pt: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const en of Object.keys(pt)) {
    const header = en.startsWith('header:');
    const text = header ? en.slice('header:'.length) : en;
    out[en] = text.includes('\n') ? text.split('\n').map(pseudo).join('\n') : pseudo(text);
  }
  return out;
}
