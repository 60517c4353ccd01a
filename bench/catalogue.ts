// The pt-BR catalogue's cost a table cell: a `word` cell (a cost basis, a target, a job state)
// asks t() once a row. Measured against the cheapest lookup, an exact entry, in the same run:
// a pattern hit and a miss must stay within a small multiple of it (a miss once tried every one
// of the ~700 patterns' regexes; now only those whose literal text the line holds).
import { setLanguage, t } from '../src/i18n/index.js';
import { PT_BR } from '../src/i18n/pt-BR/index.js';

const CALLS = 20_000;

function perCall(text: (i: number) => string): number {
  for (let i = 0; i < 1_000; i++) t(text(i)); // the patterns compiled, the JIT warm
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) t(text(i));
  return ((performance.now() - t0) * 1000) / CALLS;
}

export async function benchCatalogue(): Promise<Record<string, number>> {
  setLanguage('pt-BR', PT_BR);
  const exact = perCall(() => 'ok');
  const hit = perCall((i) => `upload ${i % 50} (max)`);
  const miss = perCall((i) => `CS2 Prime account ${i % 50}`);
  setLanguage('en');
  const out = { 'exact µs': exact, 'pattern hit µs': hit, 'miss µs': miss };
  console.log(
    `pt-BR t() per table cell, ${CALLS} calls: exact ${exact.toFixed(2)} µs, pattern hit ${hit.toFixed(1)} µs, miss ${miss.toFixed(1)} µs; 5,000 word cells ≈ ${((hit * 5000) / 1000).toFixed(0)} ms`,
  );
  return out;
}
