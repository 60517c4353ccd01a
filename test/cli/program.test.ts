// A run loads only the group and the verb it runs (src/cli/program.ts, src/cli/shared/verbs.ts); help,
// a mistyped verb and completion still see every command.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildProgram, commandWords } from '../../src/cli/program.js';
import type { CliRuntime } from '../../src/cli/shared/command.js';
import { bufferIO, runMain } from './helpers.js';

function rt(): CliRuntime {
  return { io: bufferIO().io, env: {}, signal: new AbortController().signal, exitCode: 0 };
}
async function tree(argv?: string[]): Promise<Record<string, string[]>> {
  const program = await buildProgram(rt(), argv);
  return Object.fromEntries(program.commands.map((c) => [c.name(), c.commands.map((s) => s.name())]));
}

describe('lazy command loading', () => {
  test('the command words skip global options and their values', () => {
    assert.deepEqual(commandWords(['--profile', 'p', '-o', 'json', 'products', '--json', 'list', '--all']), [
      'products',
      'list',
    ]);
    assert.deepEqual(commandWords(['--base-url=http://x', 'stats']), ['stats']);
    assert.deepEqual(commandWords(['--', 'products', 'list']), []);
  });

  test('a run of products list registers the products group with list alone', async () => {
    const t = await tree(['products', 'list', '--json']);
    assert.deepEqual(
      Object.keys(t).filter((n) => n !== 'help'),
      ['products'],
    );
    assert.deepEqual(t.products, ['list']);
  });

  test('a top-level account command loads only its own module (balance brings stats)', async () => {
    const t = await tree(['--profile', 'p', 'stats']);
    assert.deepEqual(
      Object.keys(t)
        .filter((n) => n !== 'help')
        .sort(),
      ['balance', 'stats'],
    );
  });

  test('an unknown or missing verb loads the whole group, so commander lists and suggests', async () => {
    for (const argv of [['products', 'lst'], ['products'], ['products', 'help']]) {
      const t = await tree(argv);
      assert.deepEqual(
        t.products,
        [
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
        ],
        argv.join(' '),
      );
    }
    const r = await runMain(['products', 'lst']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Did you mean list\?/);
  });

  test('every command of every group is found when it is the verb that runs', async () => {
    const full = await tree();
    for (const [group, verbs] of Object.entries(full)) {
      for (const verb of verbs) {
        const t = await tree([group, verb]);
        assert.ok(t[group]!.includes(verb), `svc ${group} ${verb} does not register ${verb}`);
        if (group !== 'sandbox' && group !== 'help')
          assert.ok(
            t[group]!.length < full[group]!.length || full[group]!.length === 1,
            `svc ${group} ${verb} loads the whole group`,
          );
      }
    }
    for (const top of Object.keys(full)) assert.ok(top in (await tree([top])), `svc ${top}`);
  });

  test('without argv (help texts, completion) every group and verb is there', async () => {
    const t = await tree();
    assert.ok(t.products!.includes('bulk-price') && t.stock!.includes('add') && t.webhooks!.includes('listen'));
    for (const n of ['me', 'usage', 'limits', 'balance', 'stats', 'games', 'catalog', 'sandbox', 'completion'])
      assert.ok(n in t, n);
  });
});
