// cli-spec 2 `svc completion bash|zsh|fish`: each script holds every command, subcommand and
// flag of the tree, never a profile name; profile names come from `svc __complete profiles` at
// Tab time. The bash script is sourced and driven with COMP_WORDS; zsh and fish run too where
// they are installed (skipped otherwise).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Command } from 'commander';
import { completionScript, SHELLS, type Shell } from '../../src/cli/completion/index.js';
import { completionSpec } from '../../src/cli/completion/spec.js';
import { ProfileStore } from '../../src/config/profiles.js';
import { fullProgram } from './helpers.js';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'svc.js');
const has = (shell: string) => spawnSync(shell, ['-c', 'true']).status === 0;

/** A config folder with two profiles, and a PATH whose `svc` runs this checkout's bin/svc.js. */
async function world() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-completion-'));
  const env = { SVC_CONFIG_DIR: join(dir, 'config'), SVC_KEYRING: 'off' };
  const store = await ProfileStore.open(env);
  await store.update('shop-eu', (p) => ({ ...p, baseUrl: 'https://m.example' }));
  await store.update('staging', (p) => ({ ...p, baseUrl: 'https://staging.example' }));
  mkdirSync(join(dir, 'bin'));
  writeFileSync(join(dir, 'bin', 'svc'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(dir, 'bin', 'svc'), 0o755);
  for (const shell of Object.keys(SHELLS) as Shell[])
    writeFileSync(
      join(dir, `svc.${shell}`),
      await completionScript(shell, async () => (await fullProgram(env)).program),
    );
  return { dir, env: { ...process.env, ...env, PATH: `${join(dir, 'bin')}:${process.env.PATH}` } };
}

let w: Awaited<ReturnType<typeof world>>;
before(async () => {
  w = await world();
});

describe('completion scripts hold the whole tree', () => {
  for (const shell of Object.keys(SHELLS) as Shell[]) {
    test(`${shell}: every command, subcommand and long flag; no profile name`, async () => {
      const { program } = await fullProgram(w.env);
      const script = await completionScript(shell, async () => program);
      const visit = (cmd: Command) => {
        if ((cmd as any)._hidden) return;
        if (cmd !== program)
          assert.match(script, new RegExp(`[\\s']${cmd.name()}[\\s':]`), `${shell}: command ${cmd.name()}`);
        for (const o of cmd.options)
          if (o.long)
            assert.ok(
              script.includes(shell === 'fish' ? `-l ${o.long.slice(2)}` : o.long),
              `${shell}: ${cmd.name()} ${o.long}`,
            );
        cmd.commands.forEach(visit);
      };
      visit(program);
      assert.ok(!script.includes('shop-eu') && !script.includes('staging'), 'profile names are never embedded');
      assert.ok(script.includes('__complete profiles'), 'profiles are asked for at Tab time');
      assert.ok(!script.includes("__complete'"), 'the hidden command is not offered');
    });
  }

  test('flag values come from commander choices, a listed `a|b` description, file placeholders and --profile', async () => {
    const spec = completionSpec((await fullProgram()).program);
    const cmd = (path: string) => spec.all.find((c) => c.path.join(' ') === path)!;
    const flag = (path: string, name: string) =>
      (path ? cmd(path).flags : spec.globals).find((f) => f.names.includes(name))!;
    assert.deepEqual(flag('orders profit', '--by').value, {
      kind: 'choices',
      choices: ['listing', 'ref', 'day'],
      optional: false,
    });
    assert.deepEqual(flag('', '--output').value, {
      kind: 'choices',
      choices: ['table', 'json', 'jsonl', 'csv', 'tsv'],
      optional: false,
    });
    assert.deepEqual(flag('stock add', '--format').value, {
      kind: 'choices',
      choices: ['lines', 'csv', 'jsonl'],
      optional: false,
    });
    assert.deepEqual(flag('', '--profile').value, { kind: 'profile', optional: false });
    assert.deepEqual(flag('keys create', '--save').value, { kind: 'profile', optional: true });
    assert.equal(flag('products bulk-price', '--report').value?.kind, 'file');
    assert.equal(flag('products create', '--file').value?.kind, 'file');
    assert.equal(flag('products list', '--limit').value?.kind, 'any');
    assert.equal(flag('', '--json').value, undefined);
    assert.deepEqual(cmd('auth use').args[0]!.hint, { kind: 'profile' });
    assert.deepEqual(cmd('completion').args[0]!.hint, { kind: 'choices', choices: ['bash', 'zsh', 'fish'] });
    assert.equal(
      spec.all.some((c) => c.path[0] === '__complete'),
      false,
    );
  });
});

/** Complete `words` (the last one is being typed) with the bash script; the candidates. */
function bashComplete(words: string[]): string[] {
  const script = `source ${JSON.stringify(join(w.dir, 'svc.bash'))}
COMP_WORDS=(${words.map((x) => `'${x}'`).join(' ')}); COMP_CWORD=${words.length - 1}; COMPREPLY=()
_svc
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync('bash', ['-c', script], { env: w.env, cwd: w.dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.split('\n').filter(Boolean);
}

describe('bash: sourced, and called with COMP_WORDS', () => {
  test('the script is registered for svc', () => {
    const r = spawnSync('bash', ['-c', `source ${join(w.dir, 'svc.bash')}; complete -p svc`], { encoding: 'utf8' });
    assert.equal(r.stdout.trim(), 'complete -F _svc svc');
  });

  const cases: [string, string[], (got: string[]) => void][] = [
    [
      'top-level commands',
      ['svc', ''],
      (got) => {
        for (const c of ['auth', 'products', 'stock', 'orders', 'completion', 'help', 'me'])
          assert.ok(got.includes(c), c);
        assert.ok(!got.includes('__complete'));
      },
    ],
    ['a prefix', ['svc', 'pro'], (got) => assert.deepEqual(got, ['products'])],
    [
      'subcommands of a group',
      ['svc', 'products', ''],
      (got) =>
        assert.deepEqual(got, [
          'list',
          'get',
          'bulk-price',
          'reprice',
          'bulk-status',
          'activate',
          'deactivate',
          'create',
          'update',
          'variants',
        ]),
    ],
    ['a nested group', ['svc', 'products', 'variants', ''], (got) => assert.deepEqual(got, ['set'])],
    ["a verb's own flags", ['svc', 'products', 'list', '--st'], (got) => assert.deepEqual(got, ['--status'])],
    ['global flags on a verb', ['svc', 'orders', 'list', '--dry'], (got) => assert.deepEqual(got, ['--dry-run'])],
    ['--version on the program only', ['svc', 'orders', 'list', '--vers'], (got) => assert.deepEqual(got, [])],
    [
      'choices of a flag',
      ['svc', 'orders', 'profit', '--by', ''],
      (got) => assert.deepEqual(got, ['listing', 'ref', 'day']),
    ],
    ['-o formats', ['svc', 'products', 'list', '-o', 'js'], (got) => assert.deepEqual(got, ['json', 'jsonl'])],
    [
      '--output=VALUE',
      ['svc', 'orders', 'list', '--output', '=', 't'],
      (got) => assert.deepEqual(got, ['table', 'tsv']),
    ],
    [
      'profile names, read at Tab time',
      ['svc', '--profile', ''],
      (got) => assert.deepEqual(got, ['shop-eu', 'staging']),
    ],
    ['profile names after a verb', ['svc', 'me', '--profile', 'st'], (got) => assert.deepEqual(got, ['staging'])],
    ['auth use PROFILE', ['svc', 'auth', 'use', ''], (got) => assert.deepEqual(got, ['shop-eu', 'staging'])],
    [
      'keys create --save PROFILE',
      ['svc', 'keys', 'create', '--save', 's'],
      (got) => assert.deepEqual(got, ['shop-eu', 'staging']),
    ],
    [
      'a flag value does not count as a command',
      ['svc', '--profile', 'shop-eu', 'products', 'g'],
      (got) => assert.deepEqual(got, ['get']),
    ],
    [
      'files for a file argument',
      ['svc', 'products', 'bulk-price', 'svc.b'],
      (got) => assert.deepEqual(got, ['svc.bash']),
    ],
    [
      'files for --file',
      ['svc', 'stock', 'add', '42', '--file', 'svc.f'],
      (got) => assert.deepEqual(got, ['svc.fish']),
    ],
    [
      'the second positional argument',
      ['svc', 'sandbox', 'moderate', '104', 'rej'],
      (got) => assert.deepEqual(got, ['reject', 'reject-permanently']),
    ],
    ['nothing for a free value', ['svc', 'products', 'list', '--limit', ''], (got) => assert.deepEqual(got, [])],
    ['help topics and commands', ['svc', 'help', 'e'], (got) => assert.deepEqual(got, ['exit-codes', 'environment'])],
    ['completion shells', ['svc', 'completion', ''], (got) => assert.deepEqual(got, ['bash', 'zsh', 'fish'])],
  ];
  for (const [name, words, check] of cases) test(`${name}: ${words.join(' ')}⇥`, () => check(bashComplete(words)));
});

describe('zsh and fish, where installed', () => {
  test('zsh: the function offers commands, flag values and profiles', {
    skip: !has('zsh') && 'zsh is not installed',
  }, () => {
    // compadd/_describe stand-ins print what the real ones would offer (zsh filters by prefix itself)
    const script = `compdef() { : }
_describe() { print -rl -- "\${(@P)4}" | cut -d: -f1 | tr '\\n' ' '; print }
compadd() { while [[ $1 != -- ]]; do shift; done; shift; print -r -- "$@" }
compset() { : }
_files() { print -r -- FILES }
source ${JSON.stringify(join(w.dir, 'svc.zsh'))}
t() { words=("$@"); CURRENT=\${#words}; _svc }
t svc ''; t svc products ''; t svc orders profit --by ''; t svc --profile ''; t svc stock add 1 --file ''; t svc orders list --output=j`;
    const r = spawnSync('zsh', ['-f', '-c', script], { env: w.env, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => l.trim());
    assert.match(lines[0]!, /^auth me usage .* completion help$/);
    assert.equal(lines[1], 'list get bulk-price reprice bulk-status activate deactivate create update variants');
    assert.equal(lines[2], 'listing ref day');
    assert.equal(lines[3], 'shop-eu staging');
    assert.equal(lines[4], 'FILES');
    assert.equal(lines[5], 'table json jsonl csv tsv');
  });

  test('fish: complete -C offers commands, flag values and profiles', {
    skip: !has('fish') && 'fish is not installed',
  }, () => {
    const lines = [
      'svc ',
      'svc products ',
      'svc orders profit --by ',
      'svc --profile ',
      'svc auth use ',
      'svc products list --st',
      'svc help e',
    ];
    const script = `source ${join(w.dir, 'svc.fish')}; for l in ${lines.map((l) => `'${l}'`).join(' ')}; complete -C"$l" | cut -f1 | string join ' '; end`;
    const r = spawnSync('fish', ['-N', '-c', script], { env: w.env, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const out = r.stdout.trim().split('\n');
    assert.match(out[0]!, /^auth balance catalog completion games help keys/);
    assert.equal(out[1], 'activate bulk-price bulk-status create deactivate get list reprice update variants');
    assert.equal(out[2], 'day listing ref');
    assert.equal(out[3], 'shop-eu staging');
    assert.equal(out[4], 'shop-eu staging');
    assert.equal(out[5], '--status');
    assert.equal(out[6], 'environment exit-codes');
  });
});
