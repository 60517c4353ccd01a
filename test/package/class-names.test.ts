// the CLI bundle is built without esbuild's keepNames, and only
// svc's sources and commander's errors keep their names. What reads a name must still see the
// source's: an error's `name` (src/api/errors.ts `new.target.name`, journals), commander's
// `this.constructor.name`. (The shop takes an error's code as a value, errors.ts `errorValue`.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../e2e/harness.js';

/** Every chunk the build's main.cjs and lane.cjs reach (dist/chunks also keeps a previous build's for a while). */
function reachableChunks(): string[] {
  const seen = new Set<string>(['main.cjs', 'lane.cjs']);
  const todo = ['main.cjs', 'lane.cjs'];
  while (todo.length > 0) {
    const code = readFileSync(join(ROOT, 'dist', todo.pop()!), 'latin1');
    for (const m of code.matchAll(/__svcRequire\("([^"]+)"\)/g)) {
      if (!seen.has(m[1]!)) {
        seen.add(m[1]!);
        todo.push(m[1]!);
      }
    }
  }
  return [...seen];
}

test('the built CLI keeps the class names of its errors (svc and commander)', () => {
  // Loads every chunk (as the build does: plain require, or the function dist/lane.cjs is
  // written as) and names each exported class that extends Error.
  const script = `
    const { join } = require('node:path');
    const { readFileSync } = require('node:fs');
    const { runInThisContext } = require('node:vm');
    const dist = ${JSON.stringify(join(ROOT, 'dist'))};
    const loaded = new Map();
    globalThis.__svcRequire = (rel) => {
      const file = join(dist, rel);
      const text = readFileSync(file, 'latin1');
      if (!text.startsWith('(function (exports, require, module, __filename, __dirname) {')) return require(file);
      if (!loaded.has(rel)) {
        const mod = { exports: {} };
        loaded.set(rel, mod);
        runInThisContext(text, { filename: file }).call(mod.exports, mod.exports, require, mod, file, dist);
      }
      return loaded.get(rel).exports;
    };
    globalThis.__svcDist = dist;
    const names = new Set();
    for (const rel of ${JSON.stringify(reachableChunks())}) {
      for (const v of Object.values(globalThis.__svcRequire(rel))) {
        if (typeof v === 'function' && v.prototype instanceof Error) names.add(v.name);
      }
    }
    process.stdout.write(JSON.stringify([...names].sort()));`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const names = JSON.parse(r.stdout) as string[];
  for (const expected of ['SvcError', 'UsageError', 'LocalFaultError', 'NoKeyError', 'CommanderError']) {
    assert.ok(names.includes(expected), `${expected} is not among ${names.join(', ')}`);
  }
  const renamed = names.filter((n) => !/^[A-Z][A-Za-z0-9]*Error$/.test(n));
  assert.deepEqual(renamed, [], 'every error class is named as in its source');
});
