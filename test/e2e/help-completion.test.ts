// Through the built bin/svc.js: `svc help TOPIC` and `svc help COMMAND` come from
// dist/help.json without loading the CLI bundle; `svc completion SHELL`; the hidden
// `svc __complete profiles` the scripts call at Tab time.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HELP_TOPICS } from '../../src/cli/help/topics.js';
import { svc, tempDirs, writeFile } from './harness.js';

/** A preload that says on stderr when bin/svc.js reads the CLI bundle. */
function bundleProbe(): string {
  const hook = writeFile(
    tempDirs().dir,
    'probe.cjs',
    `
const fs = require('node:fs');
const read = fs.readFileSync;
fs.readFileSync = function (p, ...rest) {
  if (String(p).endsWith('main.cjs')) process.stderr.write('BUNDLE-LOADED\\n');
  return read.call(this, p, ...rest);
};`,
  );
  return `--require ${hook}`;
}

describe('help and completion through bin/svc.js', { concurrency: true }, () => {
  test('svc help TOPIC prints the topic without loading the bundle', async () => {
    const NODE_OPTIONS = bundleProbe();
    for (const [name, topic] of Object.entries(HELP_TOPICS)) {
      // the start-up path of a seller's run: the marked mode has no prebuilt help
      const r = await svc(['help', name], { env: { NODE_OPTIONS, SVC_LANG_MARKS: '0' } });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, topic.text);
      assert.equal(r.stderr, '', `${name}: answered from dist/help.json`);
    }
  });

  test("svc help COMMAND is the command's --help, also without the bundle", async () => {
    const NODE_OPTIONS = bundleProbe();
    for (const path of [['products'], ['products', 'list'], ['stock', 'add']]) {
      const viaHelp = await svc(['help', ...path], { env: { NODE_OPTIONS, SVC_LANG_MARKS: '0' } });
      const viaFlag = await svc([...path, '--help']);
      assert.equal(viaHelp.code, 0);
      assert.equal(viaHelp.stderr, '');
      assert.equal(viaHelp.stdout, viaFlag.stdout);
      assert.match(viaHelp.stdout, /\nExamples:\n {2}\$ svc /);
    }
  });

  test('svc help with an unknown word goes to commander: exit 2 and the topics', async () => {
    const r = await svc(['help', 'formatz']);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /no help topic or command "formatz"/);
  });

  test('svc completion SHELL prints a script; an unknown shell is a usage error', async () => {
    const bash = await svc(['completion', 'bash']);
    assert.equal(bash.code, 0, bash.stderr);
    assert.match(bash.stdout, /^# bash completion for svc/);
    assert.match(bash.stdout, /\ncomplete -F _svc svc\n$/);
    assert.match((await svc(['completion', 'zsh'])).stdout, /^#compdef svc\n/);
    assert.match((await svc(['completion', 'fish'])).stdout, /\ncomplete -c svc -f\n/);
    const bad = await svc(['completion', 'tcsh']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /Allowed choices are "bash", "zsh", "fish"/);
  });

  test('svc __complete profiles prints the names only, one per line, and is not listed in help', async () => {
    const { configDir } = tempDirs();
    mkdirSync(configDir, { recursive: true });
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({
        defaultProfile: 'shop',
        profiles: {
          shop: { baseUrl: 'https://m.example', v2Key: 'svc_v2_sk_NeverPrintedInCompletion01' },
          sandbox: { baseUrl: 'http://127.0.0.1:4010' },
        },
      }),
      { mode: 0o600 },
    );
    const r = await svc(['__complete', 'profiles'], { env: { SVC_CONFIG_DIR: configDir } });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'shop\nsandbox\n');
    assert.doesNotMatch((await svc(['--help'])).stdout, /__complete/);
  });

  test('svc __complete profiles prints nothing, exit 0, with no config or a broken one', async () => {
    const none = await svc(['__complete', 'profiles'], { env: { SVC_CONFIG_DIR: join(tempDirs().dir, 'absent') } });
    assert.deepEqual([none.code, none.stdout, none.stderr], [0, '', '']);
    const { configDir } = tempDirs();
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, 'config.json'), '{"profiles": 42', { mode: 0o600 });
    const broken = await svc(['__complete', 'profiles'], { env: { SVC_CONFIG_DIR: configDir } });
    assert.deepEqual([broken.code, broken.stdout, broken.stderr], [0, '', '']);
  });
});
