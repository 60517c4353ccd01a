// The verb contract (src/cli/shared/verb.ts): options declared once, `run(deps, opts, args)`
// callable without commander, and the declarations checked against what commander parses.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Command } from 'commander';
import { z } from 'zod';
import { getVerb } from '../../src/cli/products/get.js';
import { depsOf } from '../../src/cli/shared/context.js';
import { defineVerb, flag, option } from '../../src/cli/shared/verb.js';
import { bufferIO } from './helpers.js';
import { BASE_URL, ok, REST, StubRegistry, V2_KEY } from './httpmock.js';

const rt = () => ({ io: bufferIO().io, env: {}, signal: new AbortController().signal, exitCode: 0 });

describe('defineVerb', () => {
  it('refuses a declaration whose key is not the attribute commander parses the flag into', () => {
    const verb = defineVerb({
      name: 'x',
      description: 'x',
      options: { maxChange: option('--max-chnge <pct>', 'typo', z.string().optional()) },
      run: async () => 0,
    });
    assert.throws(() => verb.register(new Command('svc'), rt()), /option --max-chnge <pct> is declared as "maxChange"/);
  });

  it('builds commander options and the zod object from the same list', async () => {
    let seen: unknown;
    const verb = defineVerb({
      name: 'x',
      description: 'x',
      args: [['<id>', 'an id']],
      options: {
        maxChange: option('--max-change <pct>', 'pct', z.coerce.number().max(50).optional()),
        all: flag('--all', 'all'),
      },
      run: async (_deps, opts, args) => {
        seen = { opts, args };
        return 3;
      },
    });
    const r = rt();
    const program = new Command('svc').exitOverride();
    verb.register(program, r);
    assert.deepEqual(
      program.commands[0]!.options.map((o) => o.long),
      ['--max-change', '--all'],
    );
    await program.parseAsync(['x', '7', '--max-change', '20', '--all'], { from: 'user' });
    assert.deepEqual(seen, { opts: { maxChange: 20, all: true }, args: ['7'] });
    assert.equal(r.exitCode, 3);
    await assert.rejects(
      program.parseAsync(['x', '7', '--max-change', '99'], { from: 'user' }),
      (err: Error & { hint?: string }) =>
        /^--max-change must be at most 50, got "99"$/.test(err.message) && err.hint === 'see `svc x --help`',
    );
  });

  it('runs a real verb without commander: run(deps, opts, args) over a stub transport', async () => {
    const reg = new StubRegistry().register(
      REST('GET', '/api/v2/products/42'),
      ok({ id: 42, title: 'Keys', price: 500, status: 'active', variants: [] }),
    );
    const b = bufferIO();
    const dir = mkdtempSync(join(tmpdir(), 'svc-verb-'));
    const deps = depsOf({
      io: b.io,
      env: { SVC_API_KEY: V2_KEY, SVC_BASE_URL: BASE_URL, SVC_CONFIG_DIR: dir, SVC_STATE_DIR: dir },
      globals: { json: true },
      signal: new AbortController().signal,
      transport: reg.transport,
    });
    assert.equal(await getVerb.run(deps, {}, ['42']), 0);
    reg.verify();
    assert.equal((JSON.parse(b.out()) as { id: number }).id, 42);
  });
});
