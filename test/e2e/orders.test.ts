// orders list / get / profit end to end against the sandbox, through the built CLI.
// Expected money is worked out by hand from src/sandbox/seed.ts (fee = 10 % of the price):
//   5001 delivered  price 1600 fee 160 items [CS2-0 cost 300, CS2-00 no cost] → profit 1140
//   5002 completed  price 1000 fee 100 items [VP1K-0 cost 690]               → profit  210
//   5006 completed  price  800 fee  80 items [(no ref) cost 250]             → profit  470
//   5003 processing, 5004 cancelled, 5005 in_mediation: not counted; 5101 is a purchase.
//   totals: price 3400, fee 340, cost 1240, profit 1820; one delivered item without cost.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { KNOWN_V1, startTestSandbox, svc, svcEnv, tempDirs, type TestSandbox } from './harness.js';
import { SEED_IDS } from '../../src/sandbox/index.js';
import { ownSandbox as own, routeRequests } from './own-sandbox.js';

const O = SEED_IDS.orders;
// Tests run concurrently: the shared sandbox is only read; a test that changes data or looks
// at the request log starts its own.
let shared: TestSandbox;
before(async () => {
  shared = await startTestSandbox();
});
after(async () => {
  await shared.close();
});

const run = (args: string[], key?: string, sb: TestSandbox = shared) => svc(args, { env: svcEnv(sb, tempDirs(), key) });
const json = (stdout: string) => JSON.parse(stdout);
const ordersRequests = (sb: TestSandbox) => routeRequests(sb, 'listOrders', 'v1ListOrders');

describe('orders', { concurrency: true }, () => {
  describe('orders list', { concurrency: true }, () => {
    test("json is the API data unchanged: sales and purchases of the seller, never another seller's", async () => {
      const r = await run(['orders', 'list', '--json']);
      assert.equal(r.code, 0, r.stderr);
      const rows = json(r.stdout);
      assert.deepEqual(
        rows.map((o: any) => o.id),
        [
          O.saleDelivered,
          O.saleCompleted,
          O.saleProcessing,
          O.saleCancelled,
          O.saleInMediation,
          O.saleMediationClosed,
          O.purchase,
        ],
      );
      assert.deepEqual(rows[0].deliveredItems, [{ ref: 'CS2-0', costCents: 300 }, { ref: 'CS2-00' }]);
      assert.equal(rows[0].price, 1600);
    });

    test('--type and --status are sent as the A2 filters', () =>
      own(async (sb) => {
        const r = await run(['orders', 'list', '--type', 'sales', '--status', 'completed', '--json'], undefined, sb);
        assert.equal(r.code, 0, r.stderr);
        assert.deepEqual(
          json(r.stdout).map((o: any) => o.id),
          [O.saleCompleted, O.saleMediationClosed],
        );
        assert.match((await ordersRequests(sb))[0].query, /type=sales&status=completed/);
      }));

    test('--from and --to are inclusive, a bare --to date covers its whole day', async () => {
      const r = await run(['orders', 'list', '--from', '2025-01-12', '--to', '2025-01-13', '--json']);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(
        json(r.stdout).map((o: any) => o.id),
        [O.saleCompleted, O.saleProcessing],
      );
    });

    test('a date that is not ISO 8601 is a usage error and nothing is sent', () =>
      own(async (sb) => {
        const r = await run(['orders', 'list', '--from', '12/01/2025'], undefined, sb);
        assert.equal(r.code, 2);
        assert.match(r.stderr, /--from must be an ISO 8601 date/);
        assert.equal((await ordersRequests(sb)).length, 0);
      }));

    test('--from after --to is a usage error', async () => {
      const r = await run(['orders', 'list', '--from', '2025-02-01', '--to', '2025-01-01']);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /is after --to/);
    });

    test('--limit caps the rows; --all follows every page and joins them into one array', () =>
      own(async (sb) => {
        const {
          ids: [id],
        } = await sb.control('POST', 'listings', { count: 1, stock: 200 });
        for (let i = 0; i < 95; i++) await sb.control('POST', 'purchase', { productId: id });
        const limited = await run(['orders', 'list', '--limit', '3', '--json'], undefined, sb);
        assert.equal(json(limited.stdout).length, 3);
        await sb.control('DELETE', 'requests');
        const all = await run(['orders', 'list', '--all', '--json'], undefined, sb);
        assert.equal(all.code, 0, all.stderr);
        assert.equal(json(all.stdout).length, 102);
        assert.deepEqual(
          (await ordersRequests(sb)).map((q) => /page=(\d+)/.exec(q.query)?.[1]),
          ['1', '2'],
        );
      }));

    test('v2 money shows with two decimals in a table', async () => {
      const r = await run(['orders', 'list', '--type', 'sales', '--limit', '1', '-o', 'table']);
      assert.match(
        r.stdout,
        /5001\s+ORD-5001\s+sale\s+delivered\s+CS2 Prime account\s+demo_buyer\s+2\s+16\.00\s+1\.60/,
      );
    });

    test('v1 (decimal money) gives the same orders through /api/v1', () =>
      own(async (sb) => {
        const r = await run(['orders', 'list', '--type', 'sales', '--limit', '1', '-o', 'table'], KNOWN_V1, sb);
        assert.equal(r.code, 0, r.stderr);
        assert.match(r.stdout, /5001\s+ORD-5001\s+sale\s+delivered.*16\.00\s+1\.60/);
        assert.equal((await ordersRequests(sb)).at(-1).route, 'v1ListOrders');
      }));

    for (const [code, flag, key] of [
      ['SELLER_RESTRICTED', { restricted: true }, undefined],
      ['SELLER_IN_DEBT', { inDebt: true }, KNOWN_V1],
    ] as const) {
      test(`${code} (403, every route): exit 4 with its hint`, () =>
        own(async (sb) => {
          await sb.control('POST', 'seller', flag);
          const r = await run(['orders', 'list'], key, sb);
          assert.equal(r.code, 4);
          assert.match(r.stderr, new RegExp(`\\(403 ${code}\\)`));
          assert.match(r.stderr, /^hint: .*(restricted|debt)/m);
        }));
    }

    test('a listing title with terminal escapes is printed without them', () =>
      own(async (sb) => {
        const created = await sb.api('POST', '/api/v2/products', {
          title: 'Evil \u001b[2J\u001b[31mred\u0007 title',
          description: 'A listing whose title holds escapes.',
          price: 900,
          game: 'valorant',
          category: 'skin',
          // a v2 listing has no manual stock of its own (spec 2.1): one credential to sell.
          isAutoDelivery: true,
          autoDeliveryContent: 'escape-test-credential',
        });
        await sb.control('POST', 'moderate', { productId: created.body.data.id, action: 'approve' });
        await sb.control('POST', 'purchase', { productId: created.body.data.id });
        for (const fmt of ['table', 'tsv', 'csv']) {
          const r = await run(['orders', 'list', '--type', 'sales', '--all', '-o', fmt], undefined, sb);
          assert.equal(r.code, 0, r.stderr);
          assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f]/.test(r.stdout), `${fmt} holds a control character`);
          assert.match(r.stdout, /Evil red title/);
        }
      }));
  });

  describe('orders get', { concurrency: true }, () => {
    test('a sale by order code shows its delivered items with refs and costs, and its profit', async () => {
      const r = await run(['orders', 'get', 'ORD-5001', '-o', 'table']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /profit\s+11\.40/);
      assert.match(r.stdout, /delivered items:\n#\s+REF\s+COST\n1\s+CS2-0\s+3\.00\n2\s+CS2-00\n/);
      assert.match(r.stdout, /1 item without a cost, counted as 0/);
    });

    test('json of one order is the API data unchanged', async () => {
      const r = await run(['orders', 'get', String(O.saleCompleted), '--json']);
      assert.deepEqual(json(r.stdout).deliveredItems, [{ ref: 'VP1K-0', costCents: 690 }]);
    });

    test('a purchase shows no delivered items (they belong to the seller)', async () => {
      const r = await run(['orders', 'get', String(O.purchase), '-o', 'table']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /type\s+purchase/);
      assert.doesNotMatch(r.stdout, /delivered items|OTHER-1|profit/);
    });

    test("another seller's order is not found, exit 1 with a hint", async () => {
      const r = await run(['orders', 'get', SEED_IDS.orderCodes.other]);
      assert.equal(r.code, 1);
      assert.match(r.stderr, /error: .*\(404\)/);
      assert.match(r.stderr, /hint: no order with this id or code/);
    });

    test('something that is neither an id nor a code is a usage error, nothing sent', () =>
      own(async (sb) => {
        const r = await run(['orders', 'get', 'ORD 5001;x'], undefined, sb);
        assert.equal(r.code, 2);
        assert.equal(((await sb.control('GET', 'requests')) as any[]).length, 0);
      }));

    test('v1: the same sale with decimal money and the same profit', async () => {
      const r = await run(['orders', 'get', String(O.saleDelivered), '-o', 'table'], KNOWN_V1);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /price\s+16\.00/);
      assert.match(r.stdout, /profit\s+11\.40/);
    });
  });

  describe('orders profit', { concurrency: true }, () => {
    test('profit per sale is price - fee - item costs; only delivered and completed sales count', async () => {
      const r = await run(['orders', 'profit', '--json']);
      assert.equal(r.code, 0, r.stderr);
      const rep = json(r.stdout);
      assert.equal(rep.currency, 'cents');
      assert.deepEqual(
        rep.rows.map((x: any) => [x.orderId, x.profitCents]),
        [
          [5001, 1140],
          [5002, 210],
          [5006, 470],
        ],
      );
      assert.deepEqual(rep.totals, {
        sales: 3,
        items: 4,
        itemsWithoutCost: 1,
        priceCents: 3400,
        feeCents: 340,
        costCents: 1240,
        profitCents: 1820,
      });
      assert.deepEqual(
        rep.excluded.map((x: any) => [x.id, x.status]),
        [
          [5003, 'processing'],
          [5004, 'cancelled'],
          [5005, 'in_mediation'],
        ],
      );
    });

    test('--by listing sums the sales of each listing', async () => {
      const rep = json((await run(['orders', 'profit', '--by', 'listing', '--json'])).stdout);
      assert.deepEqual(
        rep.rows.map((x: any) => [x.productId, x.sales, x.costCents, x.profitCents]),
        [
          [109, 1, 690, 210],
          [111, 2, 550, 1610],
        ],
      );
    });

    test("--by ref splits a sale's net evenly over its items and subtracts each item's own cost", async () => {
      const rep = json((await run(['orders', 'profit', '--by', 'ref', '--json'])).stdout);
      // 5001: net 1440 over 2 items = 720 each; CS2-0 costs 300, CS2-00 has no cost.
      assert.deepEqual(
        rep.rows.map((x: any) => [x.ref, x.profitCents]),
        [
          ['CS2-0', 420],
          ['CS2-00', 720],
          ['VP1K-0', 210],
          ['(no ref)', 470],
        ],
      );
      assert.equal(rep.totals.profitCents, 1820);
    });

    test('--by day groups by the UTC day of creation', async () => {
      const rep = json((await run(['orders', 'profit', '--by', 'day', '--json'])).stdout);
      assert.deepEqual(
        rep.rows.map((x: any) => [x.day, x.profitCents]),
        [
          ['2025-01-11', 1140],
          ['2025-01-12', 210],
          ['2025-01-16', 470],
        ],
      );
    });

    test('-o csv has a snake_case header, integer cents in *_cents columns and a TOTAL row; the notes go to stderr', async () => {
      const r = await run(['orders', 'profit', '--by', 'listing', '-o', 'csv']);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(
        r.stdout,
        [
          'listing,title,sales,items,no_cost,price_cents,fee_cents,cost_cents,profit_cents',
          '109,Valorant Points top-up,1,1,0,1000,100,690,210',
          '111,CS2 Prime account,2,3,1,2400,240,550,1610',
          'TOTAL,,3,4,1,3400,340,1240,1820',
          '',
        ].join('\n'),
      );
      assert.match(r.stderr, /1 item had no recorded cost and counted as 0/);
      assert.match(
        r.stderr,
        /not counted: 3 sales not delivered or completed \(5003 processing, 5004 cancelled, 5005 in_mediation\)/,
      );
    });

    test('the table lists the sales left out apart and says how many items had no cost', async () => {
      const r = await run(['orders', 'profit', '-o', 'table']);
      assert.match(r.stdout, /^TOTAL\s+4\s+1\s+34\.00\s+3\.40\s+12\.40\s+18\.20$/m);
      assert.match(
        r.stdout,
        /not counted \(only delivered and completed sales count\):\nORDER.*\n\s*5003\s+ORD-5003\s+processing/,
      );
      assert.match(r.stdout, /1 item had no recorded cost and counted as 0/);
    });

    test('--from/--to narrow the sales counted', async () => {
      const rep = json(
        (await run(['orders', 'profit', '--from', '2025-01-12', '--to', '2025-01-15', '--json'])).stdout,
      );
      assert.deepEqual(
        rep.rows.map((x: any) => x.orderId),
        [5002],
      );
      assert.equal(rep.totals.profitCents, 210);
      assert.deepEqual(
        rep.excluded.map((x: any) => x.id),
        [5003, 5004, 5005],
      );
    });

    test('a new auto-delivery sale adds its price minus fee minus the costs of the credentials it consumed', () =>
      own(async (sb) => {
        // singleAuto holds CS2-1 (cost 300), an item with cost 250 and one with neither: two sold → 1600 - 160 - 550 = 890.
        await sb.control('POST', 'purchase', { productId: SEED_IDS.products.singleAuto, quantity: 2 });
        const rep = json((await run(['orders', 'profit', '--json'], undefined, sb)).stdout);
        assert.equal(rep.rows.at(-1).profitCents, 890);
        assert.equal(rep.totals.profitCents, 1820 + 890);
      }));

    test('v1 decimals give the same cents', async () => {
      const r = await run(['orders', 'profit', '--json'], KNOWN_V1);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(json(r.stdout).totals, {
        sales: 3,
        items: 4,
        itemsWithoutCost: 1,
        priceCents: 3400,
        feeCents: 340,
        costCents: 1240,
        profitCents: 1820,
      });
    });
  });
});
