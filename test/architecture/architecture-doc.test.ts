// docs/ARCHITECTURE.md's layer diagram names every room of src/, so a maintainer reading it sees
// the layering the test enforces: this fails when a folder or top-level module of src/ is missing
// from the diagram.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..');

test('the layer diagram of docs/ARCHITECTURE.md names every room of src/', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
  const diagram = /## Layers\n+```\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
  const rooms = readdirSync(join(ROOT, 'src'), { withFileTypes: true }).map((e) =>
    e.isDirectory() ? `${e.name}/` : e.name.replace(/\.d\.ts$|\.tsx?$/, '.ts'),
  );
  const missing = rooms.filter((r) => !new RegExp(`(^|\\s)${r.replace('.', '\\.')}(\\s|$)`, 'm').test(diagram));
  assert.deepEqual(missing, []);
});
