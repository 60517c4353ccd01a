// The fault matrix. Every retryable fault the sandbox can inject (cli-spec 5)
// × every write the CLI makes, each through the built CLI (bin/svc.js). One case per pair; each
// asserts the exit code, that every attempt carried the same Idempotency-Key and the request log
// shows the write applied exactly once, and that the sandbox's final state is exactly the
// intended one (nothing lost, nothing doubled, nothing else touched).
//
// One sandbox per operation; the operations run side by side, their cases one after another,
// each on a sandbox reset to the seed (which also clears the answer-rate window, the request
// log and the fault queue) with fresh config and state folders.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { stripPoolTag } from '../../src/api/rules/pool-tag.js';
import { SEED_IDS } from '../../src/sandbox/index.js';
import { startTestSandbox, svc, svcEnv, tempDirs, writeFile, type TestSandbox } from '../e2e/harness.js';

// ---- the faults ------------------------------------------------------------------------------

interface Fault {
  /** As it reads in the test name. */
  name: string;
  /** The `fault` of `POST /_sandbox/faults`, queued once for the operation's route. */
  fault: Record<string, unknown>;
  /** --timeout for the run, in seconds (the delay fault only). */
  timeoutS?: number;
  /**
   * The request log of the operation's route, one label per request (see `label`), joined by
   * ' → ': a pattern, for `ok` the route's success status. Each pattern has exactly one
   * `applied`: the write executed once.
   */
  log(ok: number): string;
}

const RETRY_AFTER_1 = { 'Retry-After': '1' };

const FAULTS: Fault[] = [
  // The connection closes before the handler runs: nothing applied, the resend applies.
  { name: 'drop-before', fault: { type: 'drop-before' }, log: (ok) => `drop-before: dropped → applied ${ok}` },
  // The handler ran and its answer was stored, then the connection closed: the resend replays.
  { name: 'drop-after', fault: { type: 'drop-after' }, log: (ok) => `drop-after: applied, dropped → replayed ${ok}` },
  // The client gives up after 1 s while the sandbox still works (1.5 s); the resend meets
  // IDEMPOTENCY_IN_FLIGHT while the first is held, then the replay.
  {
    name: 'a delay past the timeout',
    fault: { type: 'delay', ms: 1500 },
    timeoutS: 1,
    log: (ok) => `delay: applied ${ok}( → refused 409)* → replayed ${ok}`,
  },
  {
    name: '500',
    fault: { type: 'status', status: 500, body: { error: 'Internal error', message: 'injected by the fault matrix' } },
    log: (ok) => `status: refused 500 → applied ${ok}`,
  },
  {
    name: '503 IDEMPOTENCY_UNAVAILABLE',
    fault: {
      type: 'status',
      status: 503,
      headers: RETRY_AFTER_1,
      body: {
        error: 'Service unavailable',
        code: 'IDEMPOTENCY_UNAVAILABLE',
        message: 'idempotency temporarily unavailable; nothing executed',
      },
    },
    log: (ok) => `status: refused 503 → applied ${ok}`,
  },
  {
    name: '409 IDEMPOTENCY_IN_FLIGHT',
    fault: {
      type: 'status',
      status: 409,
      headers: RETRY_AFTER_1,
      body: {
        error: 'Conflict',
        code: 'IDEMPOTENCY_IN_FLIGHT',
        message: 'an identical request is still processing; resend with the same key',
        retryable: true,
      },
    },
    log: (ok) => `status: refused 409 → applied ${ok}`,
  },
  {
    name: '409 retryable (in use by a sale)',
    fault: {
      type: 'status',
      status: 409,
      headers: RETRY_AFTER_1,
      body: { error: 'Conflict', message: 'listing or stock in use by a sale in progress', retryable: true },
    },
    log: (ok) => `status: refused 409 → applied ${ok}`,
  },
  {
    name: '429 with Retry-After',
    fault: {
      type: 'status',
      status: 429,
      headers: RETRY_AFTER_1,
      body: { error: 'Too many requests', code: 'RATE_LIMITED', message: 'rate limit exceeded', retryable: true },
    },
    log: (ok) => `status: refused 429 → applied ${ok}`,
  },
];

// ---- the operations --------------------------------------------------------------------------

interface Prepared {
  /** The CLI arguments of the operation. */
  args: string[];
  /** Assert the sandbox's final state is exactly the intended one. */
  check(): Promise<void>;
}

interface Operation {
  /** As it reads in the test name. */
  name: string;
  /** The route name of src/api/routes.ts the write goes through. */
  route: string;
  /** Its success status (A5: creations answer 201). */
  ok: number;
  /** Make the fixtures on a freshly reset sandbox; `dir` is the case's own folder. */
  prepare(sb: TestSandbox, dir: string): Promise<Prepared>;
}

const P = SEED_IDS.products;
const MARKER = 'ZZSECRETMARKER'; // test/e2e/known-secrets.json: searched for after the suite

async function newListings(sb: TestSandbox, count: number, extra: Record<string, unknown> = {}): Promise<number[]> {
  return (await sb.control('POST', 'listings', { count, price: 1000, ...extra })).ids;
}
async function listing(sb: TestSandbox, id: number): Promise<any> {
  const res = await sb.api('GET', `/api/v2/products/${id}`);
  assert.equal(res.status, 200, `GET product ${id}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
async function listingTotal(sb: TestSandbox, q?: string): Promise<number> {
  const res = await sb.api('GET', `/api/v2/products?limit=1${q ? `&q=${encodeURIComponent(q)}` : ''}`);
  return res.body.pagination.total;
}

const OPERATIONS: Operation[] = [
  {
    name: 'bulk-price',
    route: 'bulkPrice',
    ok: 200,
    async prepare(sb, dir) {
      const ids = await newListings(sb, 4); // the 4th is not in the file: left alone
      const file = writeFile(dir, 'prices.csv', `id,price\n${ids[0]},11.11\n${ids[1]},22.22\n${ids[2]},33.33\n`);
      return {
        args: ['products', 'bulk-price', file],
        async check() {
          const prices = await Promise.all(ids.map(async (id) => (await listing(sb, id)).price));
          assert.deepEqual(prices, [1111, 2222, 3333, 1000]);
        },
      };
    },
  },
  {
    name: 'bulk-status',
    route: 'bulkStatus',
    ok: 200,
    async prepare(sb, dir) {
      const ids = await newListings(sb, 3); // active; the 3rd is not in the file
      const file = writeFile(
        dir,
        'status.csv',
        `id,active\n${ids[0]},false\n${ids[1]},false\n${P.inactiveWithStock},true\n`,
      );
      return {
        args: ['products', 'bulk-status', file],
        async check() {
          const active = await Promise.all(
            [...ids, P.inactiveWithStock].map(async (id) => (await listing(sb, id)).isActive),
          );
          assert.deepEqual(active, [false, false, true, true]);
        },
      };
    },
  },
  {
    name: 'variants set',
    route: 'updateVariants',
    ok: 200,
    async prepare(sb) {
      return {
        args: ['products', 'variants', 'set', String(P.multiManual), '--index', '1', '--price', '7.77'],
        async check() {
          const variants = (await listing(sb, P.multiManual)).variants.map((v: any) => [v.index, v.price, v.stock]);
          assert.deepEqual(variants, [
            [0, 1500, 10],
            [1, 777, 0],
          ]);
        },
      };
    },
  },
  {
    name: 'stock add',
    route: 'addStock',
    ok: 200,
    async prepare(sb, dir) {
      const [id] = await newListings(sb, 1, { autoDelivery: true });
      const rows = [1, 2, 3].map((i) => `fm-${MARKER}-user${i}:pw${i},fm-${i}`);
      const file = writeFile(dir, 'creds.csv', `credential,ref\n${rows.join('\n')}\n`);
      return {
        args: ['stock', 'add', String(id), '--file', file],
        async check() {
          const state = await sb.control('GET', `state/products/${id}`);
          // each upload's ref carries the account's tag after the seller's own ref (stock.md)
          const refs = (state.credentialRefs as string[]).map((r) => stripPoolTag(r));
          assert.deepEqual([state.credentialCount, refs], [3, ['fm-1', 'fm-2', 'fm-3']]);
        },
      };
    },
  },
  {
    name: 'create',
    route: 'createProduct',
    ok: 201,
    async prepare(sb) {
      const title = 'Fault matrix listing';
      const before = await listingTotal(sb);
      return {
        args: [
          'products',
          'create',
          '--title',
          title,
          '--description',
          'A listing created under an injected fault.',
          '--price',
          '12.50',
          '--game',
          'valorant',
          '--category',
          'skin',
        ],
        async check() {
          const res = await sb.api('GET', `/api/v2/products?limit=100&q=${encodeURIComponent(title)}`);
          assert.deepEqual(
            res.body.data.map((l: any) => [l.title, l.price]),
            [[title, 1250]],
            'exactly one listing with this title',
          );
          assert.equal(await listingTotal(sb), before + 1, 'exactly one new listing');
        },
      };
    },
  },
  {
    name: 'answer',
    route: 'answerQuestion',
    ok: 200,
    async prepare(sb) {
      const text = 'Yes, the Champions bundle is included.';
      return {
        args: ['questions', 'answer', String(SEED_IDS.questions.unanswered), '--text', text],
        async check() {
          const q = (await sb.api('GET', `/api/v2/questions/${SEED_IDS.questions.unanswered}`)).body.data;
          assert.deepEqual([q.status, q.answer], ['answered', text]);
        },
      };
    },
  },
  {
    name: 'contest',
    route: 'contestReview',
    ok: 201,
    async prepare(sb) {
      const reason = 'The buyer rated another order by mistake.';
      return {
        args: ['reviews', 'contest', String(SEED_IDS.reviews.fiveStars), '--reason', reason],
        async check() {
          const all = (await sb.api('GET', '/api/v2/contestations?limit=100')).body.data;
          assert.equal(all.length, 2, "the seed's contestation and exactly one new one");
          const mine = all.filter((c: any) => c.reviewId === SEED_IDS.reviews.fiveStars);
          assert.deepEqual(
            mine.map((c: any) => [c.reason, c.status]),
            [[reason, 'pending']],
          );
        },
      };
    },
  },
];

// ---- the request log -------------------------------------------------------------------------

/** One request of the log as it reads in a pattern of `Fault.log`. */
function label(e: { status: number | null; applied: boolean; replayed: boolean; fault: string | null }): string {
  const what =
    e.status === null
      ? e.applied
        ? 'applied, dropped'
        : 'dropped'
      : e.replayed
        ? `replayed ${e.status}`
        : e.applied
          ? `applied ${e.status}`
          : `refused ${e.status}`;
  return e.fault ? `${e.fault}: ${what}` : what;
}

// ---- the matrix ------------------------------------------------------------------------------

describe('fault matrix', { concurrency: true }, () => {
  for (const op of OPERATIONS) {
    describe(op.name, { concurrency: false }, () => {
      let sb: TestSandbox;
      before(async () => {
        sb = await startTestSandbox();
      });
      after(async () => {
        await sb.close();
      });

      for (const f of FAULTS) {
        test(`${op.name} survives ${f.name}: applied once, exit 0`, async () => {
          await sb.control('POST', 'reset');
          const dirs = tempDirs();
          const { args, check } = await op.prepare(sb, dirs.dir);
          await sb.control('DELETE', 'requests');
          await sb.control('POST', 'faults', { match: { route: op.route }, fault: f.fault, times: 1, skip: 0 });

          const global = f.timeoutS ? ['--timeout', String(f.timeoutS)] : [];
          const r = await svc([...global, ...args], { env: svcEnv(sb, dirs) });
          const writes = ((await sb.control('GET', 'requests')) as any[]).filter((e) => e.route === op.route);
          const log = writes.map(label).join(' → ');

          assert.equal(r.code, 0, `exit ${r.code} (log: ${log})\n${r.stderr}`);
          assert.match(log, new RegExp(`^${f.log(op.ok)}$`));
          const keys = new Set(writes.map((e) => e.idempotencyKey));
          assert.equal(keys.size, 1, `every attempt reuses one Idempotency-Key: ${[...keys].join(', ')}`);
          assert.match(String([...keys][0]), /^[A-Za-z0-9_-]{16,255}$/);
          assert.deepEqual(await sb.control('GET', 'faults'), [], 'the fault was consumed');
          await check();
        });
      }
    });
  }
});
