// Every line a person reads comes from the catalogue: under the pseudo-locale (SVC_LANG=pseudo,
// src/i18n/pseudo.ts) each catalogue text is bracketed and accented, so a line of any command's
// stderr, or a table's header, that keeps a plain English word escaped t() or the catalogue.
// The walk (pseudo-walk.ts) runs every verb's human output once, against the sandbox.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ROOT, startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';
import { displayWidth } from '../../src/output/table.js';
import { escapedWords, escapes } from './pseudo-check.js';
import { walk } from './pseudo-walk.js';

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

describe('the pseudo-locale', () => {
  test('the check sees an English word outside the brackets, and lets values through', () => {
    assert.deepEqual(escapedWords('5 added, 0 skipped as duplicates'), ['added,', 'skipped', 'as', 'duplicates']);
    assert.deepEqual(escapedWords('⟦àďďéď⟧ 5, precos.csv:2: ⟦ĩ⟧ R$ 19,90 --max-change OFFLINE_PAUSED "Conta"'), []);
  });

  test('every command of the walk: 0 lines escape the catalogue', async () => {
    const dirs = tempDirs();
    const env = { ...svcEnv(sb, dirs), SVC_LANG: 'pseudo', SVC_POOL_SECRET: 'pseudo-locale-pool-secret-0123456789' };
    const escaped: string[] = [];
    for (const step of walk(dirs.dir)) {
      const r = await svc(step.args, { env, cwd: dirs.dir, ...(step.input ? { input: step.input } : {}) });
      const table = step.args.includes('table');
      for (const line of escapes(r.stdout, r.stderr, table)) escaped.push(`svc ${step.args.join(' ')}\n  ${line}`);
    }
    assert.equal(escaped.length, 0, `${escaped.length} escaped lines:\n${escaped.join('\n')}`);
  });

  test('every table of the walk fits 80 columns (pt-BR, the longer headers): no line over 80', async () => {
    const dirs = tempDirs();
    const env = {
      ...svcEnv(sb, dirs),
      LANG: 'pt_BR.UTF-8',
      COLUMNS: '80',
      SVC_POOL_SECRET: 'pseudo-locale-pool-secret-0123456789',
    };
    const wide: string[] = [];
    let tables = 0;
    for (const step of walk(dirs.dir)) {
      if (!step.args.includes('table')) continue;
      const r = await svc(step.args, { env, cwd: dirs.dir });
      if (r.stdout.trim() !== '') tables += 1;
      // the table rows (two cells or more); a sentence under a table wraps like any text
      for (const line of r.stdout.split('\n'))
        if (displayWidth(line) > 80 && line.trim().split(/\s{2,}/).length > 1)
          wide.push(`svc ${step.args.join(' ')}\n  ${displayWidth(line)}: ${line}`);
    }
    assert.ok(tables >= 30, `${tables} commands printed a table`);
    assert.equal(wide.length, 0, `${wide.length} lines over 80 columns:\n${wide.join('\n')}`);
  });

  // Every command's help, from the reference the CLI's own help generates (docs/commands/en,
  // kept equal to --help by test/package/reference): the marked mode of svc() fails the run on
  // any line with an English word outside the catalogue's marks, in English and in pt-BR.
  test("every command's --help, in English and pt-BR: 0 lines escape the catalogue", async () => {
    const dir = join(ROOT, 'docs', 'commands', 'en');
    const paths = readdirSync(dir)
      .filter((f) => f.endsWith('.md') && f !== 'README.md')
      .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/^#+ svc ([a-z][a-z -]*)$/gm)].map((m) => m[1]!));
    assert.ok(paths.length >= 60, `${paths.length} commands in the reference`);
    const dirs = tempDirs();
    for (const lang of ['en', 'pt-BR'])
      for (const path of ['', ...paths]) {
        const r = await svc([...path.split(' ').filter(Boolean), '--help'], {
          env: { ...svcEnv(sb, dirs), SVC_LANG: lang },
        });
        assert.equal(r.code, 0, `svc ${path} --help: ${r.stderr}`);
      }
  });
});
