// The shop within the account's quota (spec 8: 5,000 requests a day per account): a pass with
// nothing to do costs the same few requests for 1 or 12 rules, counted on the sandbox's request
// log, and the usage ledger of the state folder counts exactly what went on the wire, by feature.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from './harness.js';

const POOL_SECRET = 'pool-secret-of-the-ci-job-0123456789abcdef'; // test/e2e/known-secrets.json

let sb: TestSandbox;
before(async () => {
  sb = await startTestSandbox();
});
after(async () => {
  await sb.close();
});

/** Requests of the service on the sandbox's log (its control routes are not in it). */
async function wire(): Promise<any[]> {
  return ((await sb.control('GET', 'requests')) as any[]).filter((r) => !String(r.path).startsWith('/_sandbox'));
}

async function autoListing(tag: string): Promise<number> {
  const res = await sb.api('POST', '/api/v2/products', {
    title: `Quota shop ${tag}`,
    description: 'Keys delivered automatically by the quota tests.',
    price: 1990,
    game: 'valorant',
    category: 'key',
    isAutoDelivery: true,
    isActive: false,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const id = res.body.data.id as number;
  await sb.control('POST', 'moderate', { productId: id, action: 'approve' });
  return id;
}

/** A shop of `n` rules, each with its own pool of 3 keys, target 1 (the first pass refills and reactivates). */
async function shop(n: number) {
  const dirs = tempDirs();
  const env = { ...svcEnv(sb, dirs), SVC_KEYRING: 'off', SVC_POOL_SECRET: POOL_SECRET };
  const rules: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await autoListing(`${n}-${i}`);
    writeFile(dirs.dir, `p${i}.csv`, `credential,ref,cost_cents\nkey-${n}-${i}-a,b,100\nkey-${n}-${i}-b,b,100\n`);
    rules.push(`  - listing: ${id}\n    pool: p${i}.csv\n    target: 1\n`);
  }
  const file = writeFile(dirs.dir, 'shop.yaml', `rules:\n${rules.join('')}notify: []\n`);
  return { dirs, env, file };
}

function ledgerToday(stateDir: string): Record<string, number> {
  const f = JSON.parse(readFileSync(join(stateDir, 'usage-ledger.json'), 'utf8'));
  return f.days[new Date().toISOString().slice(0, 10)] ?? {};
}

const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

describe('a shop pass within the quota', () => {
  test('an idle pass costs the same few requests for 1 and 12 rules; the usage ledger counts what went on the wire', async (t) => {
    const idle: number[] = [];
    for (const n of [1, 12]) {
      const { dirs, env, file } = await shop(n);
      const first = await svc(['shop', 'sync', '--config', file, '-o', 'json'], { env });
      assert.equal(first.code, 0, first.stderr);
      assert.equal(JSON.parse(first.stdout).rules.filter((r: any) => r.refill === 1).length, n, 'every rule refilled');
      const ledgerBefore = sum(ledgerToday(dirs.stateDir));
      await sb.control('DELETE', 'requests');
      const pass = await svc(['shop', 'sync', '--config', file, '-o', 'json'], { env });
      assert.equal(pass.code, 0, pass.stderr);
      assert.ok(
        JSON.parse(pass.stdout).rules.every((r: any) => r.refill === 0 && r.result === 'ok'),
        pass.stdout,
      );
      const onWire = await wire();
      assert.equal(onWire.filter((r) => r.method !== 'GET').length, 0, 'nothing written on an idle pass');
      idle.push(onWire.length);
      const counted = ledgerToday(dirs.stateDir);
      assert.equal(
        sum(counted) - ledgerBefore,
        onWire.length,
        `the ledger counts the wire: ${JSON.stringify(counted)}`,
      );
      assert.ok(counted['shop sync'] !== undefined && counted['mirror sync'] !== undefined, JSON.stringify(counted));
      assert.equal(statSync(join(dirs.stateDir, 'usage-ledger.json')).mode & 0o777, 0o600, 'the ledger is 0600');
      const usage = await svc(['usage', '-o', 'json'], { env });
      assert.equal(usage.code, 0, usage.stderr);
      assert.equal(JSON.parse(usage.stdout).svc.requests, sum(counted) + 1, 'svc usage: its own read counted too');
    }
    t.diagnostic(`requests per idle pass: 1 rule ${idle[0]}, 12 rules ${idle[1]}`);
    assert.equal(idle[0], idle[1], `flat: 1 rule ${idle[0]} requests, 12 rules ${idle[1]}`);
    assert.ok(idle[1]! <= 8, `an idle pass over 12 rules: ${idle[1]} requests (at most 8)`);
  });
});
