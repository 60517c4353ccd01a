// reviews list / stats / contestations / contest against the sandbox (spec 2.4, 4.2,
// 7.2 404; A14 ALREADY_CONTESTED).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';
import { ownSandbox, routeRequests } from './own-sandbox.js';
import { SEED_IDS } from '../../src/sandbox/index.js';

const R = SEED_IDS.reviews;
let shared: TestSandbox;
before(async () => {
  shared = await startTestSandbox();
});
after(async () => {
  await shared.close();
});
const run = (args: string[], sb: TestSandbox = shared) => svc(args, { env: svcEnv(sb, tempDirs()) });

describe('reviews', { concurrency: true }, () => {
  test("list prints the seller's reviews, not another seller's", async () => {
    const r = await run(['reviews', 'list', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      JSON.parse(r.stdout).map((x: any) => x.id),
      [R.fiveStars, R.contested, R.twoStars],
    );
  });

  test('list --limit 2 prints two reviews; --all follows pages', async () => {
    assert.equal(JSON.parse((await run(['reviews', 'list', '--limit', '2', '--json'])).stdout).length, 2);
    assert.equal(JSON.parse((await run(['reviews', 'list', '--all', '--json'])).stdout).length, 3);
  });

  test('stats shows count, average and each rating', async () => {
    const r = await run(['reviews', 'stats', '-o', 'table']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^3 reviews, average 3\.67 of 5$/m);
    assert.match(r.stdout, /^5 ★\s+1 /m);
    assert.match(r.stdout, /^3 ★\s+0$/m);
  });

  test('stats as csv is one row with a column per rating', async () => {
    const r = await run(['reviews', 'stats', '-o', 'csv']);
    assert.equal(r.stdout, 'count,average,rating_5,rating_4,rating_3,rating_2,rating_1\n3,3.67,1,1,0,1,0\n');
  });

  test("contestations lists the seller's contestations", async () => {
    const r = await run(['reviews', 'contestations', '--json']);
    assert.deepEqual(
      JSON.parse(r.stdout).map((c: any) => [c.id, c.reviewId, c.status]),
      [[SEED_IDS.contestations.first, R.contested, 'pending']],
    );
  });

  test('contest sends the reason and shows the new contestation', () =>
    ownSandbox(async (sb) => {
      const r = await run(
        ['reviews', 'contest', String(R.twoStars), '--reason', 'The mediation was about another order.', '--json'],
        sb,
      );
      assert.equal(r.code, 0, r.stderr);
      const c = JSON.parse(r.stdout);
      assert.deepEqual(
        [c.reviewId, c.orderId, c.status, c.reason],
        [R.twoStars, SEED_IDS.orders.saleMediationClosed, 'pending', 'The mediation was about another order.'],
      );
      assert.match(r.stderr, /review 3003 contested/);
    }));

  test("contesting another seller's review explains the 404: missing or another seller's", () =>
    ownSandbox(async (sb) => {
      const r = await run(['reviews', 'contest', String(R.other), '--reason', 'x'], sb);
      assert.equal(r.code, 1);
      assert.match(
        r.stderr,
        /error: review 3004 not found: it does not exist or it is another seller's review \(404\)/,
      );
      assert.match(r.stderr, /hint: list the reviews you can contest/);
    }));

  test('a review contested already gives 409 ALREADY_CONTESTED with its hint, sent once', () =>
    ownSandbox(async (sb) => {
      const r = await run(['reviews', 'contest', String(R.contested), '--reason', 'again'], sb);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /\(409 ALREADY_CONTESTED\)/);
      assert.match(r.stderr, /hint: this review was already contested: see `svc reviews contestations`/);
      assert.equal((await routeRequests(sb, 'contestReview')).length, 1);
    }));

  test('contest without a reason is a usage error, nothing sent', () =>
    ownSandbox(async (sb) => {
      const r = await run(['reviews', 'contest', String(R.fiveStars), '--reason', '   '], sb);
      assert.equal(r.code, 2);
      assert.equal((await routeRequests(sb, 'contestReview')).length, 0);
    }));

  test('contest --dry-run sends nothing', () =>
    ownSandbox(async (sb) => {
      const r = await run(['reviews', 'contest', String(R.fiveStars), '--reason', 'why', '--dry-run'], sb);
      assert.equal(r.code, 0);
      assert.match(r.stdout, /dry run: nothing sent\nPOST \/api\/v2\/reviews\/3001\/contest /);
      assert.equal((await routeRequests(sb, 'contestReview')).length, 0);
    }));

  test('buyer-written comments and names are printed without escapes or control characters', async () => {
    // The sandbox has no route for writing a review, so the data file is edited between runs.
    const file = join(tempDirs().dir, 'data.json');
    await (await startTestSandbox({ dataFile: file })).close();
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.reviews[0].comment = 'Great\u001b[2J\u001b]8;;http://evil.example\u0007 seller\r\nreally\u0000';
    data.reviews[0].buyerName = '\u001b[31mbob\u001b[0m\u202e';
    writeFileSync(file, JSON.stringify(data));
    const sb = await startTestSandbox({ dataFile: file });
    try {
      for (const fmt of ['table', 'tsv', 'csv']) {
        const r = await run(['reviews', 'list', '-o', fmt], sb);
        assert.equal(r.code, 0, r.stderr);
        assert.ok(
          !/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/.test(r.stdout.replace(/\n/g, '')),
          `${fmt} printed a control character`,
        );
        assert.match(r.stdout, /Great seller really/);
        assert.match(r.stdout, /bob/);
      }
    } finally {
      await sb.close();
    }
  });
});
