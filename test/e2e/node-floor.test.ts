// the Node floor that package.json's `engines` states is the one bin/svc.js enforces.
// A Node under it gets one plain line and exit 1 before anything is loaded; the floor itself and
// every later line run. The Node version is faked with a preload that redefines
// process.versions.node (configurable in Node), so no second Node binary is needed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, svc, tempDirs, writeFile } from './harness.js';

const engines = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines
  .node;
const floor = /^>=(\d+)\.(\d+)\.0$/.exec(engines);

/** `svc --version` as if on Node `version`. */
function onNode(version: string) {
  const preload = writeFile(
    tempDirs().dir,
    'fake-node.cjs',
    `Object.defineProperty(process.versions, 'node', { value: ${JSON.stringify(version)} });\n`,
  );
  return svc(['--version'], { env: { NODE_OPTIONS: `--require ${preload}` } });
}

describe('the Node floor (engines, bin/svc.js)', () => {
  test('engines states a floor of the form >=MAJOR.MINOR.0', () => {
    assert.ok(floor, `package.json engines.node is ${engines}`);
  });
  const [major, minor] = [Number(floor?.[1]), Number(floor?.[2])];

  test('a Node just under the floor is refused with one line, exit 1', async () => {
    for (const v of [`${major}.${minor - 1}.99`, `${major - 1}.99.0`, '20.18.1']) {
      const r = await onNode(v);
      assert.equal(r.code, 1, v);
      assert.equal(r.stdout, '', v);
      assert.equal(r.stderr, `error: svc needs Node.js ${major}.${minor} or newer; this is Node.js v${v}\n`, v);
    }
  });

  test('the floor itself and later lines run', async () => {
    for (const v of [`${major}.${minor}.0`, `${major}.${minor + 4}.3`, '24.21.0', '26.10.0']) {
      const r = await onNode(v);
      assert.equal(r.code, 0, `${v}: ${r.stderr}`);
      assert.match(r.stdout, /^\d+\.\d+\.\d+/, v);
    }
  });
});
