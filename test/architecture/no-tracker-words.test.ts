// Code and docs speak to a reader who has none of the tracker's history: a comment says why in
// words (citing the spec section where one applies), never "issue 26", a round of work, a helper
// session or a file that exists nowhere. This fails on any such word in src/, docs/, the README,
// the tests, scripts, benches, CI recipes and install recipes.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..');
const WORDS = /\b[Ii]ssues?[ -][0-9]+|\b[Rr]ound [0-9]|\b[Hh]elper [0-9]|SEAMS/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.name === 'node_modules' || e.name === '.nodes' || p === import.meta.filename) return [];
    return e.isDirectory() ? files(p) : [p];
  });
}

const DIRS = ['src', 'docs', 'scripts', 'bench', '.ci', 'deploy', 'test'];

test('no issue numbers, rounds, helpers or missing seam files in src, docs, tests, scripts, benches, CI or the README', () => {
  const hits: string[] = [];
  for (const file of [...DIRS.flatMap((d) => files(join(ROOT, d))), join(ROOT, 'README.md')]) {
    // .ci's recipes have no extension
    if (!/\.(ts|tsx|md|json|1|mjs|cjs|js|sh|ps1|yml|yaml)$|[/\\]\.ci[/\\][a-z-]+$|Dockerfile$/.test(file)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (WORDS.test(line)) hits.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  assert.deepEqual(hits, []);
});
