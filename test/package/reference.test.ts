// The command reference in docs/commands/ is made from the built CLI's own help (English and
// Portuguese, plus the man page): this fails when a verb's help changed and the reference was not
// made again, so what a seller reads on the web is what `--help` prints.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../e2e/harness.js';

test('docs/commands matches the help of the built CLI', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts/gen-reference.mjs'), '--check'], { encoding: 'utf8' });
  assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
  assert.match(r.stdout, /files match the help/);
});
