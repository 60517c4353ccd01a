// Every recipe a seller copies installs svc explicitly. On the public registry `svc` is someone
// else's package, and `npx svc` in CI answers its own prompt with yes: a recipe with SVC_API_KEY in
// its environment would run a stranger's code with the seller's key. So: no `npx svc` (or npm exec,
// dlx, bunx) without `--package`, no install of the bare name `svc`, and an install of ours names a
// version (docs/DECISIONS.md, "A name that is ours").
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; private?: boolean };

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** What a seller reads and copies: the README, the docs, the examples, the install scripts. */
const RECIPES = [
  join(ROOT, 'README.md'),
  ...files(join(ROOT, 'docs')),
  ...files(join(ROOT, 'examples')),
  ...files(join(ROOT, 'deploy')),
];

// A runner that fetches a package by name and runs it, then `svc` as the package: the danger.
const RUNS_BARE = /\b(?:npx|npm\s+exec|(?:pnpm|yarn)\s+dlx|bunx)\s+(?:(?:-y|--yes|--quiet|-q)\s+)*svc\b/;
// An install of the bare name (npm i -g svc, npm install svc@1): someone else's package.
const INSTALLS_BARE = /\bnpm\s+(?:install|i|add)\b[^\n#;&|]*?\s(?:svc)(?:@[\w.-]+)?(?=\s|$|`)/;
const OURS = PACKAGE.name.replace(/[/@]/g, (c) => `\\${c}`);
// An install of ours without a version: whatever the registry has that day.
const INSTALLS_UNPINNED = new RegExp(`\\bnpm\\s+(?:install|i|add)\\b[^\\n#;&|]*?\\s${OURS}(?!@\\d)(?=\\s|$|\`)`);

/** `FILE:LINE: text` of each line matching one of the rules. */
export function unsafeRecipes(name: string, text: string): string[] {
  return text
    .split(/\r?\n/)
    .flatMap((line, i) =>
      [RUNS_BARE, INSTALLS_BARE, INSTALLS_UNPINNED].some((re) => re.test(line))
        ? [`${name}:${i + 1}: ${line.trim()}`]
        : [],
    );
}

test('the package has a scoped, publishable name; the command is still svc', () => {
  assert.match(PACKAGE.name, /^@[a-z0-9-]+\/svc$/);
  assert.equal(PACKAGE.private, undefined);
  assert.deepEqual(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).bin, { svc: 'bin/svc.js' });
});

test('no recipe in the README, docs or examples runs or installs svc by its bare name or an unpinned version', () => {
  assert.ok(RECIPES.length > 5);
  const found = RECIPES.flatMap((f) => unsafeRecipes(relative(ROOT, f), readFileSync(f, 'utf8')));
  assert.deepEqual(found, []);
});

test('the rules catch what they are for, and let the safe forms through', () => {
  const bad = [
    '      - run: npx svc stock refill 111 --pool pools/cs2.csv --target 20',
    'npx -y svc products list',
    'npm exec svc -- --version',
    'pnpm dlx svc --version',
    'npm install --global svc',
    'npm i -g svc@0.1.0',
    `npm install --global ${PACKAGE.name}`,
  ];
  for (const line of bad) assert.equal(unsafeRecipes('R', line).length, 1, line);
  const good = [
    `npx --package ${PACKAGE.name}@0.1.0 svc --version`,
    `npm install --global ${PACKAGE.name}@0.1.0`,
    'npm install --global ./svc-cli-svc-0.1.0.tgz',
    'svc stock refill 111 --pool pools/cs2.csv --target 20',
    `npm install --global ${PACKAGE.name}@0.1.0 && svc stock refill 111`,
  ];
  for (const line of good) assert.deepEqual(unsafeRecipes('R', line), [], line);
});
