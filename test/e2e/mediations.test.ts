// mediations list / get against the sandbox (A2 status filter, A4 fields, keyed by order id).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { KNOWN_V1, startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';
import { ownSandbox, routeRequests } from './own-sandbox.js';
import { SEED_IDS } from '../../src/sandbox/index.js';

const M = SEED_IDS.mediations;
let shared: TestSandbox;
before(async () => {
  shared = await startTestSandbox();
});
after(async () => {
  await shared.close();
});
const run = (args: string[], key?: string, sb: TestSandbox = shared) => svc(args, { env: svcEnv(sb, tempDirs(), key) });

describe('mediations', { concurrency: true }, () => {
  test("list prints the seller's mediations as the API returns them", async () => {
    const r = await run(['mediations', 'list', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      JSON.parse(r.stdout).map((m: any) => [m.orderId, m.status]),
      [
        [M.open, 'open'],
        [M.closed, 'closed'],
      ],
    );
  });

  test('--status is sent as the A2 filter', () =>
    ownSandbox(async (sb) => {
      const r = await run(['mediations', 'list', '--status', 'closed', '--json'], undefined, sb);
      assert.deepEqual(
        JSON.parse(r.stdout).map((m: any) => m.orderId),
        [M.closed],
      );
      assert.match((await routeRequests(sb, 'listMediations'))[0].query, /status=closed/);
    }));

  test('an unknown --status is a usage error', async () => {
    const r = await run(['mediations', 'list', '--status', 'pending']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Allowed choices are "open", "closed"/);
  });

  test('--limit 1 prints one mediation', async () => {
    const r = await run(['mediations', 'list', '--limit', '1', '-o', 'tsv']);
    assert.equal(r.stdout.trim().split('\n').length, 2);
  });

  test('get ORDER_ID shows one mediation with its reason and resolution', async () => {
    const r = await run(['mediations', 'get', String(M.closed), '-o', 'table']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /status\s+closed/);
    assert.match(r.stdout, /reason\s+Wrong region/);
    assert.match(r.stdout, /resolution\s+refunded/);
  });

  test('get for an order without a mediation is a 404 with a hint, exit 1', async () => {
    const r = await run(['mediations', 'get', String(SEED_IDS.orders.saleDelivered)]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /\(404\)/);
    assert.match(r.stderr, /hint: order 5001 has no mediation/);
  });

  test('get with a non-numeric order id is a usage error', async () => {
    const r = await run(['mediations', 'get', 'ORD-5005']);
    assert.equal(r.code, 2);
  });

  test('mediations are v2 only: with a v1 key, exit 4 before anything is sent', () =>
    ownSandbox(async (sb) => {
      const r = await run(['mediations', 'list'], KNOWN_V1, sb);
      assert.equal(r.code, 4);
      assert.match(r.stderr, /needs a v2 key/);
      assert.equal((await routeRequests(sb, 'listMediations')).length, 0);
    }));

  test('a key without the mediations:read scope gets 403: exit 4 with the scope hint', () =>
    ownSandbox(async (sb) => {
      const created = await sb.api(
        'POST',
        '/api/api-keys',
        { name: 'narrow', version: 'v2', scopes: ['orders:read'] },
        KNOWN_V1,
      );
      const r = await run(['mediations', 'list'], created.body.data.key, sb);
      assert.equal(r.code, 4);
      assert.match(r.stderr, /\(403\)/);
      assert.match(r.stderr, /hint: the key lacks the scope/);
    }));
});
