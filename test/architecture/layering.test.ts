// Layers (docs/ARCHITECTURE.md): api < input/jobs/output/config/state <
// ui/webhooks/sandbox < cli < main. A lower layer never imports a higher one, not even lazily or
// for a type, and no two modules import each other round a cycle.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { importCycles, importEdges, layerViolations } from './imports.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');

test('no module of src/ imports a module of a higher layer', () => {
  const edges = importEdges(SRC);
  assert.ok(edges.length > 300, `the import graph was read (${edges.length} imports)`);
  assert.deepEqual(layerViolations(edges), []);
});

test('src/ has no import cycle', () => {
  assert.deepEqual(importCycles(importEdges(SRC)), []);
});

test('the check sees an upward import, lazy or for a type, a cycle, and a folder with no layer', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-layering-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'api/errors.ts': "import type { Deps } from '../cli/shared/context.js';\n// import { x } from '../main.js';\n",
    'output/format.ts': "export async function f() { return import('../ui/index.js'); }\n",
    'ui/index.ts': "import { f } from '../output/format.js';\n",
    'cli/shared/context.ts': "import { a } from '../keys/key-age.js';\n",
    'cli/keys/key-age.ts': "import { b } from '../shared/context.js';\n",
    'extras/thing.ts': "import { c } from '../api/errors.js';\n",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const edges = importEdges(dir);
  assert.deepEqual(layerViolations(edges).sort(), [
    'api/errors (layer 0: api/version/i18n) imports cli/shared/context (layer 3: cli)',
    'extras/thing: its folder has no layer (add it to LAYERS)',
    'output/format (layer 1: input/jobs/output/config/state/pricing/notify/mirror) imports ui/index (layer 2: ui/webhooks/sandbox/shop/bot)',
  ]);
  assert.deepEqual(importCycles(edges).sort(), [
    ['cli/keys/key-age', 'cli/shared/context'],
    ['output/format', 'ui/index'],
  ]);
});
