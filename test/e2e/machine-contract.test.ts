// One machine contract (`svc help formats`): every command of the walk, as csv, tsv and json.
// csv/tsv: a header of snake_case names (no spaces), money only as integer cents in `*_cents`
// columns; json: one JSON document (jsonl: one a line). What a program reads never has a
// decimal amount, a header with a space, or a person's sentence on stdout.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';
import { walk } from './pseudo-walk.js';

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

/** The contract's breaches of one delimited output. */
function delimitedBreaches(text: string, sep: string): string[] {
  const lines = text.split('\n').filter((l) => l !== '');
  if (lines.length === 0) return [];
  const header = lines[0]!.split(sep);
  const out: string[] = [];
  header.forEach((h, i) => {
    if (!/^[a-z][a-z0-9_]*$/.test(h)) out.push(`header "${h}" is not snake_case`);
    else if (/(^|_)(price|fee|profit|balance|amount)$/.test(h)) out.push(`money column "${h}" is not *_cents`);
    if (!h.endsWith('_cents')) return;
    for (const l of lines.slice(1)) {
      const cell = l.split(sep)[i] ?? '';
      if (cell !== '' && !/^-?\d+$/.test(cell)) out.push(`${h} = "${cell}" is not integer cents`);
    }
  });
  return out;
}

function jsonBreaches(text: string, lines: boolean): string[] {
  const docs = lines ? text.split('\n').filter((l) => l !== '') : text.trim() === '' ? [] : [text];
  const out: string[] = [];
  for (const d of docs) {
    try {
      JSON.parse(d);
    } catch {
      out.push(`not JSON: ${d.slice(0, 80)}`);
    }
  }
  return out;
}

describe('the machine contract', () => {
  test('every command of the walk: csv/tsv snake_case headers and *_cents integers; json parses', async () => {
    const dirs = tempDirs();
    const env = { ...svcEnv(sb, dirs), SVC_POOL_SECRET: 'machine-contract-pool-secret-0123456789' };
    const breaches: string[] = [];
    let checked = 0;
    for (const step of walk(dirs.dir)) {
      if (!step.args.includes('table')) continue;
      const base = step.args.filter((a, i, all) => a !== 'table' && !(a === '-o' && all[i + 1] === 'table'));
      const runs = await Promise.all(
        (['csv', 'tsv', 'json', 'jsonl'] as const).map(async (f) => ({
          f,
          r: await svc([...base, '-o', f], { env, cwd: dirs.dir }),
        })),
      );
      for (const { f, r } of runs) {
        checked += 1;
        const found =
          f === 'csv'
            ? delimitedBreaches(r.stdout, ',')
            : f === 'tsv'
              ? delimitedBreaches(r.stdout, '\t')
              : jsonBreaches(r.stdout, f === 'jsonl');
        for (const b of found) breaches.push(`svc ${base.join(' ')} -o ${f}: ${b}`);
      }
    }
    assert.ok(checked >= 120, `${checked} outputs checked`);
    assert.equal(breaches.length, 0, `${breaches.length} breaches:\n${breaches.join('\n')}`);
  });

  test("a dry run in csv or tsv is one record, never the plan's sentences", async () => {
    const dirs = tempDirs();
    const env = { ...svcEnv(sb, dirs), SVC_POOL_SECRET: 'machine-contract-pool-secret-0123456789' };
    const prices = writeFile(dirs.dir, 'prices.csv', 'id,price\n101,12.00\n102,13.00\n');
    const keys = writeFile(dirs.dir, 'keys.txt', 'mc-a:pw\nmc-b:pw\n');
    for (const args of [
      ['products', 'bulk-price', prices],
      ['products', 'deactivate', '101', '102'],
      ['stock', 'add', '101', '--file', keys],
    ])
      for (const [f, sep] of [
        ['csv', ','],
        ['tsv', '\t'],
      ] as const) {
        const r = await svc([...args, '--dry-run', '-o', f], { env });
        assert.equal(r.code, 0, r.stderr);
        const lines = r.stdout.split('\n').filter((l) => l !== '');
        assert.equal(lines.length, 2, `svc ${args.join(' ')} --dry-run -o ${f}:\n${r.stdout}`);
        assert.deepEqual(delimitedBreaches(r.stdout, sep), [], r.stdout);
        assert.match(lines[0]!, /(^|[,\t])run_requests([,\t]|$)/);
      }
  });
});
