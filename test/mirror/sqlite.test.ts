// node:sqlite loads without its ExperimentalWarning, and only that warning is dropped:
// another warning emitted while it loads still reaches the process's warning handlers.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { isSqliteLoadWarning } from '../../src/mirror/sqlite.js';

const ROOT = join(import.meta.dirname, '..', '..');

test('only the SQLite load warning is recognised', () => {
  assert.ok(
    isSqliteLoadWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning'),
  );
  assert.ok(!isSqliteLoadWarning('SQLite is an experimental feature', 'DeprecationWarning'));
  assert.ok(!isSqliteLoadWarning('The Fetch API is an experimental feature', 'ExperimentalWarning'));
  const w = Object.assign(new Error('SQLite is an experimental feature and might change'), {
    name: 'ExperimentalWarning',
  });
  assert.ok(isSqliteLoadWarning(w, undefined));
});

test('loading node:sqlite prints no warning; another warning at the same time still does', () => {
  const script = `
    import { loadSqlite } from './src/mirror/sqlite.ts';
    const p = loadSqlite();
    process.emitWarning('another experimental thing', 'ExperimentalWarning');
    const { DatabaseSync } = await p;
    const db = new DatabaseSync(':memory:');
    console.log(db.prepare('SELECT 41 + 1 AS n').get().n);
  `;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' }, // console.log's number, uncoloured whatever the runner's env
  });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), '42');
  assert.doesNotMatch(r.stderr, /SQLite is an experimental feature/);
  assert.match(r.stderr, /ExperimentalWarning: another experimental thing/);
});
